/**
 * What a query will cost before it runs, in samples touched: the product Prometheus' query samples
 * limit bounds (`--query.max-samples`), series × steps × the samples a range reads, estimated from
 * the parsed query and the world's index without evaluating anything. A server uses it to keep a
 * heavy query from holding every engine worker (docs/backend.md, Limits).
 *
 * It is an estimate, meant to be cheap and on the high side: series are counted from the index
 * with a selector's equality matchers only (a regex matcher would cost a regex compile per series
 * here, on the server's own thread), range windows from the world's average sample density, and
 * aggregations keep their input's series count unless they drop every label. What it must get
 * right is the order of magnitude of nested subqueries: each outer step gathers `range / step`
 * inner results per series, which is what makes `max_over_time(f(x[5m])[1h:1s])[1h:1s]` cost
 * hours of samples for one instant.
 */
import type { Matcher, SeriesSource } from '../world/types.js';
import type { Expr } from './ast.js';
import { parsePromQL } from './parser/index.js';

/** What the estimate reads of a world: its index and how many samples a series holds per ms. */
export interface CostSource {
  readonly src: SeriesSource;
  /** Average samples per series per millisecond (samples ÷ series ÷ the world's span). */
  readonly samplesPerMs: number;
}

/** One evaluation's times: `steps` evaluations spread over `spanMs` (0 for an instant). */
interface Steps {
  n: number;
  spanMs: number;
}

const DEFAULT_SUBQUERY_STEP_MS = 60_000;
/**
 * What one gathered inner result costs against one sample read: it is pushed into a window the
 * engine builds anew for every outer step (eval/subquery.ts), where a read sample is a typed-array
 * access. Measured on checkout-db-pool: with it, evaluation time per estimated million samples
 * stays within 4–16 ms from `rate(x[5m])` over a range to nested 1-second subqueries; without it,
 * nested subqueries took ten times longer per unit than anything else.
 */
const GATHER_WEIGHT = 10;

interface Estimate {
  /** Samples touched. */
  cost: number;
  /** Series the node yields (what a parent gathers or matches per step). */
  series: number;
}

/**
 * Estimated samples `q` touches evaluated at `steps` times from `startMs` to `endMs`; 0 when it
 * does not parse (the engine answers that at once).
 */
export function estimatePromCost(
  cs: CostSource,
  q: string,
  startMs: number,
  endMs: number,
  stepMs: number,
): number {
  let expr: Expr;
  try {
    expr = parsePromQL(q);
  } catch {
    return 0;
  }
  const span = Math.max(0, endMs - startMs);
  const n = stepMs > 0 ? Math.floor(span / stepMs) + 1 : 1;
  return estimate(cs, expr, { n, spanMs: stepMs > 0 ? span : 0 }).cost;
}

function estimate(cs: CostSource, e: Expr, at: Steps): Estimate {
  switch (e.type) {
    case 'number':
    case 'string':
      return { cost: at.n, series: 1 };
    case 'vectorSelector': {
      const series = seriesOf(cs, e.matchers);
      return { cost: series * at.n, series };
    }
    case 'matrixSelector': {
      const series = seriesOf(cs, e.vector.matchers);
      const perWindow = Math.max(1, e.rangeMs * cs.samplesPerMs);
      return { cost: series * at.n * perWindow, series };
    }
    case 'subquery': {
      const step = e.stepMs > 0 ? e.stepMs : DEFAULT_SUBQUERY_STEP_MS;
      const perOuter = Math.max(1, e.rangeMs / step);
      // Inner results are memoised by absolute time: outer steps share most of them.
      const distinct = Math.min(at.n * perOuter, (at.spanMs + e.rangeMs) / step + 1);
      const inner = estimate(cs, e.expr, { n: Math.ceil(distinct), spanMs: at.spanMs + e.rangeMs });
      // ...but every outer step gathers its own window of them, per series.
      return { cost: inner.cost + GATHER_WEIGHT * at.n * perOuter * inner.series, series: inner.series };
    }
    case 'paren':
    case 'unary':
      return estimate(cs, e.expr, at);
    case 'binary': {
      const l = estimate(cs, e.lhs, at);
      const r = estimate(cs, e.rhs, at);
      return { cost: l.cost + r.cost + at.n * (l.series + r.series), series: Math.max(l.series, r.series) };
    }
    case 'aggregate': {
      const inner = estimate(cs, e.expr, at);
      const param = e.param ? estimate(cs, e.param, at).cost : 0;
      const dropsAll = !e.without && e.grouping.length === 0;
      return { cost: inner.cost + param + at.n * inner.series, series: dropsAll ? 1 : inner.series };
    }
    case 'call': {
      let cost = 0;
      let series = 1;
      for (const a of e.args) {
        const x = estimate(cs, a, at);
        cost += x.cost;
        series = Math.max(series, x.series);
      }
      return { cost: cost + at.n * series, series };
    }
  }
}

/** Series a selector can match, by its equality matchers (an upper bound of the real count). */
function seriesOf(cs: CostSource, matchers: readonly Matcher[]): number {
  const plain = matchers.filter((m) => m.op === '=' || m.op === '!=');
  return Math.max(1, cs.src.select(plain, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY).length);
}
