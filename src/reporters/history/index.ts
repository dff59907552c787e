/** The run history's reports: the runs, a row's trend, and one trial of two runs side by side. */
export { changesText, inputChanges } from './changes.js';
export { compareText, type TrialComparison, type TrialSide, theoryLines, turnLines } from './compare.js';
export { type RunLine, runLines, type Series, type SeriesPoint, seriesOf } from './model.js';
export { comparePage, type RunsPage, runsPage } from './pages.js';
export { runsText, seriesText } from './text.js';
