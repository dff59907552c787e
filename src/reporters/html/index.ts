/**
 * report.html: one self-contained page (summary, grids, plots, one trial's timeline), its model
 * from the scorecard and the run folder, every text escaped.
 * This index is the part's one door: code outside the folder imports it from here only.
 */
export { htmlReporter, REPORT_HTML, renderHtmlReport } from './reporter.js';
