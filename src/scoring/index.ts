/** Scoring: pure judgement of trials and their aggregates (DESIGN §11). Depends on spec only. */
export { aggregate, gateEffects, rowKey } from './aggregate.js';
export { alertOnlyTheory, BASELINE_SEATS, baselineTrials, constantTheory, emptyTrace } from './baselines.js';
export { DEFAULT_PASS_CORRECTNESS, DEFAULT_WEIGHTS, scoreTrial } from './score-trial.js';
export type { Scorecard, ScorecardRun, Thresholds } from './scorecard.js';
export { buildScorecard, isBaseline, SCORECARD_FORMAT } from './scorecard.js';
export { mean, passHatK, quantile, t95, tInterval } from './stats.js';
export type * from './types.js';
