/**
 * Which requests a fault applies to: API, query regex, time-range overlap and call count
 * (docs/faults.md). Counting is per fault, among the calls that passed the other three tests.
 */

import type { FaultSpec, Golden } from '../../formats/golden/index.js';
import { faultPatternMatches, goldenTime } from '../../formats/golden/index.js';
import { DURATION_UNITS, parseDuration } from '../../formats/time.js';
import { type ApiParams, type ApiRequest, backendOf } from '../api.js';
import { durationParam, lokiTime, MAX_TIME, MIN_TIME, param, params, promTime } from '../params.js';

const HOUR = 3_600_000;

export function apiMatches(f: FaultSpec, req: ApiRequest): boolean {
  const apis = f.match.api;
  if (!apis || apis.length === 0) return true;
  return apis.includes(req.api) || apis.includes(backendOf(req.api));
}

/** The text a `match.query` regex is tested on: the query, or each `match[]` selector of listings. */
export function queryTexts(p: ApiParams): string[] {
  const q = param(p, 'query');
  return [...(q === undefined ? [] : [q]), ...params(p, 'match[]'), ...params(p, 'match')];
}

export function queryMatches(f: FaultSpec, req: ApiRequest): boolean {
  if (f.match.query === undefined) return true;
  const source = f.match.query;
  return queryTexts(req.params).some((t) => faultPatternMatches(source, t));
}

const WHOLE_TERM = `\\d+(?:${DURATION_UNITS})`;
const RANGE = new RegExp(`\\[(${WHOLE_TERM}(?:${WHOLE_TERM})*)(?::[^\\]]*)?\\]`, 'g');

/** The widest range selector (`[40m]`, `[1h:1m]`) in a query: how far back an instant query reads. */
export function lookback(q: string | undefined): number {
  let max = 0;
  for (const m of (q ?? '').matchAll(RANGE)) {
    max = Math.max(max, parseDuration(m[1]) ?? 0);
  }
  return max;
}

/**
 * The time range a request reads, in ms. Instant queries read [time - widest range selector, time];
 * an unreadable parameter gives the whole line (the engine will reject the request anyway).
 */
export function requestRange(req: ApiRequest, nowMs: number): [number, number] {
  const p = req.params;
  try {
    if (req.api === 'prom.query' || req.api === 'loki.query') {
      const t = req.api === 'prom.query' ? promTime(p, 'time', nowMs) : lokiTime(p, 'time', nowMs);
      return [t - lookback(param(p, 'query')), t];
    }
    if (backendOf(req.api) === 'prometheus')
      return [promTime(p, 'start', MIN_TIME), promTime(p, 'end', MAX_TIME)];
    const end = lokiTime(p, 'end', nowMs);
    const since = durationParam(
      p,
      'since',
      req.api === 'loki.labels' || req.api === 'loki.label_values' ? 6 * HOUR : HOUR,
    );
    return [lokiTime(p, 'start', end - since) - lookback(param(p, 'query')), end];
  } catch {
    return [MIN_TIME, MAX_TIME];
  }
}

export function timeMatches(f: FaultSpec, req: ApiRequest, golden: Golden): boolean {
  if (f.match.from === undefined && f.match.to === undefined) return true;
  const from = f.match.from === undefined ? MIN_TIME : goldenTime(golden, f.match.from);
  const to = f.match.to === undefined ? MAX_TIME : goldenTime(golden, f.match.to);
  const [start, end] = requestRange(req, golden.ms.now);
  return start <= to && end >= from;
}

/**
 * Whether the n-th matching call (1-based) fires. With k = n - after: k ≥ 1, k ≤ first (if set),
 * and k a multiple of every (if set).
 */
export function callFires(f: FaultSpec, n: number): boolean {
  const c = f.match.calls;
  const k = n - (c?.after ?? 0);
  if (k < 1) return false;
  if (c?.first !== undefined && k > c.first) return false;
  if (c?.every !== undefined && k % c.every !== 0) return false;
  return true;
}
