/**
 * report.html: one page (effects, summary, grids, plots, the trial list) and the trials' timelines
 * in files beside it, loaded on demand; its model from the scorecard and the run folder, every
 * text escaped.
 * This index is the part's one door: code outside the folder imports it from here only.
 */

export { esc } from './escape.js';
export { type HtmlReport, htmlReporter, REPORT_HTML, renderHtmlReport } from './reporter.js';
export { TIMELINE_PATH, TIMELINES } from './timelines.js';
