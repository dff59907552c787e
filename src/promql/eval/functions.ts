/**
 * Instant-vector and scalar functions: the name → implementation table. Range-vector functions
 * live in ./range-functions.ts; absent/absent_over_time/timestamp need the AST and sit in ./calls.ts.
 */
import { PromQLError } from '../api.js';
import { type FnEnv, warn } from './context.js';

export type { FnEnv } from './context.js';

import { histogramFraction, histogramQuantile, histogramQuantiles } from './histogram.js';
import { labelJoin, labelReplace } from './label-functions.js';
import { compareLabels, dropName } from './labels.js';
import type { Sample, Value } from './types.js';

export type InstantFn = (args: Value[], env: FnEnv) => Value;

const vec = (samples: Sample[]): Value => ({ kind: 'vector', samples });

function samplesOf(v: Value): Sample[] {
  return v.kind === 'vector' ? v.samples : [];
}
function scalarOf(v: Value): number {
  return v.kind === 'scalar' ? v.v : Number.NaN;
}
function stringOf(v: Value): string {
  return v.kind === 'string' ? v.v : '';
}

/** f applied to every sample; the metric name is dropped. */
function mapVec(v: Value, f: (v: number) => number): Value {
  return vec(samplesOf(v).map((s) => ({ labels: dropName(s.labels), v: f(s.v) })));
}

function math(f: (v: number) => number): InstantFn {
  return (args) => mapVec(args[0], f);
}

function date(f: (d: Date) => number): InstantFn {
  return (args, env) => {
    if (args.length === 0) return vec([{ labels: {}, v: f(new Date(env.t + env.ctx.timeShiftMs)) }]);
    return vec(samplesOf(args[0]).map((s) => ({ labels: dropName(s.labels), v: dateOf(s.v, f) })));
  };
}

function dateOf(v: number, f: (d: Date) => number): number {
  if (!Number.isFinite(v)) return Number.NaN;
  return f(new Date(Math.trunc(v) * 1000));
}

