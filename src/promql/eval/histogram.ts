/** Classic-histogram functions over `le` buckets: histogram_quantile and histogram_fraction. */
import type { Labels } from '../../world/types.js';
import { PromQLError } from '../api.js';
import { formatPromFloat } from '../format.js';
import { type FnEnv, info, warn } from './context.js';
import { dropName, keyOf, makeLabels, projectLabels } from './labels.js';
import type { Sample } from './types.js';

interface Bucket {
  le: number;
  count: number;
}

interface Group {
  labels: Labels;
  name: string;
  buckets: Bucket[];
}

function parseLe(s: string | undefined): number {
  if (s === undefined || s.trim() === '') return Number.NaN;
  const t = s.trim().toLowerCase();
  if (t === '+inf' || t === 'inf') return Number.POSITIVE_INFINITY;
  if (t === '-inf') return Number.NEGATIVE_INFINITY;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/.test(t) && !/^0x[0-9a-f]+$/.test(t)) return Number.NaN;
  return Number(t);
}

interface BucketKey {
  le: number;
  key: string;
  labels: Labels;
  name: string;
}

const bucketKeys = new WeakMap<Labels, BucketKey>();

/**
 * A bucket's group: its label set without `le`, keyed with the metric name so that two histograms
 * differing only by name collide after the name is dropped (reported as a duplicate label set).
 * Cached per label object, which repeats at every step of a range query.
 */
function bucketKey(l: Labels): BucketKey {
  let b = bucketKeys.get(l);
  if (!b) {
    const withName = projectLabels(l, false, ['le'], true);
    b = { le: parseLe(l.le), key: keyOf(withName), labels: dropName(withName), name: l.__name__ ?? '' };
    bucketKeys.set(l, b);
  }
  return b;
}

function groupBuckets(samples: Sample[], env: FnEnv, argPos: { start: number; end: number }): Group[] {
  const groups = new Map<string, Group>();
  for (const s of samples) {
    const bk = bucketKey(s.labels);
    if (Number.isNaN(bk.le)) {
      warn(
        env.ctx,
        `bucket label "le" is missing or has a malformed value of "${s.labels.le ?? ''}" for metric name "${bk.name}"`,
        argPos,
      );
      continue;
    }
    let g = groups.get(bk.key);
    if (!g) {
      g = { labels: bk.labels, name: bk.name, buckets: [] };
      groups.set(bk.key, g);
    }
    g.buckets.push({ le: bk.le, count: s.v });
  }
  return [...groups.values()];
}

/** Sort, require +Inf, merge equal bounds; returns undefined when the buckets are unusable. */
function prepare(buckets: Bucket[]): Bucket[] | undefined {
  buckets.sort((a, b) => a.le - b.le);
  if (buckets[buckets.length - 1].le !== Number.POSITIVE_INFINITY) return undefined;
  const out: Bucket[] = [];
  for (const b of buckets) {
    const last = out[out.length - 1];
    if (last && last.le === b.le) last.count += b.count;
    else out.push({ ...b });
  }
  return out;
}

function almostEqual(a: number, b: number, eps: number): boolean {
  if (a === b) return true;
  const diff = Math.abs(a - b);
  const sum = Math.abs(a) + Math.abs(b);
  if (a === 0 || b === 0 || sum < 2.2250738585072014e-308) return diff < eps * 2.2250738585072014e-308;
  return diff / Math.min(sum, Number.MAX_VALUE) < eps;
}

/** Prometheus `ensureMonotonicAndIgnoreSmallDeltas`; true when a real decrease was flattened. */
function ensureMonotonic(buckets: Bucket[]): boolean {
  let forced = false;
  let prev = buckets[0].count;
  for (let i = 1; i < buckets.length; i++) {
    const cur = buckets[i].count;
    if (cur === prev) continue;
    if (almostEqual(prev, cur, 1e-12)) {
      buckets[i].count = prev;
      continue;
    }
    if (cur < prev) {
      buckets[i].count = prev;
      forced = true;
      continue;
    }
    prev = cur;
  }
  return forced;
}

