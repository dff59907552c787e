/**
 * Nothing lost: `bench run` (the built runBench in a child, run-child.mjs) killed with SIGKILL at 24 seeded points,
 * 6 in each of 4 chains (a run, then resumes that are killed in their turn); after every other
 * kill the journal's last line is also cut at a seeded byte offset, as a kill mid-append would
 * leave it. Each chain ends with one uninterrupted resume, whose scorecard must equal the
 * uninterrupted run's outside `meta` (run id, generation time, folder).
 */
import { existsSync, readFileSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runBench } from '../../src/index.js';
import { fakeRunTrial, inputs } from './fake.js';
import {
  comparable,
  journalLines,
  leftovers,
  runChild,
  seeded,
  sink,
  tmp,
  until,
  writeScenario,
} from './helpers.js';

const TRIALS = 32;
const KILLS = 6;
let clean = '';
let scenario = '';

beforeAll(async () => {
  scenario = await writeScenario(4);
  clean = tmp();
  const quiet = { stdout: sink(), stderr: sink(), tty: false };
  await runBench({ inputs, out: clean, runTrial: fakeRunTrial(), reps: 4, ...quiet });
});

/** Cuts the last whole line to its first `keep(len)` bytes (never its newline); returns the cut. */
function tear(dir: string, keep: (len: number) => number): string {
  const file = join(dir, 'journal.jsonl');
  const buf = readFileSync(file);
  if (buf[buf.length - 1] !== 10) return 'torn by the kill itself';
  const start = buf.lastIndexOf(10, buf.length - 2) + 1;
  const len = buf.length - 1 - start;
  const k = Math.max(1, Math.min(len, keep(len)));
  truncateSync(file, start + k);
  return `cut at byte ${k} of ${len}`;
}

async function chain(n: number): Promise<{ dir: string; log: string[] }> {
  const rand = seeded(1000 + n);
  const dir = join(tmp(), 'run');
  const log: string[] = [];
  let target = Math.floor(rand() * 4);
  let prev: { pid: number; torn: boolean } | null = null;
  for (let k = 0; k < KILLS; k++) {
    const start = journalLines(dir);
    // a resume must get past repairing the journal before it is killed: one line more than it found
    const at = Math.max(target, k === 0 ? 0 : start + 1);
    // enough trials to reach the kill point, never all of them: the run cannot finish first
    const child = runChild(
      scenario,
      dir,
      20,
      k === 0 ? 'run' : 'resume',
      at - start + 1 + Math.floor(rand() * 2),
    );
    await until(() => existsSync(join(dir, 'run.json')) && journalLines(dir) >= at, `chain ${n} kill ${k}`);
    child.proc.kill('SIGKILL');
    await child.exit;
    if (prev) {
      expect(child.stderr()).toContain(`taking over the stale lock of run folder ${dir}: pid ${prev.pid}`);
      if (prev.torn) expect(child.stderr()).toMatch(/torn last record .* removed: its trial runs again/);
    }
    expect(existsSync(join(dir, 'scorecard.json'))).toBe(false);
    const torn = k % 2 === 1;
    const first = n === 0 ? (len: number) => len : () => 1; // only the newline lost; one byte kept
    const how = torn ? tear(dir, k === 1 && n < 2 ? first : (len) => 1 + Math.floor(rand() * len)) : '';
    log.push(`kill ${k} at ${journalLines(dir)} lines ${how}`);
    prev = { pid: child.proc.pid!, torn };
    target += 1 + Math.floor(rand() * 3);
  }
  const stderr = sink();
  const r = await runBench({
    inputs,
    resume: dir,
    runTrial: fakeRunTrial(),
    stdout: sink(),
    stderr,
    tty: false,
  });
  expect(stderr.text()).toContain(`taking over the stale lock of run folder ${dir}: pid ${prev!.pid}`);
  expect(r.scorecard!.trials.filter((t) => !t.seat.startsWith('baseline/'))).toHaveLength(TRIALS);
  return { dir, log };
}

describe('kill -9 at seeded points, then resume', () => {
  it('every resumed run ends with the uninterrupted scorecard, a whole journal and nothing left behind', async () => {
    const chains = await Promise.all([0, 1, 2, 3].map(chain));
    for (const { dir, log } of chains) {
      expect(comparable(dir), log.join('\n')).toEqual(comparable(clean));
      const lines = readFileSync(join(dir, 'journal.jsonl'), 'utf8').split('\n');
      expect(lines.pop()).toBe('');
      expect(new Set(lines.map((l) => JSON.parse(l).id)).size).toBe(TRIALS);
      expect(lines).toHaveLength(TRIALS);
      expect(leftovers(dir)).toEqual([]);
    }
  }, 60_000);
});
