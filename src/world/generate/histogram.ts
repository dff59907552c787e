/**
 * Classic histograms: `<m>_bucket{le}`, `<m>_sum`, `<m>_count` per label set, consistent by
 * construction. Each scrape interval receives `rate × interval` observations (Signal, with noise)
 * from a lognormal latency distribution whose median follows `latency.shape`. Bucket increments are
 * the expected shares Φ((ln le − ln median) / spread), accumulated as floats and emitted rounded
 * down, so buckets are cumulative in `le`, monotonic in time, and `le="+Inf"` equals `_count`.
 */
import type { LatencyShapeSpec, MetricGeneratorSpec, SignalSpec } from '../../formats/golden/index.js';
import { labelsKey } from '../matchers.js';
import { rngFor } from '../rng.js';
import type { SeriesStore } from '../series-store.js';
import type { Labels } from '../types.js';
import { type GenContext, scrapeTimes } from './context.js';
import { compileSegments, compileSignal, inGap, levelAt, resetIn } from './signal.js';

export type LatencySpec = LatencyShapeSpec;

const DEFAULT_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function generateHistogram(
  spec: MetricGeneratorSpec,
  labels: Labels,
  value: SignalSpec,
  latency: LatencySpec | undefined,
  intervalMs: number,
  ctx: GenContext,
  store: SeriesStore,
): void {
  const bounds = [...new Set(spec.buckets ?? DEFAULT_BUCKETS)]
    .filter((b) => Number.isFinite(b))
    .sort((a, b) => a - b);
  const lat = latency ?? { median: 0.1, spread: 0.5, shape: [] };
  const spread = lat.spread ?? 0.5;
  const medianSegs = compileSegments(lat.shape ?? [], ctx.resolve);
  const sig = compileSignal(value, ctx.resolve);
  const rng = rngFor(ctx.seed, `histogram:${labelsKey({ __name__: spec.metric, ...labels })}`);
  const ts = scrapeTimes(ctx, intervalMs, labels);

  const acc = new Float64Array(bounds.length);
  let count = 0;
  let sum = 0;
  const keep: number[] = [];
  const buckets: number[][] = bounds.map(() => []);
  const counts: number[] = [];
  const sums: number[] = [];
  let prev = ctx.start;
  for (const t of ts) {
    const reset = resetIn(sig.segments, prev, t);
    if (reset !== undefined) {
      acc.fill(0);
      count = 0;
      sum = 0;
    }
    const rate = Math.max(0, levelAt(sig.base, sig.segments, t) * (1 + sig.noise * rng.signed()));
    const n = (rate * (t - (reset ?? prev))) / 1000;
    const median = Math.max(1e-9, levelAt(lat.median, medianSegs, t));
    count += n;
    sum += n * median * Math.exp((spread * spread) / 2);
    for (let i = 0; i < bounds.length; i++) {
      acc[i] += n * normalCdf((Math.log(bounds[i]) - Math.log(median)) / spread);
    }
    prev = t;
    if (inGap(sig.segments, t)) continue;
    keep.push(t);
    for (let i = 0; i < bounds.length; i++) buckets[i].push(Math.floor(acc[i]));
    counts.push(Math.floor(count));
    sums.push(Math.round(sum * 1e6) / 1e6);
  }
  for (let i = 0; i < bounds.length; i++) {
    store.addSeries(
      { __name__: `${spec.metric}_bucket`, ...labels, le: formatLe(bounds[i]) },
      keep,
      buckets[i],
    );
  }
  store.addSeries({ __name__: `${spec.metric}_bucket`, ...labels, le: '+Inf' }, keep, counts);
  store.addSeries({ __name__: `${spec.metric}_sum`, ...labels }, keep, sums);
  store.addSeries({ __name__: `${spec.metric}_count`, ...labels }, keep, counts);
}

/** Prometheus prints `le` as the shortest float that round-trips: 0.005, 1, 2.5. */
function formatLe(b: number): string {
  return String(b);
}

/** Φ(x) via erf (Abramowitz–Stegun 7.1.26, |error| < 1.5e-7): plenty for bucket shares. */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-z * z);
  return x >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}
