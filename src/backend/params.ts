/**
 * Reading API parameters exactly as Prometheus and Loki read them. All times come out as epoch
 * milliseconds; nothing here knows about worlds or engines.
 */
import { parseDuration } from '../formats/time.js';
import type { ApiParams } from './api.js';
import { invalidParam, WireError } from './wire-error.js';

/** The widest range Prometheus assumes when a listing API gets no start/end. */
export const MIN_TIME = -8.64e15;
export const MAX_TIME = 8.64e15;

const FLOAT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

/** One value of a parameter (the first if it repeats); undefined when absent or empty. */
export function param(p: ApiParams, name: string): string | undefined {
  const v = p[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s === undefined || s === '' ? undefined : s;
}

/** Every value of a repeatable parameter such as `match[]`. */
export function params(p: ApiParams, name: string): string[] {
  const v = p[name];
  if (v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).filter((s) => s !== '');
}

/** Prometheus: unix seconds (float) or RFC3339. */
export function promTime(p: ApiParams, name: string, def?: number): number {
  const s = param(p, name);
  if (s === undefined) {
    if (def !== undefined) return def;
    throw invalidParam(name, `cannot parse "" to a valid timestamp`);
  }
  if (FLOAT.test(s)) return Math.round(Number(s) * 1000);
  if (RFC3339.test(s)) return Date.parse(s);
  throw invalidParam(name, `cannot parse "${s}" to a valid timestamp`);
}

/** Prometheus and Loki durations: float seconds or a Prometheus duration string. */
export function durationParam(p: ApiParams, name: string, def?: number): number {
  const s = param(p, name);
  if (s === undefined) {
    if (def !== undefined) return def;
    throw invalidParam(name, `cannot parse "" to a valid duration`);
  }
  if (FLOAT.test(s)) return Math.round(Number(s) * 1000);
  const d = parseDuration(s);
  if (d === undefined) throw invalidParam(name, `cannot parse "${s}" to a valid duration`);
  return d;
}

/**
 * Loki: a float is unix seconds; an integer of ten or fewer digits is unix seconds, a longer one
 * nanoseconds; otherwise RFC3339 / RFC3339Nano (Loki HTTP API, "Timestamp formats").
 */
export function lokiTime(p: ApiParams, name: string, def: number): number {
  const s = param(p, name);
  if (s === undefined) return def;
  if (/^-?\d+$/.test(s)) {
    const digits = s.replace('-', '');
    if (digits.length <= 10) return Number(s) * 1000;
    return Number(BigInt(s) / 1_000_000n);
  }
  if (s.includes('.') && FLOAT.test(s)) return Math.round(Number(s) * 1000);
  if (RFC3339.test(s)) return Date.parse(s);
  throw new WireError(
    'bad_data',
    `invalid parameter "${name}": strconv.ParseInt: parsing "${s}": invalid syntax`,
  );
}

/** The 11,000-points-per-series rule and the step sign rule, shared by both APIs. */
export function checkRange(startMs: number, endMs: number, stepMs: number, loki: boolean): void {
  // Both refuse only end < start; Loki's message nevertheless says "or equal".
  if (endMs < startMs) {
    throw new WireError(
      'bad_data',
      loki
        ? 'end timestamp must not be before or equal to start time'
        : 'end timestamp must not be before start time',
    );
  }
  if (stepMs <= 0) {
    throw new WireError(
      'bad_data',
      'zero or negative query resolution step widths are not accepted. Try a positive integer',
    );
  }
  // Integer division, as Prometheus compares `end.Sub(start)/step`.
  if (Math.floor((endMs - startMs) / stepMs) > 11_000) {
    throw new WireError(
      'bad_data',
      'exceeded maximum resolution of 11,000 points per timeseries. Try decreasing the query resolution (?step=XX)',
    );
  }
}
