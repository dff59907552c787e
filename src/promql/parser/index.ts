/**
 * PromQL's syntax: the parse tree of Prometheus' lezer grammar turned into our AST, with
 * Prometheus' own error texts.
 * This index is the part's one door: code outside the folder imports it from here only.
 */
export { check, isComparison } from './check.js';
export { lineCol } from './errors.js';
export { parseDurationMs } from './literals.js';
export { parsePromQL } from './parse.js';
