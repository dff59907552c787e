/**
 * Comparing two runs: rows paired by golden × seat × gate set, what moved per repetition, and the
 * `--fail-on` rules that decide a regression.
 * This index is the part's one door: code outside the folder imports it from here only.
 */

export type {
  AlignedCall,
  AlignedGate,
  AlignedPair,
  AlignedTurn,
  Alignment,
  DifferenceKind,
  FirstDifference,
  TrialTimeline,
} from './align.js';
export { alignTimelines, timelineOf } from './align.js';
export type {
  Cause,
  CompareOptions,
  Comparison,
  Count,
  Finding,
  GateTally,
  Removal,
  RowComparison,
  RowDeltas,
  RowStatus,
  TallyOf,
  TrialChanges,
} from './compare.js';
export { compareScorecards, ROW_STATUSES } from './compare.js';
export type { FailOn, RuleName } from './fail-on.js';
export { DEFAULT_FAIL_ON, failOnRules, formatFailOn, parseFailOn } from './fail-on.js';
export type { RunGateSets } from './gate-set-changes.js';
export { gateSetChanges } from './gate-set-changes.js';
export type { SetPairs } from './pairs.js';
export { parseSetPairs } from './pairs.js';
export { removalText } from './removals.js';
export { kTokens, usd } from './rules.js';
