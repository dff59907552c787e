/**
 * Counter and gauge generators. A counter integrates its Signal (increase per second) over each
 * scrape interval, keeps counting through gaps (the target was alive, the scrape missed), restarts
 * from zero at resets, and is emitted rounded down (integers by default: counters count events).
 * A gauge is the Signal's level with seeded relative noise.
 */
import type { MetricGeneratorSpec, SignalSpec } from '../../formats/golden/index.js';
import { parseDuration } from '../../formats/time.js';
import { labelsKey } from '../matchers.js';
import { rngFor } from '../rng.js';
import type { SeriesStore } from '../series-store.js';
import type { Labels } from '../types.js';
import type { GenContext } from './context.js';
import { scrapeTimes } from './context.js';
import { generateHistogram, type LatencySpec } from './histogram.js';
import { expandMatrix, includesAll } from './labels.js';
import { compileSignal, inGap, levelAt, resetIn } from './signal.js';

export function generateMetric(spec: MetricGeneratorSpec, ctx: GenContext, store: SeriesStore): void {
  const intervalMs = parseDuration(spec.interval ?? '15s') ?? 15_000;
  for (const labels of expandMatrix(spec.labels ?? {})) {
    const { value, latency } = overridesFor(spec, labels);
    if (spec.type === 'histogram') {
      generateHistogram(spec, labels, value, latency, intervalMs, ctx, store);
      continue;
    }
    const series: Labels = { __name__: spec.metric, ...labels };
    const rng = rngFor(ctx.seed, `metric:${labelsKey(series)}`);
    const sig = compileSignal(value, ctx.resolve);
    const ts = scrapeTimes(ctx, intervalMs, series);
    const vs: number[] = [];
    const keep: number[] = [];
    const digits = spec.round ?? (spec.type === 'counter' ? 0 : undefined);
    let acc = spec.type === 'counter' ? Math.floor(rng.next() * Math.max(0, sig.base) * 3600) : 0;
    let prev = ctx.start;
    for (const t of ts) {
      let v: number;
      if (spec.type === 'counter') {
        const reset = resetIn(sig.segments, prev, t);
        const from = reset ?? prev;
        if (reset !== undefined) acc = 0;
        const rate = Math.max(0, levelAt(sig.base, sig.segments, t) * (1 + sig.noise * rng.signed()));
        acc += (rate * (t - from)) / 1000;
        v = floorTo(acc, digits ?? 0);
      } else {
        v = levelAt(sig.base, sig.segments, t) * (1 + sig.noise * rng.signed());
        if (spec.min !== undefined) v = Math.max(spec.min, v);
        if (spec.max !== undefined) v = Math.min(spec.max, v);
        if (digits !== undefined) v = roundTo(v, digits);
      }
      prev = t;
      if (inGap(sig.segments, t)) continue;
      keep.push(t);
      vs.push(v);
    }
    store.addSeries(series, keep, vs);
  }
}

/** The generator's value and latency, with every matching `where` applied in order (later wins). */
function overridesFor(
  spec: MetricGeneratorSpec,
  labels: Labels,
): { value: SignalSpec; latency?: LatencySpec } {
  let value = spec.value;
  let latency = spec.latency;
  for (const w of spec.where ?? []) {
    if (!includesAll(labels, w.match)) continue;
    if (w.value) value = w.value;
    if (w.latency) latency = w.latency;
  }
  return { value, latency };
}

export function floorTo(v: number, digits: number): number {
  const f = 10 ** digits;
  return Math.floor(v * f + 1e-9) / f;
}

export function roundTo(v: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}
