/**
 * What the `reference` sim reads from the golden's `faults:` (the one sim that may, docs/sims.md):
 * which fault would decide the answer to a call it plans, and how long a range the faults let a
 * query read. The fault layer (backend/faults/layer.ts) is the authority; this is the same test read off
 * the golden ahead of time, so the ceiling asks each question the way that gets an answer (or,
 * for an unobtainable measurement, the way the golden says fails). Sims sit below the backend, so
 * the rules of docs/faults.md "Matching" are restated here, the ones a plan can decide: API, query
 * regex, time overlap, range and step sizes, the limit kinds. A test that needs the engines' answer
 * (series, samples) or a call count is `sure: false`: the sim still reads what really came back.
 */

import type { FaultSpec, Golden } from '../../../formats/golden/index.js';
import { faultPatternMatches, goldenTime } from '../../../formats/golden/index.js';
import { parseDuration } from '../../../formats/time.js';
import type { Source } from '../../../formats/vocabulary.js';
import { TOOL } from '../../../protocol/tools.js';
import type { PlannedCall } from '../types.js';

type Api = 'prom.query' | 'prom.query_range' | 'loki.query' | 'loki.query_range';

/** A call's request as the host sends it (host/tools/query.ts). */
interface Request {
  api: Api;
  query: string;
  /** The range it reads: an instant query's is [time − widest range selector, time]. */
  start: number;
  end: number;
  /** `end − start` of a range query as asked (0 for instant queries). */
  span: number;
  steps: number;
  limit?: number;
}

export interface FaultHit {
  fault: FaultSpec;
  /** Its index in `faults:`, for a message's file:line:col. */
  index: number;
  /** False when the fault also tests what only the answer or a call count can tell. */
  sure: boolean;
}

const RANGE = /\[(\d+[a-zµ]+(?:\d+[a-zµ]+)*)(?::[^\]]*)?\]/g;

/** How far back a query's widest range selector (`[40m]`, a subquery's `[1h:1m]`) reads, in ms. */
export function widestRange(query: string): number {
  let max = 0;
  for (const m of query.matchAll(RANGE)) max = Math.max(max, parseDuration(m[1]) ?? 0);
  return max;
}

function requestOf(golden: Golden, call: PlannedCall): Request | undefined {
  const a = call.args as Record<string, unknown>;
  const query = typeof a.query === 'string' ? a.query : undefined;
  if (query === undefined) return undefined;
  const time = (v: unknown, fallback: number) => (typeof v === 'string' ? Date.parse(v) : fallback);
  const back = widestRange(query);
  const now = golden.ms.now;
  const step = typeof a.step === 'string' ? (parseDuration(a.step) ?? 60_000) : 60_000;
  if (call.name === TOOL.queryMetrics) {
    if (a.mode !== 'range') {
      const t = time(a.time, now);
      return { api: 'prom.query', query, start: t - back, end: t, span: 0, steps: 1 };
    }
    const end = time(a.end, now);
    const start = time(a.start, end - 3_600_000);
    return {
      api: 'prom.query_range',
      query,
      start,
      end,
      span: end - start,
      steps: stepsOf(start, end, step),
    };
  }
  if (call.name !== TOOL.queryLogs) return undefined;
  const end = time(a.end, now);
  const start = time(a.start, end - 3_600_000);
  const lines = query.trim().startsWith('{');
  if (!lines && a.step === undefined)
    return { api: 'loki.query', query, start: end - back, end, span: 0, steps: 1 };
  const limit = lines ? (typeof a.limit === 'number' ? a.limit : 100) : undefined;
  const span = end - start;
  return {
    api: 'loki.query_range',
    query,
    start: start - back,
    end,
    span,
    steps: stepsOf(start, end, step),
    limit,
  };
}

const stepsOf = (start: number, end: number, step: number) => Math.floor((end - start) / step) + 1;
const backendOf = (api: Api) => (api.startsWith('prom') ? 'prometheus' : 'loki');

/** The range the request reads overlaps the fault's `from`/`to`. */
function overlaps(golden: Golden, f: FaultSpec, req: Request): boolean {
  const { from, to } = f.match;
  if (from === undefined && to === undefined) return true;
  const lo = from === undefined ? -Infinity : goldenTime(golden, from);
  const hi = to === undefined ? Infinity : goldenTime(golden, to);
  return req.start <= hi && req.end >= lo;
}

/** Whether `f` applies to `req`: undefined when it does not, else whether that is certain. */
function applies(golden: Golden, f: FaultSpec, req: Request): boolean | undefined {
  const m = f.match;
  if (m.api?.length && !m.api.includes(req.api) && !m.api.includes(backendOf(req.api))) return undefined;
  if (m.query !== undefined && !faultPatternMatches(m.query, req.query)) return undefined;
  if (!overlaps(golden, f, req)) return undefined;
  if (m.rangeOver !== undefined && !(req.end - req.start > (parseDuration(m.rangeOver) ?? 0)))
    return undefined;
  if (m.stepsOver !== undefined && !(req.steps > m.stepsOver)) return undefined;
  switch (f.kind) {
    case 'max-query-length': {
      const limit = parseDuration(f.limit) ?? 0;
      if (backendOf(req.api) !== 'loki' || !(req.span > limit || req.end - req.start > limit))
        return undefined;
      break;
    }
    case 'max-entries':
      if (req.limit === undefined || !(req.limit > f.limit)) return undefined;
      break;
    case 'too-many-samples':
      if (backendOf(req.api) !== 'prometheus') return undefined;
      return false;
    case 'series-limit':
      if (f.limit !== undefined) return false;
      break;
  }
  return m.seriesOver === undefined && m.samplesOver === undefined && m.calls === undefined;
}

/**
 * The fault that would decide the answer to `call` (the first in the golden's order that applies,
 * `latency` aside: it only delays), or undefined when none would.
 */
export function faultOn(golden: Golden, call: PlannedCall): FaultHit | undefined {
  const req = requestOf(golden, call);
  if (!req) return undefined;
  for (const [index, fault] of golden.faults.entries()) {
    // A stale tool answers only until the catalog is refreshed (refresh.ts): no shape avoids it,
    // and after the refresh it decides nothing.
    if (fault.kind === 'latency' || fault.kind === 'stale-tools') continue;
    const sure = applies(golden, fault, req);
    if (sure !== undefined) return { fault, index, sure };
  }
  return undefined;
}

/**
 * The longest range a `source` query evaluated at `at` may read without a fault refusing it for its
 * length (Loki's `max-query-length`, or a refusing fault scoped by `rangeOver`), or undefined when
 * no fault limits it. `query` is tested against each fault's API, regex and time as the route
 * would be sent.
 */
export function lengthLimit(golden: Golden, source: Source, query: string, at: number): number | undefined {
  const api: Api = source === 'logs' ? 'loki.query' : 'prom.query';
  const req: Request = { api, query, start: at - widestRange(query), end: at, span: 0, steps: 1 };
  let limit: number | undefined;
  for (const f of golden.faults) {
    const m = f.match;
    if (m.api?.length && !m.api.includes(api) && !m.api.includes(backendOf(api))) continue;
    if (m.query !== undefined && !faultPatternMatches(m.query, query)) continue;
    if (!overlaps(golden, f, req)) continue;
    const ms =
      f.kind === 'max-query-length' && source === 'logs'
        ? parseDuration(f.limit)
        : f.kind !== 'latency' && m.rangeOver !== undefined
          ? parseDuration(m.rangeOver)
          : undefined;
    if (ms !== undefined && ms > 0) limit = Math.min(limit ?? ms, ms);
  }
  return limit;
}
