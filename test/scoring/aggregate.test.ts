import { describe, expect, it } from 'vitest';
import type { TrialRecord, TrialScore } from '../../src/scoring/index.js';
import {
  aggregate,
  buildScorecard,
  gateEffects,
  passHatK,
  quantile,
  tInterval,
} from '../../src/scoring/index.js';

function rec(
  gateSet: string,
  rep: number,
  correctness: number,
  extra: Partial<TrialScore> = {},
): TrialRecord {
  const score: TrialScore = {
    verdict: correctness >= 0.8 ? 'pass' : 'fail',
    correctness,
    rootCause: { matched: true, missing: [] },
    parts: { A: { coverage: correctness, measurements: [] }, B: { coverage: 1, measurements: [] } },
    honesty: [],
    stop: 'submitted',
    counts: {
      turns: 1,
      toolCalls: 2,
      waves: 1,
      maxFanout: 1,
      steers: 0,
      halts: 0,
      fingerprints: 0,
      untypedEnvelopes: 0,
    },
    timing: { clock: 'virtual', wallMs: 1000 * (rep + 1), modelMs: 0, toolMs: 0, queueMs: 0 },
    tokens: { input: 0, output: 0, reasoning: 0 },
    costUsd: 0,
    fingerprints: [],
    ...extra,
  };
  return { id: `g/s/${gateSet}/r${rep}`, golden: 'g', seat: 's', gateSet, rep, seed: rep, dir: '', score };
}

describe('statistics', () => {
  it('computes the Student-t 95% interval (n-1 df)', () => {
    // mean 2, sd 1, n 3: half-width 4.303 / sqrt(3)
    const i = tInterval([1, 2, 3])!;
    expect(i.lo).toBeCloseTo(2 - 4.303 / Math.sqrt(3), 6);
    expect(i.hi).toBeCloseTo(2 + 4.303 / Math.sqrt(3), 6);
    expect(tInterval([5])).toBeNull();
  });

  it('estimates pass^k as C(c,k)/C(n,k)', () => {
    expect(passHatK(3, 5)).toEqual([0.6, 0.3, 0.1, 0, 0]);
    expect(passHatK(5, 5)).toEqual([1, 1, 1, 1, 1]);
  });

  it('interpolates quantiles', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([10, 20, 30, 40, 50], 0.95)).toBeCloseTo(48);
  });
});

describe('aggregate', () => {
  const trials = [
    rec('all', 0, 1),
    rec('all', 1, 1),
    rec('all', 2, 0.7),
    rec('none', 0, 0.4),
    rec('none', 1, 0.7),
    rec('none', 2, 0.3, { honesty: [{ kind: 'negative-claim-text', part: 'B', detail: 'x' }] }),
    rec('none', 3, 0, { verdict: 'unscored' }),
  ];

  it('makes one row per golden × seat × gate set, excluding unscored trials from figures', () => {
    const rows = aggregate([...trials].reverse());
    expect(rows.map((r) => r.gateSet)).toEqual(['all', 'none']);
    const none = rows[1];
    expect(none.n).toBe(3);
    expect(none.unscored).toBe(1);
    expect(none.correctness.mean).toBeCloseTo(0.4667, 4);
    expect(none.honestyTrials).toBe(1);
    expect(rows[0].passRate).toBeCloseTo(0.6667, 4);
    expect(rows[0].passHatK).toEqual([0.6667, 0.3333, 0]);
    expect(rows[0].wall.p50).toBe(2000);
  });

  it('pairs all vs none by repetition for the gate effect', () => {
    const [e] = gateEffects(trials);
    // pairs r0..r2: 0.6, 0.3, 0.4 (r3 has no scored treatment)
    expect(e.pairs).toBe(3);
    expect(e.meanDiff).toBeCloseTo(0.4333, 4);
    expect(e.ci95!.lo).toBeLessThan(e.meanDiff);
    expect(e.ci95!.hi).toBeGreaterThan(e.meanDiff);
  });

  it('builds the same scorecard whatever order trials arrive in, and flags steer-then-halt rows', () => {
    const steered = rec('none', 4, 0.2);
    steered.score.counts.steers = 1;
    steered.score.counts.halts = 1;
    const input = (ts: TrialRecord[]) => ({
      run: {
        seed: 1,
        goldens: ['g'],
        seats: ['s'],
        gateSets: ['none', 'all'],
        repetitions: 5,
        thresholds: { passCorrectness: 0.8, steerHaltAlert: 1, junitMinCorrectness: 0.5 },
      },
      trials: ts,
      skipped: [],
      meta: { runId: 'x', generatedAt: 'now', dir: '.' },
    });
    const a = buildScorecard(input([...trials, steered]));
    const b = buildScorecard(input([steered, ...trials].reverse()));
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.format).toBe('rematch.scorecard/1');
    expect(a.alerts).toHaveLength(1);
    expect(a.alerts[0]).toContain('g × s × none');
    expect(a.worst[0].id).toBe('g/s/none/r2');
  });
});
