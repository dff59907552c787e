/**
 * LogQL's syntax: the parse tree of Grafana's lezer grammar turned into our AST, with literals, IP
 * matchers and the query's shape.
 * This index is the part's one door: code outside the folder imports it from here only.
 */
export type {
  BinOp,
  CmpOp,
  ExtractionParam,
  Grouping,
  LabelFilterExpr,
  LineFilterStage,
  LogExpr,
  LogQuery,
  MetricExpr,
  RangeAggExpr,
  Stage,
  Unwrap,
  VectorMatching,
  VectorOp,
} from './ast.js';
export { ipMatcher, textHasIp } from './ip.js';
export { byteUnit, goRegex, parseBytes, parseDurationMs, parseGoFloat } from './literals.js';
export { parseLogQL } from './parse.js';
export { shapeOf } from './shape.js';
export { semanticError } from './syntax-error.js';
