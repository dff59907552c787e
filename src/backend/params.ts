/**
 * Reading API parameters exactly as Prometheus and Loki read them. All times come out as epoch
 * milliseconds; nothing here knows about worlds or engines.
 */
import { LOKI_DEFAULTS, LOKI_TEXT, PROM_DEFAULTS, PROM_TEXT } from '../formats/imitated.js';
import { parseDuration } from '../formats/time.js';
import { goQuote } from '../world/go-strings.js';
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

/**
 * Prometheus' `parseTimeParam` (instant `time`, the listing APIs' `start`/`end`): absent or empty
 * takes the default; a bad value says which parameter twice, as web/api/v1/api.go wraps it.
 */
export function promTimeParam(p: ApiParams, name: string, def: number): number {
  const s = param(p, name);
  if (s === undefined) return def;
  try {
    return promTime(p, name);
  } catch {
    throw invalidParam(name, `${PROM_TEXT.invalidTime(name)}: cannot parse "${s}" to a valid timestamp`);
  }
}

/** Prometheus' `parseLimitParam` (3.x): absent is 0 (no limit), else a non-negative integer. */
export function promLimit(p: ApiParams): number {
  const raw = param(p, 'limit');
  if (raw === undefined) return 0;
  if (!/^[+-]?\d+$/.test(raw) || !Number.isSafeInteger(Number(raw)))
    throw invalidParam('limit', `strconv.Atoi: parsing ${goQuote(raw)}: invalid syntax`);
  const n = Number(raw);
  if (n < 0) throw invalidParam('limit', 'limit must be non-negative');
  return n;
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
  // pkg/loghttp/params.go: the ParseInt error, wrapped by `bounds` for start and end only.
  const cause = `strconv.ParseInt: parsing ${goQuote(s)}: invalid syntax`;
  throw new WireError(
    'bad_data',
    name === 'start' || name === 'end' ? `could not parse '${name}' parameter: ${cause}` : cause,
  );
}

/**
 * Loki's `start`/`end`/`since` (pkg/loghttp/params.go `determineBounds`): `end` defaults to now;
 * `start` to `since` (default `defSinceMs`) before `end`, or before now when `end` is later.
 */
export function lokiBounds(p: ApiParams, nowMs: number, defSinceMs: number): [number, number] {
  const s = param(p, 'since');
  let since = defSinceMs;
  if (s !== undefined) {
    const d = parseDuration(s);
    if (d === undefined)
      throw new WireError(
        'bad_data',
        `could not parse 'since' parameter: not a valid duration string: ${goQuote(s)}`,
      );
    since = d;
  }
  const end = lokiTime(p, 'end', nowMs);
  return [lokiTime(p, 'start', Math.min(end, nowMs) - since), end];
}

/** Loki's `parseSecondsOrDuration` (`step`, `interval`): its error is not prefixed. */
export function lokiDuration(p: ApiParams, name: string, def: number): number {
  const s = param(p, name);
  if (s === undefined) return def;
  if (FLOAT.test(s)) return Math.round(Number(s) * 1000);
  const d = parseDuration(s);
  if (d === undefined) throw new WireError('bad_data', `cannot parse ${goQuote(s)} to a valid duration`);
  return d;
}

/** Loki's `limit`/`line_limit` (`strconv.Atoi`, then positive). */
export function lokiLimit(p: ApiParams, name: string, def: number): number {
  const raw = param(p, name);
  if (raw === undefined) return def;
  if (!/^[+-]?\d+$/.test(raw) || !Number.isSafeInteger(Number(raw)))
    throw new WireError('bad_data', `strconv.Atoi: parsing ${goQuote(raw)}: invalid syntax`);
  const n = Number(raw);
  if (n <= 0) throw new WireError('bad_data', 'limit must be a positive value');
  return n;
}

/**
 * Prometheus' `query_range` parameters in its order (web/api/v1/api.go): start, end, end before
 * start, step, the step's sign, then the points rule: refused only when (end − start) / step, an
 * integer division of durations, is over 11,000 (so exactly 11,000 intervals pass).
 */
export function promRange(p: ApiParams): { start: number; end: number; step: number } {
  const start = promTime(p, 'start');
  const end = promTime(p, 'end');
  if (end < start) throw invalidParam('end', PROM_TEXT.endBeforeStart);
  const step = durationParam(p, 'step');
  if (step <= 0) throw invalidParam('step', PROM_TEXT.badStep);
  if (Math.floor((end - start) / step) > PROM_DEFAULTS.maxPoints)
    throw new WireError('bad_data', PROM_TEXT.tooManyPoints);
  return { start, end, step };
}

/** Loki refuses only end < start; its message nevertheless says "or equal". */
export function checkLokiOrder(startMs: number, endMs: number): void {
  if (endMs < startMs) throw new WireError('bad_data', LOKI_TEXT.endBeforeStart);
}

/** Loki's range checks (pkg/loghttp/query.go ParseRangeQuery), with its own texts. */
export function checkLokiRange(startMs: number, endMs: number, stepMs: number): void {
  checkLokiOrder(startMs, endMs);
  if (stepMs <= 0) throw new WireError('bad_data', LOKI_TEXT.badStep);
  if (Math.floor((endMs - startMs) / stepMs) > LOKI_DEFAULTS.maxPoints)
    throw new WireError('bad_data', LOKI_TEXT.tooManyPoints);
}
