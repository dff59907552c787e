/**
 * LogQL's per-line pipeline: line and label filters, parsers (json, logfmt, pattern, regexp), label
 * formats and templates, unwrap.
 * This index is the part's one door: code outside the folder imports it from here only.
 */
export { Entry, ERROR_DETAILS_LABEL, ERROR_LABEL, keyOf } from './entry.js';
export { formatGoFloat } from './go-format.js';
export { compileLabelFilter, labelsGetter, matcherTest } from './label-filter.js';
export type { Pipeline } from './pipeline.js';
export { compilePipeline } from './pipeline.js';
export { withClockShift } from './template-funcs.js';
export { CONVERTERS, unwrapValue } from './unwrap.js';
