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
} from './diff.js';
export { type ColumnSpec, type Fit, fitColumns, tableWidth } from './fit.js';
export { comparable, parseScorecard, renderScorecardJson } from './json.js';
export { renderJunit, xmlEscape } from './junit.js';
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
export { renderScorecardMd } from './markdown.js';
export { createProgress, type Progress, type TrialDone } from './progress.js';
export {
  createReporters,
  DEFAULT_REPORTERS,
  parseReporterNames,
  REPORT_REPORTERS,
  REPORTERS,
  type ReporterName,
} from './registry.js';
export { runSummary, summaryLine } from './summary.js';
export { renderTable } from './table.js';
export { renderTerminal, type TerminalOptions } from './terminal.js';
export { renderWalltimeMd } from './walltime.js';
