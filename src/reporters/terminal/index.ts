/**
 * The terminal reports: the scorecard summary and grids, tables fitted to the width, the progress
 * bar, one trial's timeline and verdict.
 * This index is the part's one door: code outside the folder imports it from here only.
 */

export type { ColumnSpec, Fit } from './fit.js';
export { fitColumns, tableWidth } from './fit.js';
export { FULL_COLUMNS, fullCells } from './full-table.js';
export type { GoldenGrid } from './grid.js';
export { cellText, GRID_LEGEND, goldenGrids } from './grid.js';
export type { Progress, TrialDone } from './progress.js';
export { createProgress, formatEta, progressReporter } from './progress.js';
export { terminalReporter } from './reporter.js';
export type { TerminalOptions } from './scorecard.js';
export { renderTerminal } from './scorecard.js';
export { STEER_HALT_TITLE, steerHaltGroups, steerHaltIntro, steerHaltLine } from './steer-halt.js';
export { oneLine, renderTable } from './table.js';
export { formatTimeline } from './timeline.js';
export { formatVerdict } from './verdict.js';
