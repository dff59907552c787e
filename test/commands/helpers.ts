/** Shared by the run-folder tests: temp folders, output sinks, children, comparable scorecards. */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { planRun } from '../../src/index.js';
import { track } from '../children.js';
import { fakeRunTrial, inputs } from './fake.js';

export const ROOT = resolve(__dirname, '../..');
export const tmp = (): string => mkdtempSync(join(tmpdir(), 'rematch-run-'));

export const sink = () => {
  const chunks: string[] = [];
  return {
    write: (s: string) => {
      chunks.push(s);
      return true;
    },
    text: () => chunks.join(''),
  };
};

/**
 * scorecard.json without `meta` (run id, generation time, run folder): the only run-specific part;
 * rows, gate effects, alerts, skipped, worst and every trial record must be equal.
 */
export const comparable = (dir: string): unknown => {
  const sc = JSON.parse(readFileSync(join(dir, 'scorecard.json'), 'utf8'));
  delete sc.meta;
  return sc;
};

/** Complete journal lines (a torn tail has no newline yet). */
export const journalLines = (dir: string): number => {
  const f = join(dir, 'journal.jsonl');
  return existsSync(f) ? readFileSync(f, 'utf8').split('\n').length - 1 : 0;
};

export const leftovers = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tmp$|run\.lock/.test(f));

export async function until(ok: () => boolean, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 3));
  }
}

export interface Child {
  proc: ChildProcess;
  stderr: () => string;
  exit: Promise<number | null>;
}

/**
 * The fake matrix (test/commands/fake.ts, `reps` repetitions) as data for run-child.mjs: the inputs and
 * every planned trial's trace and Theory.
 */
export async function writeScenario(reps: number): Promise<string> {
  const scratch = tmp();
  const plan = planRun(inputs.config, inputs.goldens, inputs.seats, { reps });
  const outcomes: Record<string, { trace: unknown; theory: unknown }> = {};
  const run = fakeRunTrial();
  for (const spec of plan.trials) {
    const o = await run(spec, { dir: scratch });
    if (o.kind === 'done') outcomes[spec.id] = { trace: o.trace, theory: o.theory };
  }
  const file = join(scratch, 'scenario.json');
  writeFileSync(file, JSON.stringify({ inputs, outcomes, reps }));
  return file;
}

/** test/commands/run-child.mjs: the scenario through the built runBench in its own process. */
export function runChild(
  scenario: string,
  out: string,
  delayMs: number,
  mode: 'run' | 'resume',
  limit?: number,
  /** A file that holds every trial open while it exists (run-child.mjs: REMATCH_TEST_HOLD). */
  holdFile?: string,
): Child {
  if (!existsSync(join(ROOT, 'dist/commands/run/index.js'))) throw new Error('run `npm run build` first');
  const proc = track(
    spawn(
      process.execPath,
      [
        join(ROOT, 'test/commands/run-child.mjs'),
        scenario,
        out,
        String(delayMs),
        mode,
        ...(limit === undefined ? [] : [String(limit)]),
      ],
      {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: holdFile ? { ...process.env, REMATCH_TEST_HOLD: holdFile } : process.env,
      },
    ),
  );
  let err = '';
  proc.stderr!.on('data', (d) => {
    err += d;
  });
  const exit = new Promise<number | null>((r) => proc.on('close', (code) => r(code)));
  return { proc, stderr: () => err, exit };
}

/** The kill points and tear offsets are the same on every run of the test (the fuzzers' PRNG). */
export { mulberry32 as seeded } from '../fuzz/mutate.js';

/** The fake matrix run to the end in this process: the reference a resumed run must equal. */
export async function finishedRun(reps: number, out = tmp()): Promise<string> {
  const { runBench } = await import('../../src/index.js');
  await runBench({ inputs, out, reps, runTrial: fakeRunTrial(), stdout: sink(), stderr: sink(), tty: false });
  return out;
}

/** Keeps the first `n` lines of a run folder's journal, as if the run had been killed there. */
export function keepJournalLines(dir: string, n: number): void {
  const file = join(dir, 'journal.jsonl');
  const lines = readFileSync(file, 'utf8').split('\n').slice(0, n);
  writeFileSync(file, lines.map((l) => `${l}\n`).join(''));
}
