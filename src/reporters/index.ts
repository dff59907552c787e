/** Reporters render a Scorecard; they read results only (spec and scoring types), never the host. */
import type { Scorecard } from '../scoring/index.js';
import { renderScorecardJson } from './json.js';
import { renderJunit } from './junit.js';
import { renderScorecardMd } from './markdown.js';
import { renderWalltimeMd } from './walltime.js';

export { CEILING_MEANING, ceilingLines, failedCeilings } from './ceiling.js';
export { DEFAULT_FAIL_ON, type DiffResult, diffScorecards, type FailOn, parseFailOn } from './diff.js';
export type { RunGateSets } from './diff-gate-sets.js';
export { comparable, parseScorecard, renderScorecardJson } from './json.js';
export { renderJunit, xmlEscape } from './junit.js';
export { renderScorecardMd } from './markdown.js';
export { createProgress, type Progress, type TrialDone } from './progress.js';
export { renderTerminal } from './terminal.js';
export { renderWalltimeMd } from './walltime.js';

/** Every report file of a run folder, by file name. The caller writes them (atomically). */
export function renderReports(sc: Scorecard): Record<string, string> {
  return {
    'scorecard.json': renderScorecardJson(sc),
    'scorecard.md': renderScorecardMd(sc),
    'walltime.md': renderWalltimeMd(sc),
    'junit.xml': renderJunit(sc),
  };
}
