/** The PromQL engine's public surface (contract types in ./api.ts). */
export type {
  EngineOptions,
  InstantSample,
  Point,
  PromErrorType,
  PromResult,
  PromValue,
  RangeSeries,
} from './api.js';
export { PromQLError } from './api.js';
export type { Expr } from './ast.js';
export { type CostSource, estimatePromCost } from './cost.js';
export { formatPromFloat } from './format.js';
export { parsePromQL } from './parser/index.js';
export { formatExpr, prettyExpr } from './print.js';
export { instantQuery, rangeQuery } from './query.js';
export { type SelectorInfo, selectorsOf } from './selectors-of.js';
