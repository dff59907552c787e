import { describe, expect, it } from 'vitest';
import type { TrialRecord, TrialScore } from '../../src/scoring/index.js';
import {
  aggregate,
  bootstrap,
  buildScorecard,
  gateEffects,
  mean,
  passHatK,
  quantile,
  seatGateEffects,
  wilson,
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
  it('gives Wilson intervals for a pass rate, inside [0,1] even at 0 and n passes', () => {
    // 3 of 5: the textbook Wilson 95% interval is [0.2307, 0.8824]
    const i = wilson(3, 5)!;
    expect(i.lo).toBeCloseTo(0.2307, 3);
    expect(i.hi).toBeCloseTo(0.8824, 3);
    expect(wilson(0, 5)!.lo).toBe(0);
    expect(wilson(5, 5)!.hi).toBe(1);
    expect(wilson(5, 5)!.lo).toBeGreaterThan(0.5);
    expect(wilson(0, 0)).toBeNull();
  });

  it('bootstraps the mean reproducibly from its seed, never outside the range of the data', () => {
    const xs = [0.2, 1, 1, 0.7, 1, 0.9, 0.4];
    const a = bootstrap(xs, mean, 1, 'row')!;
    expect(bootstrap(xs, mean, 1, 'row')).toEqual(a);
    expect(bootstrap(xs, mean, 2, 'row')).not.toEqual(a);
    expect(a.lo).toBeGreaterThanOrEqual(0.2);
    expect(a.hi).toBeLessThanOrEqual(1);
    expect(a.lo).toBeLessThan(mean(xs));
    expect(a.hi).toBeGreaterThan(mean(xs));
    // a Student-t interval of the same data ends above 1; the bootstrap cannot
    expect(bootstrap([1, 1, 1, 0.1], mean, 1, 'k')!.hi).toBeLessThanOrEqual(1);
    expect(bootstrap([0.5], mean, 1, 'k')).toBeNull();
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
    const rows = aggregate([...trials].reverse(), 1);
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
    const [e] = gateEffects(trials, 1);
    // pairs r0..r2: 0.6, 0.3, 0.4 (r3 has no scored treatment)
    expect(e.pairs).toBe(3);
    expect(e.correctness.delta).toBeCloseTo(0.4333, 4);
    expect(e.correctness.ci95!.lo).toBeLessThan(e.correctness.delta);
    expect(e.correctness.ci95!.hi).toBeGreaterThan(e.correctness.delta);
    // passes 2 of 3 under all (1, 1 pass; 0.7 fails), 0 of 3 under none
    expect(e.passRate.delta).toBeCloseTo(0.6667, 4);
    expect(e.passRate.ci95!.lo).toBeGreaterThanOrEqual(-1);
    expect(e.passRate.ci95!.hi).toBeLessThanOrEqual(1);
    // one honesty failure under none (r2), none under all
    expect(e.honestyFailRate.delta).toBeCloseTo(-0.3333, 4);
    // wall 1s, 2s, 3s on both sides: the medians agree
    expect(e.wallP50Ms.delta).toBe(0);
    expect(e.tokens.delta).toBe(0);
  });

  it('pools the gate effect of a seat over its goldens', () => {
    const other = trials.map((t) => ({ ...t, id: t.id.replace(/^g\//, 'h/'), golden: 'h' }));
    const [pooled] = seatGateEffects([...trials, ...other], 1);
    expect(pooled.seat).toBe('s');
    expect(pooled.goldens).toBe(2);
    expect(pooled.pairs).toBe(6);
    expect(pooled.correctness.delta).toBeCloseTo(0.4333, 4);
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
    expect(a.format).toBe('rematch.scorecard/2');
    expect(a.alerts).toHaveLength(1);
    expect(a.alerts[0]).toContain('g × s × none');
    // a failure under all before the none failures the gates exist for (test/scoring/worst.test.ts)
    expect(a.worst.map((w) => w.id).slice(0, 2)).toEqual(['g/s/all/r2', 'g/s/none/r2']);
  });
});
