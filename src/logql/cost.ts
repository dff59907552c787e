/**
 * What a LogQL query will cost before it runs, in the units PromQL's estimate uses (promql/cost.ts):
 * lines read, plus one unit per window of a step and a series. Every line in the queried range goes
 * through the pipeline once (range aggregations slide over each series, range-agg.ts), so the
 * estimate is the selected streams' lines in the range plus steps × streams. Streams are counted
 * with the selector's equality matchers only: an upper bound, and no regex compiled on the
 * server's own thread.
 */
import type { LogSource, Matcher } from '../world/types.js';
import type { LogExpr, MetricExpr } from './syntax/index.js';
import { parseLogQL } from './syntax/index.js';

interface Estimate {
  cost: number;
  series: number;
}

/** Stages that set labels from the line: the series a range aggregation yields are then unknown. */
const PARSERS = new Set(['json', 'logfmt', 'regexp', 'pattern', 'unpack']);

interface Steps {
  n: number;
  firstMs: number;
  lastMs: number;
}

/**
 * Estimated cost of `q` over [startMs, endMs]: a log query reads that range; a metric query is
 * evaluated at every `stepMs` (one step at `endMs` without one). 0 when it does not parse.
 */
export function estimateLogCost(
  src: LogSource,
  q: string,
  startMs: number,
  endMs: number,
  stepMs?: number,
): number {
  let expr: LogExpr;
  try {
    expr = parseLogQL(q);
  } catch {
    return 0;
  }
  if (expr.kind === 'log') return lines(src, expr.selector, startMs, endMs).cost;
  const n = stepMs && stepMs > 0 ? Math.floor(Math.max(0, endMs - startMs) / stepMs) + 1 : 1;
  const firstMs = stepMs && stepMs > 0 ? startMs : endMs;
  return metric(src, expr, { n, firstMs, lastMs: endMs }).cost;
}

function metric(src: LogSource, e: MetricExpr, at: Steps): Estimate {
  switch (e.kind) {
    case 'range': {
      const read = lines(src, e.log.selector, at.firstMs - e.offsetMs - e.rangeMs, at.lastMs - e.offsetMs);
      if (!e.log.stages.some((s) => PARSERS.has(s.kind))) {
        return { cost: read.cost + at.n * read.series, series: read.series };
      }
      // A parser can give every line labels of its own: up to a series a line, each summed over
      // the windows of the steps its sample falls in (range-agg.ts visits only those).
      const windows = at.n > 1 ? Math.min(at.n, e.rangeMs / ((at.lastMs - at.firstMs) / (at.n - 1)) + 1) : 1;
      return { cost: read.cost * (1 + windows), series: Math.max(read.series, read.cost) };
    }
    case 'vagg': {
      const inner = metric(src, e.expr, at);
      const dropsAll = !e.grouping || (!e.grouping.without && e.grouping.labels.length === 0);
      return { cost: inner.cost + at.n * inner.series, series: dropsAll ? 1 : inner.series };
    }
    case 'labelReplace': {
      const inner = metric(src, e.expr, at);
      return { cost: inner.cost + at.n * inner.series, series: inner.series };
    }
    case 'binop': {
      const l = metric(src, e.lhs, at);
      const r = metric(src, e.rhs, at);
      return { cost: l.cost + r.cost + at.n * (l.series + r.series), series: Math.max(l.series, r.series) };
    }
    case 'literal':
    case 'vector':
      return { cost: at.n, series: 1 };
  }
}

/** Lines of the streams a selector can match in [fromMs, toMs], by its equality matchers. */
function lines(src: LogSource, selector: readonly Matcher[], fromMs: number, toMs: number): Estimate {
  const plain = selector.filter((m) => m.op === '=' || m.op === '!=');
  let cost = 0;
  const streams = src.select(plain, fromMs, toMs);
  for (const s of streams) cost += s.entries.length;
  return { cost, series: Math.max(1, streams.length) };
}
