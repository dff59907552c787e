/**
 * Reporters render a run's results behind one lifecycle (lifecycle.ts) and are picked from a
 * registry (registry.ts); they read results only (plan, spec and scoring types), never the host.
 */

export { CEILING_MEANING, ceilingLines, failedCeilings } from './ceiling.js';
export {
  DEFAULT_FAIL_ON,
  type DiffResult,
  diffScorecards,
  type FailOn,
  failOnRules,
  parseFailOn,
  renderDiffMd,
  summaryLine,
} from './diff.js';
export { comparable, parseScorecard, renderScorecardJson } from './json.js';
export { renderJunit, xmlEscape } from './junit.js';
export {
  fanOut,
  fileReporter,
  type Reporter,
  type ReporterContext,
  type ReporterFactory,
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
export { renderTerminal } from './terminal.js';
export { renderWalltimeMd } from './walltime.js';
