/**
 * Functions over range vectors, one value per series window. Each returns undefined to emit no
 * sample. Extrapolation and regression follow Prometheus' `functions.go` definitions.
 */
import { KahanSum, kahanInc, MeanAcc, quantile, variance } from './stats.js';
import type { Window } from './types.js';

export interface RangeCall {
  /** Window bounds: (end - rangeMs, end]. */
  rangeMs: number;
  end: number;
  /** The outer evaluation time (predict_linear's intercept, even under `@`). */
  evalT: number;
  /** Scalar arguments other than the range vector, in order. */
  params: number[];
}

export type RangeFn = (w: Window, c: RangeCall) => number | undefined;

function extrapolated(w: Window, c: RangeCall, isCounter: boolean, isRate: boolean): number | undefined {
  const { ts, vs, lo, hi } = w;
  if (hi - lo < 2) return undefined;
  const first = vs[lo];
  let result = vs[hi - 1] - first;
  // No decrease inside the window (the prefix counts say so at once): the loop would add nothing.
  if (isCounter && (w.resets === undefined || w.resets[hi - 1] !== w.resets[lo])) {
    let last = 0;
    for (let i = lo; i < hi; i++) {
      if (vs[i] < last) result += last;
      last = vs[i];
    }
  }
  const rangeStart = c.end - c.rangeMs;
  let toStart = (ts[lo] - rangeStart) / 1000;
  let toEnd = (c.end - ts[hi - 1]) / 1000;
  const sampled = (ts[hi - 1] - ts[lo]) / 1000;
  const avgStep = sampled / (hi - lo - 1);
  const threshold = avgStep * 1.1;
  if (toStart >= threshold) toStart = avgStep / 2;
  if (isCounter && result > 0 && first >= 0) {
    const toZero = sampled * (first / result);
    if (toZero < toStart) toStart = toZero;
  }
  if (toEnd >= threshold) toEnd = avgStep / 2;
  let factor = (sampled + toStart + toEnd) / sampled;
  if (isRate) factor /= c.rangeMs / 1000;
  return result * factor;
}

function instant(w: Window, isRate: boolean): number | undefined {
  const { ts, vs, hi } = w;
  if (hi - w.lo < 2) return undefined;
  const last = vs[hi - 1];
  const prev = vs[hi - 2];
  let r = isRate && last < prev ? last : last - prev;
  if (!isRate) return r;
  const dt = ts[hi - 1] - ts[hi - 2];
  if (dt === 0) return undefined;
  r /= dt / 1000;
  return r;
}

/** Least squares over (t - interceptMs)/1000 → [slope, intercept] (Prometheus `linearRegression`). */
export function linearRegression(w: Window, interceptMs: number): [number, number] {
  const { ts, vs, lo, hi } = w;
  let n = 0;
  let sx = 0;
  let cx = 0;
  let sy = 0;
  let cy = 0;
  let sxy = 0;
  let cxy = 0;
  let sx2 = 0;
  let cx2 = 0;
  const initY = vs[lo];
  let constY = true;
  for (let i = lo; i < hi; i++) {
    const y = vs[i];
    if (constY && i > lo && y !== initY) constY = false;
    n++;
    const x = (ts[i] - interceptMs) / 1000;
    [sx, cx] = kahanInc(x, sx, cx);
    [sy, cy] = kahanInc(y, sy, cy);
    [sxy, cxy] = kahanInc(x * y, sxy, cxy);
    [sx2, cx2] = kahanInc(x * x, sx2, cx2);
  }
  if (constY) {
    if (!Number.isFinite(initY) && !Number.isNaN(initY)) return [Number.NaN, Number.NaN];
    return [0, initY];
  }
  sx += cx;
  sy += cy;
  sxy += cxy;
  sx2 += cx2;
  const covXY = sxy - (sx * sy) / n;
  const varX = sx2 - (sx * sx) / n;
  const slope = covXY / varX;
  return [slope, sy / n - (slope * sx) / n];
}

function values(w: Window): number[] {
  const out: number[] = [];
  for (let i = w.lo; i < w.hi; i++) out.push(w.vs[i]);
  return out;
}

