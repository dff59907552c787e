/**
 * Sim trials on worker threads (src/execute/pool.ts), through the built CLI: the scorecard is the
 * same whatever the number of workers (outside wall-time fields), a worker that dies leaves its
 * trial unscored (the bench's fault, never a zero) and the rest of the run scored, and a resume
 * with --retry-errors then gives the run a clean run gives.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bench } from '../formats/helpers.js';

const ROOT = resolve(import.meta.dirname, '../..');
const root = mkdtempSync(join(tmpdir(), 'rematch-workers-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// one golden, reps 2: 8 seats × 2 gate sets × 2 = 32 matrix trials and the ceiling, enough for 2 workers
const args = (out: string, workers: number): string[] => [
  'run',
  '--golden',
  'contended-backend',
  '--reps',
  '2',
  '--out',
  out,
  '--no-history',
  '--workers',
  String(workers),
];

/** scorecard.json without what differs between two runs of one plan: folder, ids, times. */
function comparable(dir: string): unknown {
  const drop = new Set(['meta', 'elapsedMs', 'generatedAt', 'runId', 'dir', 'wallMs']);
  const strip = (x: unknown): unknown =>
    Array.isArray(x)
      ? x.map(strip)
      : x && typeof x === 'object'
        ? Object.fromEntries(
            Object.entries(x)
              .filter(([k]) => !drop.has(k))
              .map(([k, v]) => [k, strip(v)]),
          )
        : x;
  return strip(JSON.parse(readFileSync(join(dir, 'scorecard.json'), 'utf8')));
}

const journal = (dir: string) =>
  readFileSync(join(dir, 'journal.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l).record as { id: string; score: { verdict: string; unscoredReason?: string } });

describe('bench run --workers', () => {
  it('gives the same scorecard on the main thread, one worker and two', () => {
    const dirs = [0, 1, 2].map((w) => {
      const out = join(root, `w${w}`);
      const r = bench(args(out, w), ROOT);
      expect(r.status, r.stderr).toBe(0);
      return out;
    });
    expect(journal(dirs[2])).toHaveLength(33);
    expect(comparable(dirs[1])).toEqual(comparable(dirs[0]));
    expect(comparable(dirs[2])).toEqual(comparable(dirs[0]));
  });

  it('a worker that dies leaves its trial unscored and the rest scored; --resume --retry-errors completes the run', () => {
    const clean = join(root, 'clean');
    expect(bench(args(clean, 2), ROOT).status).toBe(0);
    const victim = 'contended-backend/sim-tweaker-react/all/r2';
    const out = join(root, 'died');
    const r = bench(args(out, 2), ROOT, { REMATCH_TEST_WORKER_EXIT_AT: victim });
    const recs = journal(out);
    expect(recs).toHaveLength(33);
    const unscored = recs.filter((x) => x.score.verdict === 'unscored');
    // the victim, and whatever that worker had been sent ahead of it
    expect(unscored.map((x) => x.id)).toContain(victim);
    expect(unscored.length).toBeLessThanOrEqual(3);
    for (const x of unscored)
      expect(x.score.unscoredReason).toMatch(/bench error: trial worker exited with code 70/);
    // said in the summary (which counts the matrix's trials; a ceiling's row says its own); the
    // exit code is the config's assertions', as for any unscored trial
    const matrix = unscored.filter((x) => !x.id.includes('/ceiling/'));
    if (matrix.length) expect(r.stdout).toContain(`(${matrix.length} unscored)`);
    const again = bench(['run', '--resume', out, '--retry-errors', '--no-history'], ROOT);
    expect(again.status, again.stderr).toBe(0);
    expect(comparable(out)).toEqual(comparable(clean));
  });

  it('a trial whose work never settles on a worker is failed as stalled, and the run ends', () => {
    const victim = 'contended-backend/sim-diligent-react/none/r1';
    const out = join(root, 'stalled');
    const r = bench(args(out, 2), ROOT, { REMATCH_TEST_WORKER_STALL_AT: victim });
    expect(r.status, r.stderr).not.toBeNull();
    const recs = journal(out);
    expect(recs).toHaveLength(33);
    const stalled = recs.find((x) => x.id === victim)!;
    expect(stalled.score.verdict).toBe('unscored');
    expect(stalled.score.unscoredReason).toBe('bench error: trial stalled: its work never settled');
  });
});
