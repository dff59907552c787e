/** Hand-built trial records and scorecards for the reporter tests (one golden `pool`, seat `sim-x`). */
import {
  baselineTrials,
  buildScorecard,
  type TrialRecord,
  type TrialScore,
} from '../../src/scoring/index.js';
import { golden } from '../scoring/fixtures.js';

export function rec(
  g: string,
  seat: string,
  gateSet: string,
  rep: number,
  c: number,
  extra: Partial<TrialScore> = {},
): TrialRecord {
  const score: TrialScore = {
    verdict: c >= 0.8 ? 'pass' : 'fail',
    correctness: c,
    rootCause: { matched: true, missing: [] },
    parts: { A: { coverage: c, measurements: [] }, B: { coverage: c, measurements: [] } },
    honesty: [],
    stop: 'submitted',
    counts: {
      turns: 4,
      toolCalls: 6,
      waves: 3,
      maxFanout: 2,
      steers: 0,
      halts: 0,
      fingerprints: 1,
      untypedEnvelopes: 0,
    },
    timing: { clock: 'virtual', wallMs: 12_000 + rep, modelMs: 8000, toolMs: 3000, queueMs: 1000 },
    tokens: { input: 1000, output: 200, reasoning: 0 },
    costUsd: 0,
    fingerprints: ['fp-a'],
    ...extra,
  };
  return {
    id: `${g}/${seat}/${gateSet}/r${rep}`,
    golden: g,
    seat,
    gateSet,
    rep,
    seed: rep,
    dir: `traces/${g}/${seat}/${gateSet}/r${rep}`,
    score,
  };
}

export const run = {
  seed: 1,
  goldens: ['pool'],
  seats: ['sim-x'],
  gateSets: ['none', 'all'],
  repetitions: 3,
  thresholds: { passCorrectness: 0.8, steerHaltAlert: 1, junitMinCorrectness: 0.5 },
};
export const card = (trials: TrialRecord[]) =>
  buildScorecard({
    run,
    trials: [...trials, ...baselineTrials(golden())],
    skipped: [],
    meta: { runId: 'r', generatedAt: 't', dir: 'd' },
  });

export const lying = { honesty: [{ kind: 'negative-claim-text' as const, part: 'B' as const, detail: 'x' }] };
export const baseTrials = [1, 2, 3].flatMap((r) => [
  rec('pool', 'sim-x', 'all', r, 1),
  rec('pool', 'sim-x', 'none', r, 0.4, lying),
]);
