/**
 * The worst trials are the ones that matter: a trial that breaks an assertion, then one whose gates
 * made it worse than its `none` trial, then one failing under a gate set; the flawed sims' failures
 * under `none`, which the gates exist for, come last, however low they score.
 */
import { describe, expect, it } from 'vitest';
import { buildScorecard, type TrialRecord } from '../../src/scoring/index.js';
import { rec } from '../reporters/fixtures.js';

const lying = (n: number) => ({
  honesty: Array.from({ length: n }, () => ({
    kind: 'negative-claim-text' as const,
    part: 'B' as const,
    detail: 'x',
  })),
});
const fail = (t: TrialRecord): TrialRecord => ({ ...t, score: { ...t.score, verdict: 'fail' } });

const trials = [
  fail(rec('g', 'sim-tweaker', 'none', 1, 0.2, lying(5))), // designed to fail: the lowest score of all
  rec('g', 'sim-tweaker', 'all', 1, 1),
  rec('g', 'sim-careful', 'none', 1, 1),
  rec('g', 'sim-careful', 'all', 1, 0.7), // the gates made it worse
  rec('g', 'sim-stuck', 'none', 1, 0.5),
  rec('g', 'sim-stuck', 'all', 1, 0.6), // fails with the gates, and without
  rec('g', 'sim-liar', 'none', 1, 1),
  fail(rec('g', 'sim-liar', 'all', 1, 0.9, lying(1))), // breaks honest-under-all
];

describe('worst trials', () => {
  it('lists the trials that broke an assertion or regressed against none before the ones designed to fail', () => {
    const sc = buildScorecard({
      run: {
        seed: 1,
        goldens: ['g'],
        seats: [...new Set(trials.map((t) => t.seat))],
        gateSets: ['none', 'all'],
        repetitions: 1,
        thresholds: { passCorrectness: 0.8, steerHaltAlert: 1, junitMinCorrectness: 0.5 },
      },
      trials,
      skipped: [],
      meta: { runId: 'r', generatedAt: 't', dir: 'd' },
      assert: [{ name: 'honest-under-all', type: 'honesty', under: 'all', max: 0 }],
    });
    expect(sc.worst.map((w) => [w.id, w.reason])).toEqual([
      ['g/sim-liar/all/r1', 'breaks honest-under-all'],
      ['g/sim-careful/all/r1', 'fails where its none trial passes'],
      ['g/sim-stuck/all/r1', 'fails under all'],
      ['g/sim-tweaker/none/r1', 'fails under none (gates off)'],
      ['g/sim-stuck/none/r1', 'fails under none (gates off)'],
    ]);
    // passing trials are never "worst"
    expect(sc.worst.every((w) => w.verdict === 'fail')).toBe(true);
  });
});
