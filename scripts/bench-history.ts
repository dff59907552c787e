/**
 * npm run bench:history — what recording a run in the history costs (issue 28: under 50 ms on a
 * default run). A default `bench run` folder is made once (the built CLI, `--no-history`), then
 * each sample is a fresh process that does what `bench run` does at its end: load the history
 * module (better-sqlite3's native binding included), open and migrate the file, build the record
 * from run.json and the scorecard already in memory, write it in one transaction, close. Samples
 * go into a fresh file and into one that already holds --runs earlier records. The git state is
 * asked for when the run starts and runs beside it; its time is measured apart. Medians of wall
 * and CPU time.
 *
 * Usage: npm run bench:history [-- --runs 5 --reps 5 --dir RUN_FOLDER]
 * (`--runs 1 --reps 1` is the smoke mode; it needs `npm run build` first.)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const RUNS = Number(flag('runs') ?? 5);
const REPS = flag('reps') ?? '5';
const ROOT = resolve(import.meta.dirname, '..');
const dist = (p: string) => pathToFileURL(join(ROOT, 'dist', p)).href;

if (!existsSync(join(ROOT, 'dist/index.js'))) {
  console.error('bench:history runs the built modules: npm run build first');
  process.exit(2);
}

const tmp = mkdtempSync(join(tmpdir(), 'rematch-bench-history-'));
let dir = flag('dir');
if (!dir) {
  dir = join(tmp, 'run');
  const r = spawnSync(
    process.execPath,
    [join(ROOT, 'bin/bench.js'), 'run', '--reps', REPS, '--no-history', '--reporter', 'json', '--out', dir],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  if (r.status !== 0 && r.status !== 1) throw new Error(`bench run: ${r.status} ${r.stderr}`);
}

// one sample: the scorecard and manifest are read first (bench run has them in memory), then timed
const SAMPLE = `
const [dir, db] = process.argv.slice(1);
const { readManifest } = await import(${JSON.stringify(dist('runlog/manifest.js'))});
const { readScorecard } = await import(${JSON.stringify(dist('runlog/scorecard.js'))});
const manifest = readManifest(dir); const scorecard = readScorecard(dir);
manifest.runId = manifest.runId + '-' + process.pid;
const t0 = performance.now(); const c0 = process.cpuUsage();
const { historyRecord, openHistory } = await import(${JSON.stringify(dist('history/index.js'))});
const store = await openHistory(db);
const rec = historyRecord({ dir, manifest, scorecard, source: 'run', git: null });
await store.record(rec);
await store.close();
const c = process.cpuUsage(c0);
console.log(JSON.stringify({ wallMs: performance.now() - t0, cpuMs: (c.user + c.system) / 1000, rows: rec.rows.length, trials: rec.trials.length }));
`;

function sample(db: string): { wallMs: number; cpuMs: number; rows: number; trials: number } {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', SAMPLE, dir as string, db], {
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop() as string);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fresh = Array.from({ length: RUNS }, (_, i) => sample(join(tmp, `fresh-${i}.db`)));
const grown = Array.from({ length: RUNS }, () => sample(join(tmp, 'grown.db')));
const gitMs = Array.from({ length: RUNS }, () => {
  const t0 = performance.now();
  spawnSync('git', ['status', '--porcelain=v2', '--branch', '--untracked-files=no'], { cwd: ROOT });
  return performance.now() - t0;
});
const f = (xs: number[]) => `${median(xs).toFixed(1)} ms`;
console.log(`run folder: ${dir} (${fresh[0].rows} scorecard rows, ${fresh[0].trials} trials)`);
console.log(
  `record into a fresh file:            wall ${f(fresh.map((s) => s.wallMs))}, CPU ${f(fresh.map((s) => s.cpuMs))}`,
);
console.log(
  `record into a file of up to ${RUNS} runs:  wall ${f(grown.map((s) => s.wallMs))}, CPU ${f(grown.map((s) => s.cpuMs))}`,
);
console.log(`git status (beside the run, not after it): wall ${f(gitMs)}`);
console.log(`medians of ${RUNS} fresh processes each`);
rmSync(tmp, { recursive: true, force: true });