export function bucketQuantile(q: number, raw: Bucket[]): { v: number; forced: boolean } {
  if (Number.isNaN(q)) return { v: Number.NaN, forced: false };
  if (q < 0) return { v: Number.NEGATIVE_INFINITY, forced: false };
  if (q > 1) return { v: Number.POSITIVE_INFINITY, forced: false };
  const buckets = prepare(raw);
  if (!buckets) return { v: Number.NaN, forced: false };
  const forced = ensureMonotonic(buckets);
  if (buckets.length < 2) return { v: Number.NaN, forced };
  const observations = buckets[buckets.length - 1].count;
  if (observations === 0 || Number.isNaN(observations)) return { v: Number.NaN, forced };
  let rank = q * observations;
  let b = 0;
  while (b < buckets.length - 1 && !(buckets[b].count >= rank)) b++;
  if (b === buckets.length - 1) return { v: buckets[buckets.length - 2].le, forced };
  if (b === 0 && buckets[0].le <= 0) return { v: buckets[0].le, forced };
  let start = 0;
  const end = buckets[b].le;
  let count = buckets[b].count;
  if (b > 0) {
    start = buckets[b - 1].le;
    count -= buckets[b - 1].count;
    rank -= buckets[b - 1].count;
  }
  return { v: start + (end - start) * (rank / count), forced };
}

export function histogramQuantile(q: number, samples: Sample[], env: FnEnv): Sample[] {
  return histogramQuantiles([q], undefined, samples, env, env.call.args[1], [env.call.args[0]]);
}

/** histogram_quantile(s): one output per group (and per quantile, labelled `label`="q"). */
export function histogramQuantiles(
  qs: number[],
  label: string | undefined,
  samples: Sample[],
  env: FnEnv,
  argPos: { start: number; end: number },
  qPos: { start: number; end: number }[],
): Sample[] {
  qs.forEach((q, i) => {
    if (!(q >= 0 && q <= 1))
      warn(env.ctx, `quantile value should be between 0 and 1, got ${fmt(q)}`, qPos[i]);
  });
  const out: Sample[] = [];
  for (const g of groupBuckets(samples, env, argPos)) {
    if (label !== undefined && g.labels[label] !== undefined) {
      throw new PromQLError('execution', `label "${label}" already exists in the input vector`);
    }
    for (const q of qs) {
      const r = bucketQuantile(
        q,
        g.buckets.map((b) => ({ ...b })),
      );
      if (r.forced) {
        info(
          env.ctx,
          `input to histogram_quantile needed to be fixed for monotonicity (see https://prometheus.io/docs/prometheus/latest/querying/functions/#histogram_quantile) for metric name "${g.name}"`,
          argPos,
        );
      }
      const labels = label === undefined ? g.labels : makeLabels({ ...g.labels, [label]: fmtQ(q) });
      out.push({ labels, v: r.v });
    }
  }
  return out;
}

function fmtQ(q: number): string {
  return Number.isInteger(q) ? q.toFixed(1) : formatPromFloat(q);
}

/** Fraction of observations between lower and upper, interpolating linearly inside buckets. */
export function bucketFraction(lower: number, upper: number, raw: Bucket[]): number {
  const buckets = prepare(raw);
  if (!buckets) return Number.NaN;
  ensureMonotonic(buckets);
  const total = buckets[buckets.length - 1].count;
  if (total === 0 || Number.isNaN(lower) || Number.isNaN(upper)) return Number.NaN;
  if (lower >= upper) return 0;
  const rankAt = (x: number): number => {
    let prevLe = Number.NEGATIVE_INFINITY;
    let prevCount = 0;
    for (let i = 0; i < buckets.length; i++) {
      const b = buckets[i];
      // The lowest bucket spans [0, le] when le > 0, as in histogram_quantile.
      const lo = i === 0 ? (b.le > 0 ? 0 : Number.NEGATIVE_INFINITY) : prevLe;
      if (x <= lo) return prevCount;
      if (x < b.le) {
        // Infinite-width buckets are not interpolated: their observations sit at the far end.
        if (lo === Number.NEGATIVE_INFINITY) return b.count;
        if (b.le === Number.POSITIVE_INFINITY) return prevCount;
        return prevCount + ((b.count - prevCount) * (x - lo)) / (b.le - lo);
      }
      prevLe = b.le;
      prevCount = b.count;
    }
    return total;
  };
  return (rankAt(upper) - rankAt(lower)) / total;
}

export function histogramFraction(lower: number, upper: number, samples: Sample[], env: FnEnv): Sample[] {
  return groupBuckets(samples, env, env.call.args[2]).map((g) => ({
    labels: g.labels,
    v: bucketFraction(lower, upper, g.buckets),
  }));
}

function fmt(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Number.POSITIVE_INFINITY) return '+Inf';
  if (v === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(v);
}
