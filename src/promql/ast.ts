/**
 * The typed PromQL AST the evaluator walks. It is built from the lezer tree by ./parser and knows
 * nothing of data. Positions are character offsets into the query, kept for error and annotation
 * positions (`(1:7)`).
 */
import type { Matcher } from '../world/types.js';

export type ValueType = 'scalar' | 'vector' | 'matrix' | 'string';

export interface Pos {
  start: number;
  end: number;
}

/** `@` modifier: a fixed time in ms, or the query's start/end. */
export type AtModifier = { kind: 'time'; ms: number } | { kind: 'start' } | { kind: 'end' };

export interface NumberLiteral extends Pos {
  type: 'number';
  value: number;
}

export interface StringLiteral extends Pos {
  type: 'string';
  value: string;
}

export interface VectorSelector extends Pos {
  type: 'vectorSelector';
  /** The selector as written (name and matchers; no range, offset or `@`): what the selection record names. */
  text: string;
  name?: string;
  matchers: Matcher[];
  offsetMs: number;
  at?: AtModifier;
}

export interface MatrixSelector extends Pos {
  type: 'matrixSelector';
  vector: VectorSelector;
  rangeMs: number;
}

export interface SubqueryExpr extends Pos {
  type: 'subquery';
  expr: Expr;
  rangeMs: number;
  /** 0 = the default evaluation interval. */
  stepMs: number;
  offsetMs: number;
  at?: AtModifier;
}

export interface ParenExpr extends Pos {
  type: 'paren';
  expr: Expr;
}

export interface UnaryExpr extends Pos {
  type: 'unary';
  op: '-' | '+';
  expr: Expr;
}

export type BinaryOp =
  | '+'
  | '-'
  | '*'
  | '/'
  | '%'
  | '^'
  | 'atan2'
  | '=='
  | '!='
  | '>'
  | '<'
  | '>='
  | '<='
  | 'and'
  | 'or'
  | 'unless';

export interface VectorMatching {
  card: 'one-to-one' | 'many-to-one' | 'one-to-many' | 'many-to-many';
  /** true for `on(...)`, false for `ignoring(...)` (and for no modifier). */
  on: boolean;
  labels: string[];
  /** Extra labels of `group_left(...)`/`group_right(...)`. */
  include: string[];
}

export interface BinaryExpr extends Pos {
  type: 'binary';
  op: BinaryOp;
  lhs: Expr;
  rhs: Expr;
  returnBool: boolean;
  matching?: VectorMatching;
  opPos: Pos;
}

export type AggregateOp =
  | 'sum'
  | 'avg'
  | 'min'
  | 'max'
  | 'count'
  | 'group'
  | 'stddev'
  | 'stdvar'
  | 'topk'
  | 'bottomk'
  | 'quantile'
  | 'count_values'
  | 'limitk'
  | 'limit_ratio';

export interface AggregateExpr extends Pos {
  type: 'aggregate';
  op: AggregateOp;
  expr: Expr;
  param?: Expr;
  grouping: string[];
  without: boolean;
  /** `by`/`without` was written (an empty `by ()` still counts). */
  hasGrouping: boolean;
}

export interface Call extends Pos {
  type: 'call';
  func: string;
  args: Expr[];
}

export type Expr =
  | NumberLiteral
  | StringLiteral
  | VectorSelector
  | MatrixSelector
  | SubqueryExpr
  | ParenExpr
  | UnaryExpr
  | BinaryExpr
  | AggregateExpr
  | Call;
