/**
 * Vector and range selectors over the source. Windows are left-open (Prometheus 3): an instant
 * selector sees (t - lookback, t], a range selector (t - range, t]. Stale markers end a series and
 * never appear in range windows.
 */
import { isStaleNaN, type Series } from '../../world/types.js';
import type { AtModifier, MatrixSelector, VectorSelector } from '../ast.js';
import { countSamples, type QueryContext } from './context.js';
import { dropName } from './labels.js';
import type { MatrixValue, Sample, Selected, Window } from './types.js';

export type { Selected } from './types.js';

/** First index with ts > t. */
export function upperBound(ts: Float64Array, t: number, lo = 0, hi = ts.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ts[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function atTime(ctx: QueryContext, at: AtModifier | undefined, t: number): number {
  if (!at) return t;
  if (at.kind === 'start') return ctx.startMs;
  if (at.kind === 'end') return ctx.endMs;
  return at.ms;
}

/**
 * upperBound starting from a hint (the previous step's answer): a range query's steps move
 * forward by a few samples each, so a short scan beats a fresh binary search over the series.
 * Any hint gives the same answer; a bad one only costs the binary search.
 */
export function upperBoundFrom(ts: Float64Array, t: number, hint: number, lo = 0): number {
  if (hint < lo || hint > ts.length || (hint > lo && ts[hint - 1] > t)) return upperBound(ts, t, lo);
  for (let i = hint, stop = Math.min(ts.length, hint + 8); i < stop; i++) if (ts[i] > t) return i;
  return upperBound(ts, t, Math.min(ts.length, hint + 8));
}

/** Series of a selector, fetched once per query (all times) and reused at every step. */
export function seriesOf(ctx: QueryContext, vs: VectorSelector): Selected[] {
  let s = ctx.selected.get(vs);
  if (!s) {
    s = ctx.src.select(vs.matchers, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY).map((x) => ({
      labels: x.labels,
      ts: x.ts,
      vs: x.vs,
      stale: hasStale(x),
      dropped: dropName(x.labels),
      resets: undefined,
      hintLo: 0,
      hintHi: 0,
    }));
    ctx.selected.set(vs, s);
  }
  return s;
}

export function evalVectorSelector(ctx: QueryContext, vs: VectorSelector, t: number): Sample[] {
  const te = atTime(ctx, vs.at, t) - vs.offsetMs;
  const out: Sample[] = [];
  const all = seriesOf(ctx, vs);
  // Every selected series is looked at, whether it has a sample in the window or not.
  ctx.deadline.spend(all.length);
  for (const s of all) {
    const i = upperBoundFrom(s.ts, te, s.hintHi) - 1;
    s.hintHi = i + 1;
    if (i < 0 || s.ts[i] <= te - ctx.lookbackMs) continue;
    const v = s.vs[i];
    if (Number.isNaN(v) && isStaleNaN(v)) continue;
    out.push({ labels: s.labels, v, st: s.ts[i] });
  }
  if (out.length > 0) ctx.matched.add(vs);
  countSamples(ctx, out.length);
  return out;
}

const staleCache = new WeakMap<Series, boolean>();

function hasStale(s: Series): boolean {
  let h = staleCache.get(s);
  if (h === undefined) {
    h = false;
    for (let i = 0; i < s.vs.length; i++) {
      if (Number.isNaN(s.vs[i]) && isStaleNaN(s.vs[i])) {
        h = true;
        break;
      }
    }
    staleCache.set(s, h);
  }
  return h;
}

const resetsCache = new WeakMap<Float64Array, Int32Array>();

/**
 * Prefix counts of counter decreases, `r[i]` = #{0 < j ≤ i : vs[j] < vs[j-1]}, cached per series
 * (the store's arrays outlive a query): a window with none skips the reset loop of rate().
 */
export function resetsOf(vs: Float64Array): Int32Array {
  let r = resetsCache.get(vs);
  if (!r) {
    r = new Int32Array(vs.length);
    for (let i = 1; i < vs.length; i++) r[i] = r[i - 1] + (vs[i] < vs[i - 1] ? 1 : 0);
    resetsCache.set(vs, r);
  }
  return r;
}

export function windowOf(s: Selected, from: number, to: number): Window | undefined {
  const lo = upperBoundFrom(s.ts, from, s.hintLo);
  const hi = upperBoundFrom(s.ts, to, s.hintHi, lo);
  s.hintLo = lo;
  s.hintHi = hi;
  if (lo >= hi) return undefined;
  if (!s.stale) {
    s.resets ??= resetsOf(s.vs);
    return { labels: s.labels, ts: s.ts, vs: s.vs, lo, hi, dropped: s.dropped, resets: s.resets };
  }
  const ts: number[] = [];
  const vs: number[] = [];
  for (let i = lo; i < hi; i++) {
    if (Number.isNaN(s.vs[i]) && isStaleNaN(s.vs[i])) continue;
    ts.push(s.ts[i]);
    vs.push(s.vs[i]);
  }
  if (ts.length === 0) return undefined;
  return {
    labels: s.labels,
    ts: Float64Array.from(ts),
    vs: Float64Array.from(vs),
    lo: 0,
    hi: ts.length,
    dropped: s.dropped,
  };
}

export function evalMatrixSelector(ctx: QueryContext, ms: MatrixSelector, t: number): MatrixValue {
  const te = atTime(ctx, ms.vector.at, t) - ms.vector.offsetMs;
  const windows: Window[] = [];
  let n = 0;
  const all = seriesOf(ctx, ms.vector);
  ctx.deadline.spend(all.length);
  for (const s of all) {
    const w = windowOf(s, te - ms.rangeMs, te);
    if (!w) continue;
    windows.push(w);
    n += w.hi - w.lo;
  }
  if (n > 0) ctx.matched.add(ms.vector);
  countSamples(ctx, n);
  return { kind: 'matrix', windows, rangeMs: ms.rangeMs, end: te };
}
