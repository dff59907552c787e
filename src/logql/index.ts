/**
 * The LogQL engine: parse (lezer → typed AST), then evaluate log queries to streams and metric
 * queries to a vector (instant, no step: evaluated at `end`) or a matrix (start..end by step).
 */
import { LOKI_DEFAULTS, LOKI_TEXT } from '../formats/imitated.js';
import { memoize } from '../memo.js';
import { DeadlineExceeded } from '../world/deadline.js';
import type { LogSource, Matcher } from '../world/types.js';
import { LogQLError, type LogQueryOptions, type LokiResult, type LokiValue } from './api.js';
import { evalLogQuery, evalMetric, newStats, selectionOf, toResultValue } from './eval/index.js';
import { withClockShift } from './pipeline/index.js';
import type { LogExpr, LogQuery } from './syntax/index.js';
import { parseLogQL, shapeOf } from './syntax/index.js';

export { estimateLogCost } from './cost.js';
export { prettyLogQL, printLogQL } from './print.js';
export type { LogExpr, LogQuery, MetricExpr, Stage } from './syntax/index.js';
export { parseLogQL };

/** Loki refuses range queries with more intervals than this per series. */
export const MAX_POINTS = LOKI_DEFAULTS.maxPoints;

/** Whether `q` is a metric query (not a log query); throws the parser's error for a bad query. */
export const isMetricQuery = memoize((q: string): boolean => parseLogQL(q).kind !== 'log');

function firstLogQuery(e: LogExpr): LogQuery | undefined {
  switch (e.kind) {
    case 'log':
      return e;
    case 'range':
      return e.log;
    case 'vagg':
    case 'labelReplace':
      return firstLogQuery(e.expr);
    case 'binop':
      return firstLogQuery(e.lhs) ?? firstLogQuery(e.rhs);
    default:
      return undefined;
  }
}

/** The matchers of the query's (first) stream selector; empty for `vector(1)`-like queries. */
export function logSelectorsOf(q: string): Matcher[] {
  return [...(firstLogQuery(parseLogQL(q))?.selector ?? [])];
}

export function logQueryShape(q: string): string {
  return shapeOf(parseLogQL(q));
}

function stepsOf(opts: LogQueryOptions): number[] {
  if (!Number.isFinite(opts.start) || !Number.isFinite(opts.end))
    throw new LogQLError('bad_data', 'invalid start or end time');
  if (opts.step === undefined) return [opts.end];
  if (!(opts.step > 0)) {
    throw new LogQLError(
      'bad_data',
      'zero or negative query resolution step widths are not accepted. Try a positive integer',
    );
  }
  if (opts.end < opts.start) throw new LogQLError('bad_data', 'end timestamp must not be before start time');
  // Loki divides durations (integers): refused only when (end − start) / step > 11000.
  if (Math.floor((opts.end - opts.start) / opts.step) > MAX_POINTS) {
    throw new LogQLError('bad_data', LOKI_TEXT.tooManyPoints);
  }
  const steps: number[] = [];
  for (let t = opts.start; t <= opts.end; t += opts.step) steps.push(t);
  return steps;
}

/** Loki's words (pkg/util/server/error.go of the pinned version) for a query stopped by its context. */
export const LOKI_TIMEOUT_TEXT = LOKI_TEXT.timeout;
export const LOKI_CANCELED_TEXT = LOKI_TEXT.canceled;

export function evalLogQL(src: LogSource, q: string, opts: LogQueryOptions): LokiResult {
  const expr = parseLogQL(q);
  try {
    return withClockShift(opts.timeShiftMs ?? 0, () => evaluateParsed(src, expr, opts), opts.end);
  } catch (err) {
    if (!(err instanceof DeadlineExceeded)) throw err;
    throw err.reason === 'timeout'
      ? new LogQLError('timeout', LOKI_TIMEOUT_TEXT)
      : new LogQLError('canceled', LOKI_CANCELED_TEXT);
  }
}

/** Loki answers approx_topk from a count-min sketch, which its range queries do not build. */
function usesApproxTopk(e: LogExpr): boolean {
  switch (e.kind) {
    case 'vagg':
      return e.op === 'approx_topk' || usesApproxTopk(e.expr);
    case 'labelReplace':
      return usesApproxTopk(e.expr);
    case 'binop':
      return usesApproxTopk(e.lhs) || usesApproxTopk(e.rhs);
    default:
      return false;
  }
}

function evaluateParsed(src: LogSource, expr: LogExpr, opts: LogQueryOptions): LokiResult {
  const stats = newStats(opts.deadline);
  let value: LokiValue;
  if (expr.kind === 'log') {
    if (opts.end < opts.start)
      throw new LogQLError('bad_data', 'end timestamp must not be before start time');
    value = { type: 'streams', streams: evalLogQuery(src, expr, opts, stats) };
  } else {
    if (opts.step !== undefined && usesApproxTopk(expr))
      throw new LogQLError('bad_data', 'count min sketches are only supported on instant queries');
    const steps = stepsOf(opts);
    value = toResultValue(expr, evalMetric(src, expr, steps, stats, true), steps, opts.step !== undefined);
    stats.entriesReturned =
      value.type === 'vector' ? value.samples.length : value.type === 'matrix' ? value.series.length : 1;
  }
  const { bytesProcessed, linesProcessed, entriesReturned } = stats;
  return {
    value,
    warnings: [],
    stats: { bytesProcessed, linesProcessed, entriesReturned },
    selection: selectionOf(expr, stats.matched),
  };
}
