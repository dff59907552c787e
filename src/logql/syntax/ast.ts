/**
 * The typed LogQL syntax tree. The lezer tree is converted into these nodes once (parse.ts);
 * the evaluator never looks at lezer nodes. Durations are milliseconds.
 */
import type { Matcher } from '../../world/types.js';

export type LineFilterOp = '|=' | '!=' | '|~' | '!~' | '|>' | '!>';
export type CmpOp = '==' | '!=' | '>' | '>=' | '<' | '<=';

/** `|= "a" or "b"`: a positive filter keeps a line matching any value, a negative one drops it. */
export interface LineFilterStage {
  kind: 'lineFilter';
  op: LineFilterOp;
  values: string[];
  /** Where set, `ip[i]` says `values[i]` was written `ip("...")` (Loki's IP line filter). */
  ip?: boolean[];
}

export type LabelFilterExpr =
  | { kind: 'and' | 'or'; left: LabelFilterExpr; right: LabelFilterExpr }
  | { kind: 'match'; matcher: Matcher }
  | { kind: 'number'; name: string; op: CmpOp; value: number }
  | { kind: 'duration'; name: string; op: CmpOp; value: number }
  | { kind: 'bytes'; name: string; op: CmpOp; value: number }
  | { kind: 'ip'; name: string; op: '==' | '!='; pattern: string };

export interface ExtractionParam {
  label: string;
  /** json: a path such as `a.b[0]`; logfmt: a key. */
  expr: string;
}

export type Stage =
  | LineFilterStage
  | { kind: 'json'; params: ExtractionParam[] }
  | { kind: 'logfmt'; strict: boolean; keepEmpty: boolean; params: ExtractionParam[] }
  | { kind: 'regexp'; pattern: string }
  | { kind: 'pattern'; pattern: string }
  | { kind: 'unpack' }
  | { kind: 'labelFilter'; filter: LabelFilterExpr }
  | { kind: 'lineFormat'; template: string }
  | { kind: 'labelFormat'; ops: { dst: string; src?: string; template?: string }[] }
  | { kind: 'decolorize' }
  | { kind: 'drop' | 'keep'; items: { name: string; matcher?: Matcher }[] };

export interface LogQuery {
  kind: 'log';
  /** The stream selector as written (`{app="x"}`): what the selection record names. */
  text: string;
  selector: Matcher[];
  stages: Stage[];
}

export type RangeOp =
  | 'count_over_time'
  | 'rate'
  | 'rate_counter'
  | 'bytes_over_time'
  | 'bytes_rate'
  | 'avg_over_time'
  | 'sum_over_time'
  | 'min_over_time'
  | 'max_over_time'
  | 'stddev_over_time'
  | 'stdvar_over_time'
  | 'quantile_over_time'
  | 'first_over_time'
  | 'last_over_time'
  | 'absent_over_time';

export type VectorOp =
  | 'sum'
  | 'avg'
  | 'count'
  | 'max'
  | 'min'
  | 'stddev'
  | 'stdvar'
  | 'bottomk'
  | 'topk'
  | 'approx_topk'
  | 'sort'
  | 'sort_desc';

export interface Grouping {
  without: boolean;
  labels: string[];
}

export interface Unwrap {
  label: string;
  conv?: 'duration' | 'duration_seconds' | 'bytes';
  /** Label filters written after `unwrap`, applied to the sample's labels. */
  post: LabelFilterExpr[];
}

export interface RangeAggExpr {
  kind: 'range';
  op: RangeOp;
  param?: number;
  log: LogQuery;
  rangeMs: number;
  offsetMs: number;
  unwrap?: Unwrap;
  grouping?: Grouping;
}

export type BinOp =
  | '+'
  | '-'
  | '*'
  | '/'
  | '%'
  | '^'
  | '=='
  | '!='
  | '>'
  | '>='
  | '<'
  | '<='
  | 'and'
  | 'or'
  | 'unless';

export interface VectorMatching {
  on: boolean;
  labels: string[];
  card: 'one-to-one' | 'many-to-one' | 'one-to-many';
  include: string[];
}

export type MetricExpr =
  | RangeAggExpr
  | { kind: 'vagg'; op: VectorOp; param?: number; grouping?: Grouping; expr: MetricExpr }
  | { kind: 'binop'; op: BinOp; bool: boolean; matching?: VectorMatching; lhs: MetricExpr; rhs: MetricExpr }
  | { kind: 'literal'; value: number }
  | { kind: 'vector'; value: number }
  | { kind: 'labelReplace'; expr: MetricExpr; dst: string; replacement: string; src: string; regex: string };

export type LogExpr = LogQuery | MetricExpr;
