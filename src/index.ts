/** The public API of rematch. The CLI and the tests call these; nothing else is promised. */

export { diffRuns } from './commands/diff.js';
export { type ExportOtlpOptions, type ExportOtlpResult, exportOtlp } from './commands/export.js';
export { mergeRuns } from './commands/merge.js';
export { type ReplayOptions, replayRun } from './commands/replay.js';
export { reportRun } from './commands/report.js';
export { resolveGoldens, resolveOneGolden, resolveOneSeat, resolveSeats } from './commands/resolve.js';
export { type RunBenchOptions, type RunBenchResult, runBench } from './commands/run.js';
export { showTrace } from './commands/show.js';
export { type ValidateOptions, type ValidationReport, validate } from './commands/validate.js';
export { startView, type ViewHandle, type ViewOptions } from './commands/view.js';
export * from './errors.js';
export type { AssertRule } from './formats/assert.js';
export {
  checkConfig,
  checkGolden,
  checkGoldens,
  checkSeat,
  checkSeats,
  loadConfig,
  loadGolden,
  loadGoldens,
  loadSeat,
  loadSeats,
  loadTheory,
  readTrace,
} from './formats/load.js';
export {
  answerableUnder,
  hasOwnVariant,
  parseTwinId,
  TWIN_KINDS,
  type TwinKind,
  twinOf,
  twinsOf,
  withTwins,
} from './formats/twins/index.js';
export { type PlanOptions, planRun, type RunPlan } from './plan/plan.js';
export { REPORT_HTML, renderHtmlReport } from './reporters/html.js';
export type { Reporter, ReporterContext, ReporterFactory, ReporterOptions } from './reporters/lifecycle.js';
export { type ExportTraceServiceRequest, type OtlpTrial, otlpRequestOf } from './reporters/otlp.js';
export { DEFAULT_REPORTERS, REPORTERS, type ReporterName } from './reporters/registry.js';
export type { AssertionResult } from './scoring/index.js';
export {
  aggregate,
  type Comparison,
  compareScorecards,
  gateEffects,
  judgeAssertions,
  parseFailOn,
  type Scorecard,
  scoreTrial,
  type TrialScore,
} from './scoring/index.js';
