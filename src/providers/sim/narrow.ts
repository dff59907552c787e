/**
 * Narrowing a query a limit refused. Loki refuses a range longer than its `max_query_length`
 * ("the query time range exceeds the limit (query length: 2h, limit: 1h)"); Prometheus and Loki
 * refuse a range query of more than 11,000 points per series. The careful answer is not to give
 * up but to ask a smaller question: the `[D]` range aggregation as shorter windows evaluated at
 * shifted times, combined the way the aggregation combines (counts and sums add, a max of maxima
 * is the max, a min of minima the min), or the same range query with a larger step. Anything else
 * (a rate, an average, a quantile) does not split exactly, so it is not split.
 */
import { parseDuration } from '../../formats/time.js';
import type { Observation } from './observe.js';
import { answersFor, type IssuedCall, wave } from './steps.js';
import type { Feedback, PlannedCall, Turns } from './types.js';

const UNITS: [string, number][] = [
  ['w', 604_800_000],
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1000],
  ['ms', 1],
];

/** A Prometheus duration (`1h30m`, `90s`) in ms; undefined when it is not one. */
const durationMs = (text: string): number | undefined => parseDuration(text, { whole: true });

/**
 * A range as a person narrowing a query writes it: the largest single unit that divides `ms`
 * exactly (3600000 → `1h`, 5400000 → `90m`, 90000 → `90s`). Neither Go's time.Duration nor
 * Prometheus' model.Duration printer (formats/time.ts: `1h30m0s`, `1h30m`): a sim's query text is
 * its own choice, and both engines read every one of these.
 */
export function singleUnitDuration(ms: number): string {
  const [u, size] = UNITS.find(([, size]) => ms % size === 0) ?? ['ms', 1];
  return `${ms / size}${u}`;
}

/** What the refusal says: a range too long (with the limit, when given), or too many points. */
export function tooLong(o: Observation): { limitMs?: number } | { points: true } | undefined {
  const text = `${o.error ?? ''} ${o.outcome === 'ok' ? '' : o.raw}`;
  if (/exceeded maximum resolution of [\d,]+ points/i.test(text)) return { points: true };
  if (!/query time range exceeds the limit|query length[^)]*limit/i.test(text)) return undefined;
  const m = /limit:\s*([0-9a-z]+)\)/i.exec(text);
  return { limitMs: m ? durationMs(m[1]) : undefined };
}

type Combine = 'sum' | 'max' | 'min';
const COMBINE: Record<string, Combine> = {
  count_over_time: 'sum',
  sum_over_time: 'sum',
  bytes_over_time: 'sum',
  max_over_time: 'max',
  min_over_time: 'min',
};
/** Functions outside the range aggregation that keep the split exact for each combine rule. */
const OUTER: Record<Combine, Set<string>> = {
  sum: new Set(['sum', 'vector']),
  max: new Set(['max', 'vector']),
  min: new Set(['min', 'vector']),
};

export interface Narrowing {
  /** One call per window (or the one call with a larger step). */
  calls: PlannedCall[];
  combine: (values: number[]) => number;
  /** How it was narrowed, for the sim's text. */
  how: string;
}

const combineFn: Record<Combine, (vs: number[]) => number> = {
  sum: (vs) => vs.reduce((a, b) => a + b, 0),
  max: (vs) => Math.max(...vs),
  min: (vs) => Math.min(...vs),
};

/**
 * The smaller questions for `call` (an instant query of `query`, built by `at(query, time)`)
 * after the refusal `o`; undefined when the query does not split exactly.
 */
export function narrowing(
  query: string,
  call: PlannedCall,
  o: Observation,
  at: (query: string, time: string) => PlannedCall,
  time: string,
): Narrowing | undefined {
  const why = tooLong(o);
  if (!why) return undefined;
  if ('points' in why) return widerStep(call);
  const ranges = [...query.matchAll(/\[(\w+)\]/g)];
  if (ranges.length !== 1) return undefined;
  const total = durationMs(ranges[0][1]);
  const before = query.slice(0, ranges[0].index);
  const fns = [...before.matchAll(/([a-z_]+)\s*\(/g)].map((m) => m[1]);
  const inner = [...fns].reverse().find((f) => f.endsWith('_over_time'));
  const rule = inner ? COMBINE[inner] : undefined;
  const outer = [...query.matchAll(/([a-z_]+)\s*\(/g)].map((m) => m[1]).filter((f) => f !== inner);
  if (!total || !rule || outer.some((f) => !OUTER[rule].has(f))) return undefined;
  const limit = why.limitMs && why.limitMs < total ? why.limitMs : total / 2;
  const n = Math.ceil(total / limit);
  const w = total / n;
  if (!Number.isInteger(w) || n > 12) return undefined;
  const windowed = query.replace(ranges[0][0], `[${singleUnitDuration(w)}]`);
  const end = Date.parse(time);
  const calls = Array.from({ length: n }, (_, k) => at(windowed, new Date(end - k * w).toISOString()));
  return {
    calls,
    combine: combineFn[rule],
    how: `${n} windows of ${singleUnitDuration(w)} (${rule} of them)`,
  };
}

/** The same range query with a step large enough to stay under 11,000 points. */
function widerStep(call: PlannedCall): Narrowing | undefined {
  const a = call.args as { start?: string; end?: string; step?: string };
  const span = Date.parse(a.end ?? '') - Date.parse(a.start ?? '');
  if (!a.step || !Number.isFinite(span)) return undefined;
  const step = Math.max((durationMs(a.step) ?? 1000) * 2, Math.ceil(span / 10_000 / 1000) * 1000);
  const args = { ...a, step: singleUnitDuration(step) };
  return { calls: [{ ...call, args }], combine: (vs) => vs[0], how: `step ${args.step}` };
}

export interface Narrowed {
  /** The combined value, when every window answered with one. */
  value?: number;
  /** Every window's call id (all of them back the combined value). */
  evidence: string[];
  /** The first window that did not answer, for the gap. */
  failed?: { query: string; obs: Observation };
  fb: Feedback;
}

const queryOf = (call: IssuedCall): string => String((call.args as { query?: string }).query ?? '');

/** Ask the smaller questions in one wave and combine their answers. */
export function* runNarrowing(n: Narrowing, text: string): Turns<Narrowed> {
  const calls = n.calls as IssuedCall[];
  const fb = yield* wave(text, calls);
  const got = answersFor(calls, fb);
  // A window with no matching data answers empty: it adds nothing to a sum, a max or a min, as
  // Loki's own split queries combine. The windows must not all be empty, or there is no value.
  const valued = got.filter((o) => o?.value !== undefined);
  const bad = calls.findIndex((_, i) => got[i]?.value === undefined && got[i]?.outcome !== 'empty');
  if (bad < 0 && valued.length === 0)
    return { evidence: [], failed: { query: queryOf(calls[0]), obs: got[0] }, fb };
  if (bad >= 0) {
    const obs = got[bad];
    return { evidence: [], failed: obs ? { query: queryOf(calls[bad]), obs } : undefined, fb };
  }
  return { value: n.combine(valued.map((o) => o.value!)), evidence: valued.map((o) => o.callId), fb };
}
