/**
 * The size tests of a fault's match, for the limits real servers enforce (docs/faults.md): the
 * range a request reads, the steps it asks for, and, once the engines have answered, the series
 * and samples it touched. The limit kinds carry their own test (`limit`) and apply only to the
 * server whose limit they are: Loki's max query length and max entries to Loki APIs, Prometheus'
 * max samples to Prometheus queries.
 */
import type { FaultSpec, Golden } from '../../formats/golden/index.js';
import { parseDuration } from '../../formats/time.js';
import { isMetricQuery } from '../../logql/index.js';
import type { ApiRequest, ApiResponse } from '../api.js';
import { backendOf, RANGED_APIS } from '../api.js';
import { durationParam, lokiTime, param, promTime } from '../params.js';
import { lookback, requestRange } from './match.js';

const HOUR = 3_600_000;

/** Loki's two checks of `max_query_length`: the request's own span, then the span its data needs. */
export function queryLengths(req: ApiRequest, golden: Golden): { span: number; read: number } {
  const [start, end] = requestRange(req, golden.ms.now);
  const instant = req.api === 'loki.query' || req.api === 'prom.query';
  const read = end - start;
  // The frontend sees start..end; the querier also the range selector's reach before start.
  return { span: instant ? 0 : read - lookback(param(req.params, 'query')), read };
}

/** Steps a range query asks for, as Prometheus and Loki count them; 1 for anything else. */
export function stepCount(req: ApiRequest, golden: Golden): number {
  const p = req.params;
  try {
    if (req.api === 'prom.query_range') {
      const start = promTime(p, 'start');
      const end = promTime(p, 'end');
      return Math.floor((end - start) / durationParam(p, 'step')) + 1;
    }
    if (req.api === 'loki.query_range') {
      const end = lokiTime(p, 'end', golden.ms.now);
      const start = lokiTime(p, 'start', end - durationParam(p, 'since', HOUR));
      const def = Math.max(Math.floor((end - start) / 1000 / 250), 1) * 1000;
      return Math.floor((end - start) / durationParam(p, 'step', def)) + 1;
    }
  } catch {
    return 1;
  }
  return 1;
}

function limitFor(f: FaultSpec, req: ApiRequest): boolean {
  switch (f.kind) {
    case 'max-query-length':
      return backendOf(req.api) === 'loki' && req.api !== 'loki.index_stats' && RANGED_APIS.has(req.api);
    case 'max-entries': {
      // Loki: "entry limit does not apply to metric queries" (pkg/querier/http.go).
      const q = param(req.params, 'query') ?? '';
      return (req.api === 'loki.query_range' || req.api === 'loki.query') && !safeIsMetric(q);
    }
    case 'too-many-samples':
      return req.api === 'prom.query' || req.api === 'prom.query_range';
    default:
      return true;
  }
}

function safeIsMetric(q: string): boolean {
  try {
    return isMetricQuery(q);
  } catch {
    return true; // a query that does not parse is refused by the engine with its own text
  }
}

/** The tests that need only the request. */
export function requestSizeMatches(f: FaultSpec, req: ApiRequest, golden: Golden): boolean {
  if (!limitFor(f, req)) return false;
  const m = f.match;
  // A range or step condition is about the APIs that read a time range (api.ts) only: build info,
  // metadata, alerts, rules and targets read none, and taking their missing start/end as all time
  // would make such a fault fire on every one of those requests.
  if ((m.rangeOver !== undefined || m.stepsOver !== undefined) && !RANGED_APIS.has(req.api)) return false;
  if (m.rangeOver !== undefined) {
    const [start, end] = requestRange(req, golden.ms.now);
    if (!(end - start > (parseDuration(m.rangeOver) ?? 0))) return false;
  }
  if (m.stepsOver !== undefined && !(stepCount(req, golden) > m.stepsOver)) return false;
  if (f.kind === 'max-query-length') {
    const limit = parseDuration(f.limit) ?? 0;
    const { span, read } = queryLengths(req, golden);
    if (!(span > limit || read > limit)) return false;
  }
  if (f.kind === 'max-entries') {
    const raw = param(req.params, 'limit');
    const asked = raw === undefined ? 100 : Number(raw);
    if (!(asked > f.limit)) return false;
  }
  return true;
}

/** Whether the fault can be decided only after the engines answered. */
export function needsAnswer(f: FaultSpec): boolean {
  return (
    f.match.seriesOver !== undefined ||
    f.match.samplesOver !== undefined ||
    f.kind === 'too-many-samples' ||
    (f.kind === 'series-limit' && f.limit !== undefined)
  );
}

/** The tests on what the query touched; an answer without a cost (an error, a listing) passes none. */
export function answerSizeMatches(f: FaultSpec, res: ApiResponse): boolean {
  if (!needsAnswer(f)) return true;
  const cost = res.cost;
  if (!cost || res.status !== 200) return false;
  if (f.match.seriesOver !== undefined && !(cost.series > f.match.seriesOver)) return false;
  if (f.match.samplesOver !== undefined && !(cost.samples > f.match.samplesOver)) return false;
  if (f.kind === 'too-many-samples' && !(cost.samples > f.limit)) return false;
  if (f.kind === 'series-limit' && f.limit !== undefined && !(cost.series > f.limit)) return false;
  return true;
}
