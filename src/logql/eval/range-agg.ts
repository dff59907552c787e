/**
 * Range aggregations over step times. The window for a step at t is (t − offset − range,
 * t − offset]: left-open, right-closed, like Prometheus 3 and Loki. Two pointers slide over each
 * series' sorted samples. Sums add a window's values in time order from 0, as Loki does, so one
 * NaN or ±Inf sample spoils only the windows holding it; a series of integers small enough to add
 * exactly (counts, byte lengths, most unwrapped values) uses prefix sums instead, which give the
 * same bits at O(1) a step.
 */

import type { Deadline } from '../../world/deadline.js';
import type { Labels, LogSource, Matcher } from '../../world/types.js';
import { keyOf } from '../pipeline/index.js';
import type { RangeAggExpr } from '../syntax/index.js';
import { collectSamples, type SampleSeries } from './samples.js';
import type { EvalStats } from './select.js';

export interface Sample {
  labels: Labels;
  key: string;
  v: number;
}

/** One vector per step. */
export type StepVectors = Sample[][];

export function evalRangeAgg(
  src: LogSource,
  e: RangeAggExpr,
  steps: number[],
  stats: EvalStats,
): StepVectors {
  const out: StepVectors = steps.map(() => []);
  if (!steps.length) return out;
  const series = collectSamples(src, e, steps, stats);
  if (e.op === 'absent_over_time') return absent(e, series, steps);
  return windowsOf(e, series, steps, stats.deadline);
}

/** The step vectors of collected sample series (keyed by their label key), in the series' order. */
export function windowsOf(
  e: RangeAggExpr,
  series: Map<string, SampleSeries>,
  steps: number[],
  deadline: Deadline,
): StepVectors {
  const out: StepVectors = steps.map(() => []);
  eachWindow(e, series, steps, deadline, (si, key, s, v) => {
    out[si].push({ labels: s.labels, key, v });
  });
  return out;
}

/**
 * Every (step, series) window value, series by series in the map's order and steps ascending
 * within a series: the order in which windowsOf fills its step vectors.
 */
export function eachWindow(
  e: RangeAggExpr,
  series: Map<string, SampleSeries>,
  steps: number[],
  deadline: Deadline,
  visit: (step: number, key: string, s: SampleSeries, v: number) => void,
): void {
  const rangeSec = e.rangeMs / 1000;
  let prefix = new Float64Array(64);
  for (const [key, s] of series) {
    const n = s.ts.length;
    // One scratch array for every series' prefix sums (most series hold a handful of samples).
    if (prefix.length < n + 1) prefix = new Float64Array(2 * (n + 1));
    const exact = prefixExact(s.vs, prefix);
    let lo = 0;
    let hi = 0;
    // Only steps whose window can hold one of this series' samples: high-cardinality series
    // (one per parsed label set) then cost O(samples × range/step), not O(steps).
    const firstStep = lowerBound(steps, s.ts[0] + e.offsetMs);
    const endStep = lowerBound(steps, s.ts[n - 1] + e.offsetMs + e.rangeMs);
    // A tiny step over a long range makes this the expensive loop: one unit per window.
    deadline.spend(1 + endStep - firstStep);
    for (let si = firstStep; si < endStep; si++) {
      const end = steps[si] - e.offsetMs;
      const start = end - e.rangeMs;
      while (lo < n && s.ts[lo] <= start) lo++;
      if (hi < lo) hi = lo;
      while (hi < n && s.ts[hi] <= end) hi++;
      if (hi <= lo) continue;
      const v = windowValue(e, s, lo, hi, exact ? prefix : undefined, rangeSec, start, end);
      if (v !== undefined) visit(si, key, s, v);
    }
  }
}

function windowValue(
  e: RangeAggExpr,
  s: SampleSeries,
  lo: number,
  hi: number,
  prefix: Float64Array | undefined,
  rangeSec: number,
  start: number,
  end: number,
): number | undefined {
  const count = hi - lo;
  switch (e.op) {
    case 'count_over_time':
      return count;
    case 'rate':
      return (e.unwrap ? windowSum(s.vs, lo, hi, prefix) : count) / rangeSec;
    case 'bytes_over_time':
    case 'sum_over_time':
      return windowSum(s.vs, lo, hi, prefix);
    case 'bytes_rate':
      return windowSum(s.vs, lo, hi, prefix) / rangeSec;
    case 'avg_over_time':
      return runningMean(s.vs, lo, hi);
    case 'min_over_time':
    case 'max_over_time': {
      let m = s.vs[lo];
      const max = e.op === 'max_over_time';
      for (let i = lo + 1; i < hi; i++) {
        const v = s.vs[i];
        if (max ? v > m || Number.isNaN(m) : v < m || Number.isNaN(m)) m = v;
      }
      return m;
    }
    case 'stdvar_over_time':
    case 'stddev_over_time': {
      const variance = welfordVariance(s.vs, lo, hi);
      return e.op === 'stdvar_over_time' ? variance : Math.sqrt(variance);
    }
    case 'quantile_over_time':
      return quantile(e.param ?? 0, s.vs.slice(lo, hi));
    case 'first_over_time':
      return s.vs[lo];
    case 'last_over_time':
      return s.vs[hi - 1];
    case 'rate_counter':
      return counterRate(s, lo, hi, start, end, rangeSec);
    case 'absent_over_time':
      return undefined;
  }
}

