/**
 * scorecard.md and walltime.md: the reports read on GitHub (the CI job summary, a pull request).
 * This index is the part's one door: code outside the folder imports it from here only.
 */
export { gridMd, markdownReporter, renderScorecardMd } from './scorecard.js';
export { renderWalltimeMd, walltimeReporter } from './walltime.js';
