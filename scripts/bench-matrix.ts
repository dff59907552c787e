/**
 * npm run bench:matrix — the default matrix as a user runs it (`bench run`, the built CLI, a fresh
 * process each time), at 1, 5 and 20 repetitions: wall time, CPU time, peak RSS, trials per second,
 * and the sizes of what it wrote (report.html, its timelines in report/, the whole run folder).
 * Each figure is the median of --runs runs (default 3). Then the cold start: the CPU of `bench
 * --help`, `bench list seats` and `bench list goldens` (target: under 0.1 s for --help). The same
 * figures for every change make the performance targets of issue 27 checkable.
 *
 * Usage: npm run bench:matrix [-- --reps 1,5,20 --runs 3 --keep]
 * (`--reps 1 --runs 1` is the smoke mode .ci/run uses; it needs `npm run build` first.)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const REPS = (flag('reps') ?? '1,5,20').split(',').map(Number);
const RUNS = Number(flag('runs') ?? 3);
const KEEP = args.includes('--keep');
const ROOT = resolve(import.meta.dirname, '..');
const BENCH = join(ROOT, 'bin/bench.js');
const PRELOAD = join(ROOT, 'scripts/usage-preload.mjs');

if (!existsSync(join(ROOT, 'dist/index.js'))) {
  console.error('bench:matrix runs the built CLI: npm run build first');
  process.exit(2);
}

/** Bytes under a path (files only). */
function sizeOf(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.size;
  return readdirSync(p).reduce((s, n) => s + sizeOf(join(p, n)), 0);
}

interface Sample {
  wallMs: number;
  cpuMs: number;
  rssMb: number;
  trials: number;
  htmlMb: number;
  timelinesMb: number;
  folderMb: number;
}

/**
 * Run folders are removed once every sample is taken, not after each: deleting thousands of files
 * leaves the file system work to do (freeing inodes and blocks, writing back) that otherwise lands
 * in the next sample (its system time doubled). Each sample starts after a `sync` for the same reason.
 */
const made: string[] = [];
process.on('exit', () => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

function once(reps: number): Sample {
  spawnSync('sync');
  const tmp = mkdtempSync(join(tmpdir(), 'rematch-matrix-'));
  made.push(tmp);
  const out = join(tmp, 'run');
  const usage = join(tmp, 'usage.json');
  const t0 = performance.now();
  const r = spawnSync(
    process.execPath,
    ['--import', PRELOAD, BENCH, 'run', '--reps', String(reps), '--out', out],
    { cwd: ROOT, env: { ...process.env, REMATCH_USAGE_FILE: usage, NO_COLOR: '1' }, encoding: 'utf8' },
  );
  const wallMs = performance.now() - t0;
  // exit 1 is the config's own verdict (an assertion); the figures stand either way
  if (r.status !== 0 && r.status !== 1) {
    console.error(r.stderr.slice(-2000));
    throw new Error(`bench run --reps ${reps} exited ${r.status}`);
  }
  const u = JSON.parse(readFileSync(usage, 'utf8'));
  const sc = JSON.parse(readFileSync(join(out, 'scorecard.json'), 'utf8'));
  const mb = (b: number) => b / 1024 / 1024;
  const s: Sample = {
    wallMs,
    cpuMs: (u.userUs + u.systemUs) / 1000,
    rssMb: u.maxRssKb / 1024,
    trials: sc.trials.length,
    htmlMb: mb(sizeOf(join(out, 'report.html'))),
    timelinesMb: mb(sizeOf(join(out, 'report'))),
    folderMb: mb(sizeOf(out)),
  };
  if (KEEP) {
    console.log(`  kept ${out}`);
    made.pop();
  }
  return s;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(
  `node ${process.version}, ${RUNS} run(s) per row, medians; the default matrix (bench.config.yaml)`,
);
console.log(
  '| reps | trials | wall s | CPU s | peak RSS MiB | trials/s | report.html MB | timelines MB | run folder MB |',
);
console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
const rows: Sample[] = [];
for (const reps of REPS) {
  const xs = Array.from({ length: RUNS }, () => once(reps));
  const m = (k: keyof Sample) => median(xs.map((x) => x[k]));
  const row: Sample = {
    wallMs: m('wallMs'),
    cpuMs: m('cpuMs'),
    rssMb: m('rssMb'),
    trials: m('trials'),
    htmlMb: m('htmlMb'),
    timelinesMb: m('timelinesMb'),
    folderMb: m('folderMb'),
  };
  rows.push(row);
  console.log(
    `| ${reps} | ${row.trials} | ${(row.wallMs / 1000).toFixed(2)} | ${(row.cpuMs / 1000).toFixed(2)} | ${row.rssMb.toFixed(0)} | ${(row.trials / (row.wallMs / 1000)).toFixed(0)} | ${row.htmlMb.toFixed(2)} | ${row.timelinesMb.toFixed(1)} | ${row.folderMb.toFixed(1)} |`,
  );
}
if (rows.length > 1) {
  const [a, b] = [rows[0], rows[rows.length - 1]];
  console.log(
    `ratios last/first row: trials ×${(b.trials / a.trials).toFixed(1)}, wall ×${(b.wallMs / a.wallMs).toFixed(2)}, peak RSS ×${(b.rssMb / a.rssMb).toFixed(2)}, report.html ×${(b.htmlMb / a.htmlMb).toFixed(2)}`,
  );
}

/** CPU seconds of one short command of the built CLI (the preload's rusage at exit). */
function coldCpu(argv: string[]): number {
  const tmp = mkdtempSync(join(tmpdir(), 'rematch-cold-'));
  const usage = join(tmp, 'usage.json');
  try {
    const r = spawnSync(process.execPath, ['--import', PRELOAD, BENCH, ...argv], {
      cwd: ROOT,
      env: { ...process.env, REMATCH_USAGE_FILE: usage, NO_COLOR: '1' },
      encoding: 'utf8',
    });
    if (r.status !== 0)
      throw new Error(`bench ${argv.join(' ')} exited ${r.status}: ${r.stderr.slice(-500)}`);
    const u = JSON.parse(readFileSync(usage, 'utf8'));
    return (u.userUs + u.systemUs) / 1e6;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

console.log('\ncold start (CPU s, median; target for --help: under 0.1):');
const bare = median(Array.from({ length: Math.max(RUNS, 3) }, () => coldCpu(['--version'])));
for (const argv of [['--help'], ['list', 'seats'], ['list', 'goldens']]) {
  const cpu = median(Array.from({ length: Math.max(RUNS, 3) }, () => coldCpu(argv)));
  console.log(
    `  bench ${argv.join(' ').padEnd(13)} ${cpu.toFixed(3)} s (×${(cpu / bare).toFixed(2)} of bench --version)`,
  );
}
