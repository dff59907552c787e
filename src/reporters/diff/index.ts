/**
 * `bench diff BASE HEAD` as markdown for a pull request: the comparison's table cells, and the
 * whole kept within one GitHub comment.
 * This index is the part's one door: code outside the folder imports it from here only.
 */

export type { DiffResult, FailOn } from './render.js';
export {
  DEFAULT_FAIL_ON,
  diffScorecards,
  diffSummaryLine,
  failOnRules,
  parseFailOn,
  renderDiffMd,
} from './render.js';
