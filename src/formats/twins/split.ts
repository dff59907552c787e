/**
 * Whether a LogQL instant query over one `[D]` range still has an exact answer when Loki refuses
 * ranges longer than a limit: the range aggregation must combine across shorter windows (counts
 * and sums add, maxima max, minima min) with nothing outside it but the same combine. This is the
 * question a careful agent asks before splitting (the reference sim's windows, providers/sim/reference/windows.ts, split
 * the same shapes), said textually because formats/ sits below the LogQL parser.
 */
import { parseDuration } from '../time.js';

type Combine = 'sum' | 'max' | 'min';
const COMBINE: Record<string, Combine> = {
  count_over_time: 'sum',
  sum_over_time: 'sum',
  bytes_over_time: 'sum',
  max_over_time: 'max',
  min_over_time: 'min',
};
const OUTER: Record<Combine, string[]> = {
  sum: ['sum', 'vector'],
  max: ['max', 'vector'],
  min: ['min', 'vector'],
};
/** The reference splits into at most this many windows. */
const MAX_WINDOWS = 12;

/** The widest `[D]` range of a query, in ms (0 when it has none). */
export function widestRange(query: string): number {
  const ranges = [...query.matchAll(/\[(\w+)\]/g)].map((m) => parseDuration(m[1], { whole: true }) ?? 0);
  return Math.max(0, ...ranges);
}

/** True when the query reads no more than `limitMs`, or splits exactly into windows within it. */
export function answerableUnder(query: string, limitMs: number): boolean {
  const ranges = [...query.matchAll(/\[(\w+)\]/g)];
  if (ranges.length === 0) return true;
  const total = widestRange(query);
  if (total <= limitMs) return true;
  if (ranges.length !== 1) return false;
  const fns = [...query.matchAll(/([a-z_]+)\s*\(/g)].map((m) => m[1]);
  const before = [...query.slice(0, ranges[0].index).matchAll(/([a-z_]+)\s*\(/g)].map((m) => m[1]);
  const inner = [...before].reverse().find((f) => f.endsWith('_over_time'));
  const rule = inner ? COMBINE[inner] : undefined;
  if (!rule || fns.some((f) => f !== inner && !OUTER[rule].includes(f))) return false;
  const n = Math.ceil(total / limitMs);
  return n <= MAX_WINDOWS && Number.isInteger(total / n);
}
