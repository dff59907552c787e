/**
 * Run-folder files as formats: the trace (DESIGN §5.4) and its reader, run.json, a trial's score
 * and record (journal, baselines), the scorecard, and the sample values a result showed the agent.
 * Each format's id (`rematch.<name>/<version>`) is declared beside its schema.
 * This index is the part's one door: code outside the folder imports it from here only.
 */

export {
  InputHashes,
  LockHolderFile,
  type PlanRecord,
  RecordedGateSet,
  RUN_FORMAT,
  type RunManifest,
  RunManifestFile,
  Thresholds,
} from './files.js';
export { loadRunFile, parseRunFile } from './load.js';
export { sampleValues } from './preview.js';
export {
  BaselinesFile,
  HonestyFailure,
  HonestyKind,
  MeasurementScore,
  PartScore,
  StaleScore,
  TrajectoryResult,
  TrialCounts,
  TrialRecord,
  TrialScore,
  TrialTiming,
  Verdict,
} from './score.js';
export {
  Ablation,
  AggregateRow,
  Agreement,
  AssertionResult,
  CeilingResult,
  Contrast,
  EffectEstimate,
  EffectFigures,
  GateEffect,
  Interaction,
  isOtherScorecardVersion,
  JudgeDisagreement,
  JudgeRow,
  JudgeSummary,
  MarginalEffect,
  parseScorecard,
  Rounded,
  RowKind,
  SCORECARD_FORMAT,
  Scorecard,
  ScorecardRun,
  SeatGateEffect,
} from './scorecard.js';
export type { Trace } from './trace.js';
export * from './trace.js';

export { EndEvent, HeaderEvent, Outcome, Selection, StopReason, ToolClass } from './trace.js';
export { readTrace } from './trace-read.js';