function dayOfYear(d: Date): number {
  return Math.floor((d.getTime() - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
}

/** Prometheus' warning for sort(), sort_desc() and the by-label sorts in a range query. */
const SORT_IN_RANGE = 'sort is ineffective for range queries since results are always ordered by labels';

function sortBy(desc: boolean): InstantFn {
  return (args, env) => {
    if (env.ctx.isRange) warn(env.ctx, SORT_IN_RANGE, env.call);
    const s = samplesOf(args[0]).slice();
    // NaN sorts last in both directions, as in Prometheus.
    s.sort((a, b) => {
      if (Number.isNaN(a.v)) return Number.isNaN(b.v) ? 0 : 1;
      if (Number.isNaN(b.v)) return -1;
      return desc ? b.v - a.v : a.v - b.v;
    });
    return vec(s);
  };
}

function sortByLabel(desc: boolean): InstantFn {
  return (args, env) => {
    if (env.ctx.isRange) warn(env.ctx, SORT_IN_RANGE, env.call);
    const names = args.slice(1).map(stringOf);
    const s = samplesOf(args[0]).slice();
    s.sort((a, b) => {
      for (const n of names) {
        const c = naturalCompare(a.labels[n] ?? '', b.labels[n] ?? '');
        if (c !== 0) return desc ? -c : c;
      }
      const c = compareLabels(a.labels, b.labels);
      return desc ? -c : c;
    });
    return vec(s);
  };
}

const collator = new Intl.Collator('en', { numeric: true });
function naturalCompare(a: string, b: string): number {
  return collator.compare(a, b);
}

function round(v: number, toNearest: number): number {
  const inv = 1 / toNearest;
  return Math.floor(v * inv + 0.5) / inv;
}

function deg(v: number): number {
  return (v * 180) / Math.PI;
}

export const INSTANT_FUNCTIONS: Record<string, InstantFn> = {
  abs: math(Math.abs),
  ceil: math(Math.ceil),
  floor: math(Math.floor),
  exp: math(Math.exp),
  sqrt: math(Math.sqrt),
  ln: math(Math.log),
  log2: math(Math.log2),
  log10: math(Math.log10),
  sgn: math((v) => (Number.isNaN(v) ? v : Math.sign(v))),
  acos: math(Math.acos),
  acosh: math(Math.acosh),
  asin: math(Math.asin),
  asinh: math(Math.asinh),
  atan: math(Math.atan),
  atanh: math(Math.atanh),
  cos: math(Math.cos),
  cosh: math(Math.cosh),
  sin: math(Math.sin),
  sinh: math(Math.sinh),
  tan: math(Math.tan),
  tanh: math(Math.tanh),
  deg: math(deg),
  rad: math((v) => (v * Math.PI) / 180),
  pi: () => ({ kind: 'scalar', v: Math.PI }),
  time: (_a, env) => ({ kind: 'scalar', v: (env.t + env.ctx.timeShiftMs) / 1000 }),
  step: (_a, env) => ({ kind: 'scalar', v: env.ctx.stepMs / 1000 }),
  range: (_a, env) => ({ kind: 'scalar', v: (env.ctx.endMs - env.ctx.startMs) / 1000 }),
  start: (_a, env) => ({ kind: 'scalar', v: env.ctx.startMs / 1000 }),
  end: (_a, env) => ({ kind: 'scalar', v: env.ctx.endMs / 1000 }),
  min_of: (args) => ({ kind: 'scalar', v: Math.min(scalarOf(args[0]), scalarOf(args[1])) }),
  max_of: (args) => ({ kind: 'scalar', v: Math.max(scalarOf(args[0]), scalarOf(args[1])) }),
  scalar: (args) => {
    const s = samplesOf(args[0]);
    return { kind: 'scalar', v: s.length === 1 ? s[0].v : Number.NaN };
  },
  vector: (args) => vec([{ labels: {}, v: scalarOf(args[0]) }]),
  round: (args) => {
    const to = args.length > 1 ? scalarOf(args[1]) : 1;
    return mapVec(args[0], (v) => round(v, to));
  },
  clamp: (args) => {
    const min = scalarOf(args[1]);
    const max = scalarOf(args[2]);
    if (max < min) return vec([]);
    return mapVec(args[0], (v) => Math.max(min, Math.min(max, v)));
  },
  clamp_min: (args) => {
    const min = scalarOf(args[1]);
    return mapVec(args[0], (v) => Math.max(min, v));
  },
  clamp_max: (args) => {
    const max = scalarOf(args[1]);
    return mapVec(args[0], (v) => Math.min(max, v));
  },
  day_of_month: date((d) => d.getUTCDate()),
  day_of_week: date((d) => d.getUTCDay()),
  day_of_year: date(dayOfYear),
  days_in_month: date((d) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()),
  hour: date((d) => d.getUTCHours()),
  minute: date((d) => d.getUTCMinutes()),
  month: date((d) => d.getUTCMonth() + 1),
  year: date((d) => d.getUTCFullYear()),
  sort: sortBy(false),
  sort_desc: sortBy(true),
  sort_by_label: sortByLabel(false),
  sort_by_label_desc: sortByLabel(true),
  label_replace: (args, env) =>
    vec(
      labelReplace(
        samplesOf(args[0]),
        stringOf(args[1]),
        stringOf(args[2]),
        stringOf(args[3]),
        stringOf(args[4]),
        env,
      ),
    ),
  label_join: (args, env) =>
    vec(
      labelJoin(samplesOf(args[0]), stringOf(args[1]), stringOf(args[2]), args.slice(3).map(stringOf), env),
    ),
  histogram_quantile: (args, env) => vec(histogramQuantile(scalarOf(args[0]), samplesOf(args[1]), env)),
  histogram_quantiles: (args, env) =>
    vec(
      histogramQuantiles(
        args.slice(2).map(scalarOf),
        stringOf(args[1]),
        samplesOf(args[0]),
        env,
        env.call.args[0],
        env.call.args.slice(2),
      ),
    ),
  histogram_fraction: (args, env) =>
    vec(histogramFraction(scalarOf(args[0]), scalarOf(args[1]), samplesOf(args[2]), env)),
  // Native-histogram-only functions: float series yield nothing.
  histogram_count: () => vec([]),
  histogram_sum: () => vec([]),
  histogram_avg: () => vec([]),
  histogram_stddev: () => vec([]),
  histogram_stdvar: () => vec([]),
};

export function unsupported(name: string): PromQLError {
  return new PromQLError('bad_data', `unsupported function: ${name}`);
}
