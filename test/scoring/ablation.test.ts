/**
 * The ablation's definitions on hand-made trial records: which contrast each marginal effect is,
 * the interaction as all-g-h − all-g − all-h + all over the same units, the pooled scope, units
 * dropped when a side is unscored or missing, and a plain run without an ablation key.
 */
import { describe, expect, it } from 'vitest';
import type { TrialRecord, TrialScore } from '../../src/scoring/index.js';
import { ablationOf, buildScorecard, contrastOf } from '../../src/scoring/index.js';

function rec(
  seat: string,
  gateSet: string,
  rep: number,
  correctness: number,
  over: Partial<TrialScore> = {},
): TrialRecord {
  const score: TrialScore = {
    verdict: correctness >= 0.8 ? 'pass' : 'fail',
    correctness,
    rootCause: { matched: true, missing: [] },
    parts: { A: { coverage: 1, measurements: [] }, B: { coverage: 1, measurements: [] } },
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
    timing: { clock: 'virtual', wallMs: 1000, modelMs: 0, toolMs: 0, queueMs: 0 },
    tokens: { input: 100, output: 0, reasoning: 0 },
    costUsd: 0,
    fingerprints: [],
    ...over,
  };
  return { id: `g/${seat}/${gateSet}/r${rep}`, golden: 'g', seat, gateSet, rep, seed: rep, dir: '', score };
}

/** Correctness per set, the same at every rep but for a small per-rep wobble (so intervals are finite). */
const C: Record<string, number> = {
  none: 0.5,
  all: 1,
  'all-ledger': 0.9,
  'all-budget-findings': 0.95,
  'all-ledger-budget-findings': 0.1,
  'only-ledger': 0.5,
  'only-loop-detector': 0.5,
  'all-ledger+loop-detector': 0.9,
};
function trials(seats = ['s1', 's2'], reps = 6): TrialRecord[] {
  return seats.flatMap((seat) =>
    Object.entries(C).flatMap(([set, c]) =>
      Array.from({ length: reps }, (_, i) => rec(seat, set, i + 1, Math.max(0, c - 0.01 * (i % 3)))),
    ),
  );
}

describe('ablationOf', () => {
  it('names each effect by its contrast, gate by gate: removal, a baseline in its place, alone', () => {
    const ab = ablationOf(trials(), 1)!;
    const pooled = ab.effects.filter((e) => e.seat === null);
    expect(pooled.map((e) => [e.gate, e.kind, e.treatment, e.control])).toEqual([
      ['ledger', 'removal', 'all', 'all-ledger'],
      ['loopDetector', 'instead', 'all-ledger+loop-detector', 'all-ledger'],
      ['ledger', 'alone', 'only-ledger', 'none'],
      ['budgetFindings', 'removal', 'all', 'all-budget-findings'],
      ['loopDetector', 'alone', 'only-loop-detector', 'none'],
    ]);
    const ledger = pooled[0];
    expect(ledger).toMatchObject({ goldens: 1, pairs: 12 });
    expect(ledger.correctness.delta).toBeCloseTo(0.1, 10);
    expect(ledger.tokens.delta).toBe(0);
    expect(ab.effects.filter((e) => e.seat === 's1')).toHaveLength(5);
    expect(ab.gates).toEqual(['ledger', 'budgetFindings', 'loopDetector']);
  });

  it('an interaction is all-g-h − all-g − all-h + all over units scored under all four', () => {
    const ts = trials();
    const ab = ablationOf(ts, 1)!;
    const i = ab.interactions.find((x) => x.seat === null)!;
    expect(i.gates).toEqual(['ledger', 'budgetFindings']);
    expect(i.sets).toEqual(['all-ledger-budget-findings', 'all-ledger', 'all-budget-findings', 'all']);
    // 0.1 − 0.9 − 0.95 + 1 = −0.75 (the per-rep wobble is the same in every set, so it cancels)
    expect(i.correctness.delta).toBeCloseTo(-0.75, 4);
    expect(i.significant).toContain('correctness');
    // pass: all-l-bf fails, the other three pass: 0 − 1 − 1 + 1 = −1
    expect(i.passRate.delta).toBe(-1);
    expect(i.units).toBe(12);
  });

  it('drops a unit with an unscored or missing side, and says so in its count', () => {
    const ts = trials(['s1'], 4).filter((t) => !(t.gateSet === 'all-ledger' && t.rep === 4));
    const unscored = ts.find((t) => t.gateSet === 'all' && t.rep === 3)!;
    unscored.score = { ...unscored.score, verdict: 'unscored' };
    const ab = ablationOf(ts, 1)!;
    expect(
      ab.effects.find((e) => e.seat === 's1' && e.kind === 'removal' && e.gate === 'ledger')?.pairs,
    ).toBe(2);
    // the pooled scope is there even for one seat (every report reads the same rows)
    expect(ab.effects.some((e) => e.seat === null)).toBe(true);
  });

  it('is absent for a plain none/all run, and the scorecard then has no ablation key', () => {
    const ts = trials().filter((t) => t.gateSet === 'all' || t.gateSet === 'none');
    expect(ablationOf(ts, 1)).toBeUndefined();
    const sc = buildScorecard({
      run: {
        seed: 1,
        goldens: ['g'],
        seats: ['s1', 's2'],
        gateSets: ['none', 'all'],
        repetitions: 6,
        thresholds: { passCorrectness: 0.8, steerHaltAlert: 1, junitMinCorrectness: 0.5 },
      },
      trials: ts,
      skipped: [],
      meta: { runId: 'x', generatedAt: 't', dir: 'd' },
    });
    expect('ablation' in sc).toBe(false);
    expect('contrasts' in sc).toBe(false);
  });

  it('contrastOf: any two sets, per seat and pooled', () => {
    const c = contrastOf(trials(), 1, 'all-ledger', 'all-ledger+loop-detector');
    expect(c.seats.map((s) => [s.seat, s.pairs])).toEqual([
      ['s1', 6],
      ['s2', 6],
      [null, 12],
    ]);
    expect(c.seats[2].correctness).toEqual({ delta: 0, ci95: { lo: 0, hi: 0 } });
  });
});
