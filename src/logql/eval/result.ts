/** Step vectors → Loki result values (vector / scalar for instant, matrix for range queries). */
import type { RangeSeries } from '../../promql/api.js';
import type { LokiValue } from '../api.js';
import type { MetricExpr } from '../syntax/index.js';
import { unique, type Val } from './metric-eval.js';

/**
 * Whether the instant vector keeps the order `sort` / `sort_desc` gave it: the sort itself, or an
 * arithmetic with a scalar over it (`sort(...) + 1`), which maps the samples in order.
 */
function sortedOrder(expr: MetricExpr): boolean {
  if (expr.kind === 'vagg') return expr.op === 'sort' || expr.op === 'sort_desc';
  if (expr.kind !== 'binop') return false;
  if (expr.lhs.kind === 'literal') return sortedOrder(expr.rhs);
  if (expr.rhs.kind === 'literal') return sortedOrder(expr.lhs);
  return false;
}

export function toResultValue(expr: MetricExpr, val: Val, steps: number[], range: boolean): LokiValue {
  if (!range) {
    const t = steps[0];
    if (val.kind === 'scalar') return { type: 'scalar', t, v: val.steps[0] };
    const vec = unique(val.steps[0]);
    const keepOrder = sortedOrder(expr);
    const ordered = keepOrder ? vec : [...vec].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return { type: 'vector', samples: ordered.map((s) => ({ labels: s.labels, t, v: s.v })) };
  }
  const series = new Map<string, RangeSeries>();
  if (val.kind === 'scalar') {
    return {
      type: 'matrix',
      series: [{ labels: {}, points: steps.map((t, i) => ({ t, v: val.steps[i] })) }],
    };
  }
  val.steps.forEach((vec, i) => {
    unique(vec);
    for (const s of vec) {
      let r = series.get(s.key);
      if (!r) {
        r = { labels: s.labels, points: [] };
        series.set(s.key, r);
      }
      r.points.push({ t: steps[i], v: s.v });
    }
  });
  return {
    type: 'matrix',
    series: [...series.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([, r]) => r),
  };
}