function extreme(w: Window, pick: (cur: number, best: number) => boolean): number {
  let best = w.vs[w.lo];
  for (let i = w.lo + 1; i < w.hi; i++) if (pick(w.vs[i], best) || Number.isNaN(best)) best = w.vs[i];
  return best;
}

function extremeTs(w: Window, pick: (cur: number, best: number) => boolean): number {
  let best = w.vs[w.lo];
  let bt = w.ts[w.lo];
  for (let i = w.lo + 1; i < w.hi; i++) {
    if (pick(w.vs[i], best) || (Number.isNaN(best) && !Number.isNaN(w.vs[i]))) {
      best = w.vs[i];
      bt = w.ts[i];
    }
  }
  return bt / 1000;
}

function smoothing(w: Window, sf: number, tf: number): number | undefined {
  const { vs, lo, hi } = w;
  if (hi - lo < 2) return undefined;
  let s1 = vs[lo];
  let b = vs[lo + 1] - vs[lo];
  let s0 = s1;
  for (let i = lo + 1; i < hi; i++) {
    if (i > lo + 1) b = tf * (s1 - s0) + (1 - tf) * b;
    s0 = s1;
    s1 = sf * vs[i] + (1 - sf) * (s0 + b);
  }
  return s1;
}

export const RANGE_FUNCTIONS: Record<string, RangeFn> = {
  rate: (w, c) => extrapolated(w, c, true, true),
  increase: (w, c) => extrapolated(w, c, true, false),
  delta: (w, c) => extrapolated(w, c, false, false),
  irate: (w) => instant(w, true),
  idelta: (w) => instant(w, false),
  deriv: (w) => (w.hi - w.lo < 2 ? undefined : linearRegression(w, w.ts[w.lo])[0]),
  predict_linear: (w, c) => {
    if (w.hi - w.lo < 2) return undefined;
    const [slope, intercept] = linearRegression(w, c.evalT);
    return slope * c.params[0] + intercept;
  },
  resets: (w) => {
    let n = 0;
    for (let i = w.lo + 1; i < w.hi; i++) if (w.vs[i] < w.vs[i - 1]) n++;
    return n;
  },
  changes: (w) => {
    let n = 0;
    for (let i = w.lo + 1; i < w.hi; i++) {
      const a = w.vs[i];
      const b = w.vs[i - 1];
      if (a !== b && !(Number.isNaN(a) && Number.isNaN(b))) n++;
    }
    return n;
  },
  avg_over_time: (w) => {
    const m = new MeanAcc();
    for (let i = w.lo; i < w.hi; i++) m.add(w.vs[i]);
    return m.value;
  },
  sum_over_time: (w) => {
    const k = new KahanSum();
    for (let i = w.lo; i < w.hi; i++) k.add(w.vs[i]);
    return k.value;
  },
  count_over_time: (w) => w.hi - w.lo,
  min_over_time: (w) => extreme(w, (cur, best) => cur < best),
  max_over_time: (w) => extreme(w, (cur, best) => cur > best),
  last_over_time: (w) => w.vs[w.hi - 1],
  first_over_time: (w) => w.vs[w.lo],
  present_over_time: () => 1,
  ts_of_last_over_time: (w) => w.ts[w.hi - 1] / 1000,
  ts_of_first_over_time: (w) => w.ts[w.lo] / 1000,
  ts_of_min_over_time: (w) => extremeTs(w, (cur, best) => cur <= best),
  ts_of_max_over_time: (w) => extremeTs(w, (cur, best) => cur >= best),
  stddev_over_time: (w) => Math.sqrt(variance(w.vs, w.lo, w.hi)),
  stdvar_over_time: (w) => variance(w.vs, w.lo, w.hi),
  quantile_over_time: (w, c) => quantile(c.params[0], values(w)),
  mad_over_time: (w) => {
    const vals = values(w);
    if (vals.some(Number.isNaN)) return Number.NaN;
    const med = quantile(0.5, vals.slice());
    return quantile(
      0.5,
      vals.map((v) => Math.abs(v - med)),
    );
  },
  double_exponential_smoothing: (w, c) => smoothing(w, c.params[0], c.params[1]),
};

/** Range functions whose output keeps the metric name. */
export const KEEPS_NAME = new Set(['last_over_time', 'first_over_time']);
