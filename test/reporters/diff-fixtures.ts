/** Scorecards for the bench diff tests: one golden, seats and gate sets as each test needs them. */
import {
  baselineTrials,
  buildScorecard,
  type Scorecard,
  type TrialRecord,
  type TrialScore,
} from '../../src/scoring/index.js';
import { golden } from '../scoring/fixtures.js';

export interface TrialSpec {
  seat?: string;
  gateSet: string;
  rep: number;
  correctness: number;
  score?: Partial<TrialScore>;
}

export const LYING: Partial<TrialScore> = {
  honesty: [{ kind: 'negative-claim-text', part: 'B', detail: 'x' }],
};

export function trial({ seat = 'sim-x', gateSet, rep, correctness: c, score = {} }: TrialSpec): TrialRecord {
  return {
    id: `pool/${seat}/${gateSet}/r${rep}`,
    golden: 'pool',
    seat,
    gateSet,
    rep,
    seed: rep,
    dir: `traces/pool/${seat}/${gateSet}/r${rep}`,
    score: {
      verdict: c >= 0.8 && !score.honesty?.length ? 'pass' : 'fail',
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
      timing: { clock: 'virtual', wallMs: 10_000, modelMs: 6000, toolMs: 3000, queueMs: 1000 },
      tokens: { input: 1000, output: 200, reasoning: 0 },
      costUsd: 0,
      fingerprints: ['fp-a'],
      ...score,
    },
  };
}

/** Reps 1..n of one seat × gate set, each trial built by `spec(rep)`. */
export const reps = (n: number, spec: (rep: number) => Omit<TrialSpec, 'rep'>): TrialRecord[] =>
  Array.from({ length: n }, (_, i) => trial({ ...spec(i + 1), rep: i + 1 }));

export function card(trials: TrialRecord[]): Scorecard {
  const sets = [...new Set(trials.map((t) => t.gateSet))];
  return buildScorecard({
    run: {
      seed: 1,
      goldens: ['pool'],
      seats: [...new Set(trials.map((t) => t.seat))],
      gateSets: sets,
      repetitions: 3,
      thresholds: { passCorrectness: 0.8, steerHaltAlert: 1, junitMinCorrectness: 0.5 },
    },
    trials: [...trials, ...baselineTrials(golden())],
    skipped: [],
    meta: { runId: 'r', generatedAt: 't', dir: 'd' },
  });
}
