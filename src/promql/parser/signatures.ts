/**
 * Function signatures the parser checks calls against (Prometheus `parser/functions.go`):
 * argument types, variadic counts, return type. The evaluator's table (../eval/functions.ts)
 * must implement every name here; a name missing there is reported as unsupported.
 */
import type { ValueType } from '../ast.js';

export interface FunctionSignature {
  args: ValueType[];
  /** 0: fixed arity; n > 0: up to n extra optional args of the last type; -1: unlimited. */
  variadic: number;
  returns: ValueType;
}

const v = 'vector' as const;
const m = 'matrix' as const;
const s = 'scalar' as const;
const str = 'string' as const;

const sig = (args: ValueType[], returns: ValueType, variadic = 0): FunctionSignature => ({
  args,
  returns,
  variadic,
});

const MATH =
  'abs ceil floor exp sqrt ln log2 log10 sgn acos acosh asin asinh atan atanh cos cosh sin sinh tan tanh deg rad timestamp sort sort_desc histogram_count histogram_sum histogram_avg histogram_stddev histogram_stdvar';
const OVER_TIME =
  'avg_over_time min_over_time max_over_time sum_over_time count_over_time stddev_over_time stdvar_over_time last_over_time first_over_time present_over_time mad_over_time ts_of_first_over_time ts_of_last_over_time ts_of_min_over_time ts_of_max_over_time changes resets rate irate increase delta idelta deriv';
const DATE = 'day_of_month day_of_week day_of_year days_in_month hour minute month year';

export const FUNCTIONS: Record<string, FunctionSignature> = {
  ...Object.fromEntries(MATH.split(' ').map((n) => [n, sig([v], v)])),
  ...Object.fromEntries(OVER_TIME.split(' ').map((n) => [n, sig([m], v)])),
  ...Object.fromEntries(DATE.split(' ').map((n) => [n, sig([v], v, 1)])),
  absent: sig([v], v),
  absent_over_time: sig([m], v),
  quantile_over_time: sig([s, m], v),
  predict_linear: sig([m, s], v),
  double_exponential_smoothing: sig([m, s, s], v),
  clamp: sig([v, s, s], v),
  clamp_max: sig([v, s], v),
  clamp_min: sig([v, s], v),
  histogram_quantile: sig([s, v], v),
  histogram_fraction: sig([s, s, v], v),
  histogram_quantiles: sig([v, str, s], v, -1),
  label_replace: sig([v, str, str, str, str], v),
  label_join: sig([v, str, str, str], v, -1),
  pi: sig([], s),
  step: sig([], s),
  range: sig([], s),
  start: sig([], s),
  end: sig([], s),
  min_of: sig([s, s], s),
  max_of: sig([s, s], s),
  time: sig([], s),
  scalar: sig([v], s),
  vector: sig([s], v),
  round: sig([v, s], v, 1),
  sort_by_label: sig([v, str], v, -1),
  sort_by_label_desc: sig([v, str], v, -1),
  info: sig([v, v], v, 1),
};

/** The minimum number of arguments (optional trailing args of variadic functions excluded). */
export function minArgs(f: FunctionSignature): number {
  if (f.variadic === 0) return f.args.length;
  if (f.variadic > 0) return f.args.length - 1;
  return f.args.length - 1;
}
