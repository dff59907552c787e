/** Scoring: pure judgement of trials and their aggregates (DESIGN §11). Depends on spec only. */
export { aggregate, gateEffects, rowKey, seatGateEffects } from './aggregate.js';
export { judgeAssertions } from './assert/assertions.js';
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
  type CompareOptions,
  type Comparison,
  compareScorecards,
  type Finding,
  ROW_STATUSES,
  type RowComparison,
  type RowDeltas,
  type RowStatus,
  type TrialChanges,
} from './compare/compare.js';
export { parseSetPairs, type SetPairs } from './compare/pairs.js';
export { type Explanation, explainScore } from './explain.js';
export {
  DEFAULT_FAIL_ON,
  type FailOn,
  failOnRules,
  formatFailOn,
  parseFailOn,
  type RuleName,
} from './compare/fail-on.js';
export { gateSetChanges, type RunGateSets } from './compare/gate-set-changes.js';
export { BOOTSTRAP_RESAMPLES, bootstrap, wilson } from './intervals.js';
export {
  type Agreement,
  type JudgeDisagreement,
  type JudgeRow,
  type JudgeSummary,
  judgeSummary,
} from './judge/agreement.js';
export { JUDGE_SYSTEM, judgePrompt } from './judge/prompt.js';
export { outcomeProblems, type RunOutcomeOptions, SPEND_CAP_REASON } from './outcome.js';
export { DEFAULT_PASS_CORRECTNESS, DEFAULT_WEIGHTS, scoreTrial } from './score-trial.js';
export type { AssertionResult, CeilingResult, Scorecard, ScorecardRun, Thresholds } from './scorecard.js';
export { buildScorecard, isBaseline, isCeiling, SCORECARD_FORMAT } from './scorecard.js';
export { mean, passHatK, quantile } from './stats.js';
export type * from './types.js';
