/**
 * Subqueries: the inner expression evaluated at absolute multiples of the step inside the
 * left-open window (t - range, t], gathered into range windows per series.
 */
import { PROM_TEXT } from '../../formats/imitated.js';
import type { Labels } from '../../world/types.js';
import { PromQLError } from '../api.js';
import type { SubqueryExpr } from '../ast.js';
import { countSamples, DEFAULT_EVAL_INTERVAL_MS, MAX_SUBQUERY_STEPS, type QueryContext } from './context.js';
import { keyOf } from './labels.js';
import { atTime } from './selectors.js';
import type { MatrixValue, Window } from './types.js';

export function evalSubquery(ctx: QueryContext, e: SubqueryExpr, t: number): MatrixValue {
  const end = atTime(ctx, e.at, t) - e.offsetMs;
  const step = e.stepMs > 0 ? e.stepMs : DEFAULT_EVAL_INTERVAL_MS;
  const from = end - e.rangeMs;
  // First step strictly after `from`, aligned to multiples of the step since the epoch.
  let ts = Math.floor(from / step) * step;
  if (ts <= from) ts += step;
  const acc = new Map<string, { labels: Labels; ts: number[]; vs: number[] }>();
  let memo = ctx.subqueryMemo.get(e);
  if (!memo) {
    memo = new Map();
    ctx.subqueryMemo.set(e, memo);
  }
  const outerStep = ctx.evalStepMs;
  for (; ts <= end; ts += step) {
    let v = memo.get(ts);
    if (!v) {
      if (++ctx.subquerySteps > MAX_SUBQUERY_STEPS) {
        throw new PromQLError('timeout', PROM_TEXT.timeout);
      }
      ctx.evalStepMs = step;
      try {
        v = ctx.evaluate(e.expr, ts);
      } finally {
        ctx.evalStepMs = outerStep;
      }
      memo.set(ts, v);
      // The inner results are held for the whole query, as Prometheus holds a subquery's matrix:
      // they count against the sample budget, so a wide fine-stepped subquery answers 422, not OOM.
      countSamples(ctx, v.kind === 'vector' ? v.samples.length : 1);
    }
    if (v.kind === 'scalar') {
      push(acc, {}, ts, v.v);
      continue;
    }
    if (v.kind !== 'vector') continue;
    for (const s of v.samples) push(acc, s.labels, ts, s.v);
  }
  const windows: Window[] = [];
  for (const a of acc.values()) {
    windows.push({
      labels: a.labels,
      ts: Float64Array.from(a.ts),
      vs: Float64Array.from(a.vs),
      lo: 0,
      hi: a.ts.length,
    });
  }
  return { kind: 'matrix', windows, rangeMs: e.rangeMs, end };
}

function push(
  acc: Map<string, { labels: Labels; ts: number[]; vs: number[] }>,
  labels: Labels,
  t: number,
  v: number,
): void {
  const k = keyOf(labels);
  let a = acc.get(k);
  if (!a) {
    a = { labels, ts: [], vs: [] };
    acc.set(k, a);
  }
  a.ts.push(t);
  a.vs.push(v);
}
