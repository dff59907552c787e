/**
 * PromQL evaluation over a world, with Prometheus' semantics: selection and lookback, functions,
 * aggregations, binary operations, instant and range queries.
 * This index is the part's one door: code outside the folder imports it from here only.
 */
export { checkDuplicates } from './calls.js';
export type { QueryContext } from './context.js';
export { execError } from './context.js';
export { evaluate } from './engine.js';
export { compareLabels, formatLabels, keyOf, makeLabels } from './labels.js';
export { selectionOf } from './selection.js';
export { selectorSteps } from './selector-steps.js';
export { goPow } from './stats.js';
export type { Value } from './types.js';
