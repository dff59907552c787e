/**
 * The servers' default limits, always on (docs/faults.md, Default limits): what a default Loki
 * and a default Prometheus of the imitated releases (formats/imitated.ts) refuse, with or without
 * faults, raised or lowered by the golden's `limits:` (0 turns one off). The refusals and the size
 * tests are the limit faults' own (limit-responses.ts, size.ts), so a default limit and a fault of
 * the same kind answer the same bytes. It sits under the fault layer: a stricter fault fires first.
 *
 * - Loki `max_entries_limit_per_query` (5000): a log query whose `limit` is over it, 400;
 * - Loki `max_query_length` (30d1h): a query reading a longer range, 400 (every Loki API but
 *   `index/stats`, as the fault);
 * - Loki `max_query_series` (500): a metric query answering more series, 400;
 * - Prometheus `--query.max-samples` (50,000,000): an evaluation reading more samples, 422.
 *
 * A request whose query or times do not parse is left to the engines: both servers parse the request
 * (and its query) before they apply a limit, so the parse error is what the client gets.
 */
import type { FaultSpec, Golden } from '../../formats/golden/index.js';
import { serverLimitsOf } from '../../formats/imitated.js';
import { isMetricQuery } from '../../logql/index.js';
import type { ApiRequest, ApiResponse, Backend } from '../api.js';
import { backendOf } from '../api.js';
import { lokiText } from '../loki/index.js';
import { lokiBounds, lokiTime, param } from '../params.js';
import { lokiSeriesLimitText, queryTooLong, tooManyEntries, tooManySamples } from './limit-responses.js';
import { answerSizeMatches, requestSizeMatches } from './size.js';

const LOKI_QUERIES: ReadonlySet<ApiRequest['api']> = new Set(['loki.query', 'loki.query_range']);

export function withServerDefaults(backend: Backend, golden: Golden): Backend {
  const lim = serverLimitsOf(golden);
  const id = 'server-default';
  const length: FaultSpec = { id, kind: 'max-query-length', match: {}, limit: lim.maxLength };
  const entries: FaultSpec = { id, kind: 'max-entries', match: {}, limit: lim.maxEntries };
  const samples: FaultSpec = { id, kind: 'too-many-samples', match: {}, limit: lim.maxSamples };
  return {
    async handle(req: ApiRequest): Promise<ApiResponse> {
      const kind = queryKind(req);
      if (kind !== 'unparsed' && timesParse(req, golden.ms.now)) {
        if (lim.maxLengthMs > 0 && requestSizeMatches(length, req, golden))
          return queryTooLong(length as Extract<FaultSpec, { kind: 'max-query-length' }>, req, golden);
        if (lim.maxEntries > 0 && kind === 'log' && requestSizeMatches(entries, req, golden))
          return tooManyEntries(entries as Extract<FaultSpec, { kind: 'max-entries' }>, req);
      }
      const res = await backend.handle(req);
      if (res.status !== 200 || !res.cost) return res;
      if (lim.maxSamples > 0 && answerSizeMatches(samples, res) && samplesApply(req))
        return { ...tooManySamples(), cost: res.cost };
      if (lim.maxSeries > 0 && kind === 'metric' && res.cost.series > lim.maxSeries)
        return { ...lokiText(400, lokiSeriesLimitText(lim.maxSeries)), cost: res.cost };
      return res;
    },
  };
}

/** Loki reads the request's times before any limit: a bad one is the handler's to refuse. */
function timesParse(req: ApiRequest, nowMs: number): boolean {
  if (backendOf(req.api) !== 'loki') return true;
  try {
    lokiBounds(req.params, nowMs, 0);
    lokiTime(req.params, 'time', nowMs);
    return true;
  } catch {
    return false;
  }
}

function samplesApply(req: ApiRequest): boolean {
  return req.api === 'prom.query' || req.api === 'prom.query_range';
}

/** A Loki query request's kind (`log`, `metric`, or `unparsed`); `other` for every other API. */
function queryKind(req: ApiRequest): 'log' | 'metric' | 'unparsed' | 'other' {
  if (!LOKI_QUERIES.has(req.api)) return 'other';
  try {
    return isMetricQuery(param(req.params, 'query') ?? '') ? 'metric' : 'log';
  } catch {
    return 'unparsed';
  }
}
