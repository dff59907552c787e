/** The public API of rematch. The CLI and the tests call these; nothing else is promised. */

export { recordSelection } from './backend/index.js';
export type { ExportTraceServiceRequest, OtlpTrial } from './commands/export/index.js';
export { type ExportOtlpOptions, type ExportOtlpResult, exportOtlp } from './commands/export/index.js';
export type { ImportedTrial, ImportOptions, ImportOtlpOptions } from './commands/import/index.js';
export {
  againstWorld,
  compareScorecards,
  diffRuns,
  importOtlp,
  importOtlpFile,
  judgeAssertions,
  mergeRuns,
  otlpRequestOf,
  planRun,
  replayRun,
  reportRun,
  scoreTrial,
  showTrace,
  startView,
  validate,
} from './commands/public-options.js';
export type { ReplayOptions } from './commands/replay/index.js';
export { resolveGoldens, resolveOneGolden, resolveOneSeat, resolveSeats } from './commands/resolve.js';
export { type RunBenchOptions, type RunBenchResult, runBench } from './commands/run/index.js';
export type {
  AgainstWorldOptions,
  AgainstWorldResult,
  WorldCall,
  WorldSection,
} from './commands/score/index.js';
export type { ValidateOptions, ValidationReport } from './commands/validate/index.js';
export type { ViewHandle, ViewOptions } from './commands/view/index.js';
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
export type { PlanOptions, RunPlan } from './plan/plan.js';
export { type HtmlReport, REPORT_HTML, renderHtmlReport } from './reporters/html/index.js';
export type { Reporter, ReporterContext, ReporterFactory, ReporterOptions } from './reporters/lifecycle.js';
export { DEFAULT_REPORTERS, REPORTERS, type ReporterName } from './reporters/registry.js';
export type { AssertionResult } from './scoring/index.js';
export {
  aggregate,
  type Comparison,
  gateEffects,
  parseFailOn,
  type Scorecard,
  type TrialScore,
} from './scoring/index.js';
