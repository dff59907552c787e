/** Scorecards for the bench diff tests: one golden, seats and gate sets as each test needs them. */
import {
  baselineTrials,
  buildScorecard,
  type Scorecard,
  type TrialRecord,
  type TrialScore,
} from '../../src/scoring/index.js';
import { golden } from '../scoring/fixtures.js';
import { rec } from './fixtures.js';

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

/** One trial of golden `pool` (the reporter tests' builder), 10 s of wall time, passing by the scorer's rule. */
export function trial({ seat = 'sim-x', gateSet, rep, correctness: c, score = {} }: TrialSpec): TrialRecord {
  const verdict = c >= 0.8 && !score.honesty?.length ? 'pass' : 'fail';
  const timing = { clock: 'virtual' as const, wallMs: 10_000, modelMs: 6000, toolMs: 3000, queueMs: 1000 };
  return rec('pool', seat, gateSet, rep, c, { verdict, timing, ...score });
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
