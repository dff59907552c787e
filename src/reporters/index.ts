/**
 * Reporters render a run's results behind one lifecycle (lifecycle.ts) and are picked from a
 * registry (registry.ts); they read results only (plan, spec and scoring types), never the host.
 */

export { CEILING_MEANING, ceilingLines, failedCeilings } from './ceiling.js';
export {
  DEFAULT_FAIL_ON,
  type DiffResult,
  diffScorecards,
  diffSummaryLine,
  type FailOn,
  failOnRules,
  parseFailOn,
  renderDiffMd,
} from './diff/index.js';
export { comparable, renderScorecardJson } from './json.js';
export { renderJunit, xmlEscape } from './junit/index.js';
export {
  DEFAULT_WIDTH,
  type Display,
  fanOut,
  fileReporter,
  type Reporter,
  type ReporterContext,
  type ReporterFactory,
  type ReporterOptions,
} from './lifecycle.js';
export { renderScorecardMd, renderWalltimeMd } from './markdown/index.js';
export {
  createReporters,
  DEFAULT_REPORTERS,
  parseReporterNames,
  REPORT_REPORTERS,
  REPORTERS,
  type ReporterName,
} from './registry.js';
export { runSummary, summaryLine } from './summary.js';
export {
  type ColumnSpec,
  createProgress,
  type Fit,
  fitColumns,
  type Progress,
  renderTable,
  renderTerminal,
  type TerminalOptions,
  type TrialDone,
  tableWidth,
} from './terminal/index.js';
