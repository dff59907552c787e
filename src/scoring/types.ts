/**
 * What scoring produces (DESIGN §11): one TrialScore per trial, AggregateRow per golden × seat ×
 * gate set, and the Scorecard the reporters render. Pure data: no functions, JSON-safe. Their
 * shapes are the formats' (formats/run/score.ts and scorecard.ts: each type derived from the schema
 * that reads it back), named here for scoring's modules and its users; scoring builds them.
 */

export type {
  Ablation,
  AggregateRow,
  Agreement,
  AssertionResult,
  CeilingResult,
  Contrast,
  EffectEstimate,
  EffectFigures,
  GateEffect,
  HonestyFailure,
  HonestyKind,
  Interaction,
  JudgeDisagreement,
  JudgeRow,
  JudgeSummary,
  MarginalEffect,
  MeasurementScore,
  PartScore,
  Rounded,
  RowKind,
  Scorecard,
  ScorecardRun,
  SeatGateEffect,
  StaleScore,
  Thresholds,
  TrajectoryResult,
  TrialCounts,
  TrialRecord,
  TrialScore,
  TrialTiming,
  Verdict,
} from '../formats/run/index.js';

export interface ScoreOptions {
  /** config thresholds.passCorrectness (default 0.8). */
  passCorrectness?: number;
}
