/**
 * LogQL evaluation over a world: stream selection, the pipeline per line, range and vector
 * aggregations, binary operations, and the selection record of what matched.
 * This index is the part's one door: code outside the folder imports it from here only.
 */
export { arith, isComparison } from './binary.js';
export { evalLogQuery } from './log-eval.js';
export { evalMetric } from './metric-eval.js';
export { toResultValue } from './result.js';
export { newStats } from './select.js';
export { selectionOf } from './selection.js';
