/**
 * Scoring: pure judgement of trials and their aggregates (DESIGN §11). Nothing here reads a file,
 * a clock or the environment; what it may import is test/architecture.test.ts's ALLOWED row.
 */
export { ablationOf, contrastOf, significantFigures } from './ablation.js';
export { aggregate, gateEffects, rowKey, seatGateEffects } from './aggregate.js';
export { type AssertMatrix, type AssertOptions, judgeAssertions } from './assert/index.js';
export {
  alertOnlyTheory,
  BASELINE_SEATS,
  baselineTrials,
  CEILING_SEAT,
  constantTheory,
  emptyTrace,
  rowKind,
} from './baselines.js';
export {
  type AlignedCall,
  type AlignedGate,
  type AlignedPair,
  type AlignedTurn,
  type Alignment,
  alignTimelines,
  type Cause,
  type CompareOptions,
  type Comparison,
  type Count,
  compareScorecards,
  DEFAULT_FAIL_ON,
  type DifferenceKind,
  type FailOn,
  type Finding,
  type FirstDifference,
  failOnRules,
  formatFailOn,
  type GateTally,
  gateSetChanges,
  parseFailOn,
  parseSetPairs,
  type Removal,
  ROW_STATUSES,
  type RowComparison,
  type RowDeltas,
  type RowStatus,
  type RuleName,
  type RunGateSets,
  removalText,
  type SetPairs,
  type TallyOf,
  type TrialChanges,
  type TrialTimeline,
  timelineOf,
} from './compare/index.js';
export { type Explanation, explainScore } from './explain.js';
export { BOOTSTRAP_RESAMPLES, bootstrap, wilson } from './intervals.js';
export { JUDGE_SYSTEM, judgePrompt, judgeSummary } from './judge/index.js';
export {
  incompleteText,
  outcomeProblems,
  type RunOutcomeOptions,
  SPEND_CAP_REASON,
} from './outcome.js';
export { DEFAULT_PASS_CORRECTNESS, DEFAULT_WEIGHTS, scoreTrial } from './score-trial.js';
export { buildScorecard, isBaseline, isCeiling } from './scorecard.js';
export { mean, passHatK, quantile } from './stats.js';
export { sparkline, type TrendInput, type TrendMark, type TrendPoint, trendOf } from './trend.js';
export type * from './types.js';