const EXACT_LIMIT = 2 ** 53;

/**
 * Fills prefix[0..n] with running totals and says whether they are exact: every value an integer
 * and the absolute total within 2^53, so any difference of two totals is the window's sum to the
 * bit. Otherwise windows add their values one by one.
 */
function prefixExact(vs: number[], prefix: Float64Array): boolean {
  let abs = 0;
  prefix[0] = 0;
  for (let i = 0; i < vs.length; i++) {
    const v = vs[i];
    if (!Number.isInteger(v)) return false;
    abs += Math.abs(v);
    if (abs > EXACT_LIMIT) return false;
    prefix[i + 1] = prefix[i] + v;
  }
  return true;
}

function windowSum(vs: number[], lo: number, hi: number, prefix: Float64Array | undefined): number {
  if (prefix) return prefix[hi] - prefix[lo];
  let sum = 0;
  for (let i = lo; i < hi; i++) sum += vs[i];
  return sum;
}

/**
 * The incremental mean Loki (after Prometheus) computes: mean += v/k − mean/k, keeping an infinite
 * mean when the next value is finite or an infinity of the same sign, so +Inf then 3 stays +Inf
 * and +Inf with −Inf gives NaN.
 */
function runningMean(vs: number[], lo: number, hi: number): number {
  let mean = 0;
  let k = 0;
  for (let i = lo; i < hi; i++) {
    const v = vs[i];
    k++;
    if (mean === Infinity || mean === -Infinity) {
      if (v === mean) continue;
      if (Number.isFinite(v)) continue;
    }
    mean += v / k - mean / k;
  }
  return mean;
}

/** Population variance by Welford's online algorithm (the one Loki uses). */
function welfordVariance(vs: number[], lo: number, hi: number): number {
  let mean = 0;
  let aux = 0;
  let k = 0;
  for (let i = lo; i < hi; i++) {
    const v = vs[i];
    k++;
    const delta = v - mean;
    mean += delta / k;
    aux += delta * (v - mean);
  }
  return aux / k;
}

/** Prometheus' quantile: linear interpolation between the closest ranks. */
export function quantile(q: number, values: number[]): number {
  if (!values.length) return Number.NaN;
  if (q < 0) return -Infinity;
  if (q > 1) return Infinity;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = q * (sorted.length - 1);
  const lower = Math.max(0, Math.floor(rank));
  const upper = Math.min(sorted.length - 1, lower + 1);
  const w = rank - Math.floor(rank);
  return sorted[lower] * (1 - w) + sorted[upper] * w;
}

/**
 * Loki's rate_counter: Prometheus' extrapolated rate measured against the query window. Fewer
 * than two samples give 0 (not nothing). A decrease is a reset that adds back the value before it.
 * Each side extrapolates to its edge unless the nearest sample is 1.1 average intervals or more
 * away, in which case it stretches half an interval; only then may the counter's zero point
 * shorten the start side (the threshold cap comes first).
 */
function counterRate(
  s: SampleSeries,
  lo: number,
  hi: number,
  start: number,
  end: number,
  rangeSec: number,
): number {
  const n = hi - lo;
  if (n < 2) return 0;
  const first = s.vs[lo];
  let result = s.vs[hi - 1] - first;
  let last = 0;
  for (let i = lo; i < hi; i++) {
    if (s.vs[i] < last) result += last;
    last = s.vs[i];
  }
  const sampled = (s.ts[hi - 1] - s.ts[lo]) / 1000;
  const avgGap = sampled / (n - 1);
  const threshold = avgGap * 1.1;
  let toStart = (s.ts[lo] - start) / 1000;
  let toEnd = (end - s.ts[hi - 1]) / 1000;
  if (toStart >= threshold) toStart = avgGap / 2;
  if (result > 0 && first >= 0) {
    const toZero = sampled * (first / result);
    if (toZero < toStart) toStart = toZero;
  }
  if (toEnd >= threshold) toEnd = avgGap / 2;
  return (result * ((sampled + toStart + toEnd) / sampled)) / rangeSec;
}

function absent(e: RangeAggExpr, series: Map<string, SampleSeries>, steps: number[]): StepVectors {
  const labels = absentLabels(e.log.selector);
  const key = keyOf(labels);
  const all = [...series.values()];
  const ptr = all.map(() => 0);
  return steps.map((t) => {
    const end = t - e.offsetMs;
    const start = end - e.rangeMs;
    const present = all.some((s, i) => {
      while (ptr[i] < s.ts.length && s.ts[ptr[i]] <= start) ptr[i]++;
      return ptr[i] < s.ts.length && s.ts[ptr[i]] <= end;
    });
    return present ? [] : [{ labels, key, v: 1 }];
  });
}

/** Labels of an absent result: the selector's equality matchers, unless a name repeats. */
function absentLabels(ms: readonly Matcher[]): Labels {
  const out: Record<string, string> = {};
  const seen = new Set<string>();
  for (const m of ms) {
    if (m.op === '=' && !seen.has(m.name)) out[m.name] = m.value;
    else delete out[m.name];
    seen.add(m.name);
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** First index whose value is >= x. */
function lowerBound(xs: number[], x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
