/**
 * The Prometheus v1 API over the embedded PromQL engine: parameters in, the exact wire response
 * out. Times default to the world's "now" (the golden's `time.now`), never wall time.
 */

import { PROMETHEUS_VERSION } from '../../formats/imitated.js';
import { PromQLError, type PromResult } from '../../promql/api.js';
import { formatPromFloat, instantQuery, parsePromQL, prettyExpr, rangeQuery } from '../../promql/index.js';
import type { Matcher } from '../../world/types.js';
import type { ApiParams, ApiResponse, PromApi } from '../api.js';
import type { EngineCtx } from '../engine-ctx.js';
import {
  durationParam,
  MAX_TIME,
  MIN_TIME,
  param,
  params,
  promLimit,
  promRange,
  promTimeParam,
} from '../params.js';
import { deadlineOf, type QueryLimits, UNLIMITED } from '../query-limits.js';
import { invalidParam, WireError } from '../wire-error.js';
import { alertsHandler, rulesHandler } from './alerts.js';
import { parseMatcherSets } from './selectors.js';
import {
  alertmanagersHandler,
  configHandler,
  exemplarsHandler,
  flagsHandler,
  runtimeInfoHandler,
  targetMetadataHandler,
  tsdbHandler,
  walReplayHandler,
} from './status.js';
import { targetsHandler } from './targets.js';
import { promData, promError, promSuccess } from './wire.js';

export type { EngineCtx } from '../engine-ctx.js';

export function handleProm(
  api: PromApi,
  p: ApiParams,
  ctx: EngineCtx,
  limits: QueryLimits = UNLIMITED,
  shiftMs = 0,
): ApiResponse {
  try {
    return PROM_ROUTES[api](p, ctx, limits, shiftMs);
  } catch (err) {
    if (err instanceof WireError) return promError(err.errorType, err.message);
    if (err instanceof PromQLError) return promError(err.errorType, err.message);
    return promError('internal', (err as Error)?.message ?? String(err));
  }
}

/**
 * Prometheus 3.x reports what `NewInstantQuery`/`NewRangeQuery` refuse (a parse error, a range
 * query of a range vector) as an invalid `query` parameter; 2.x left a range query's unprefixed.
 */
function engineError(err: unknown): never {
  if (err instanceof PromQLError && err.errorType === 'bad_data') {
    throw new WireError('bad_data', `invalid parameter "query": ${err.message}`);
  }
  throw err;
}

type Route = (p: ApiParams, ctx: EngineCtx, limits: QueryLimits, shiftMs: number) => ApiResponse;

/** A query's answer with what it touched (the limit faults) and which selectors read data (never on the wire). */
function withCost(res: ApiResponse, r: PromResult): ApiResponse {
  const v = r.value;
  const series = v.type === 'vector' ? v.samples.length : v.type === 'matrix' ? v.series.length : 1;
  return { ...res, cost: { series, samples: r.samplesRead }, selection: r.selection };
}

/**
 * A query's answer; with 3.x's `limit`, a vector or matrix keeps its first `limit` series and says
 * so (web/api/v1/api.go truncateResults).
 */
function queryAnswer(r: PromResult, limit: number): ApiResponse {
  const v = r.value;
  const warnings = [...r.warnings];
  let value = v;
  if (limit > 0 && v.type === 'vector' && v.samples.length > limit) {
    value = { ...v, samples: v.samples.slice(0, limit) };
    warnings.push('results truncated due to limit');
  } else if (limit > 0 && v.type === 'matrix' && v.series.length > limit) {
    value = { ...v, series: v.series.slice(0, limit) };
    warnings.push('results truncated due to limit');
  }
  return withCost(promSuccess(promData(value, formatPromFloat), warnings, r.infos), r);
}

const PROM_ROUTES: Record<PromApi, Route> = {
  'prom.query': (p, ctx, limits, shiftMs) => {
    const limit = promLimit(p);
    const t = promTimeParam(p, 'time', ctx.nowMs);
    const deadline = deadlineOf(limits, durationParam(p, 'timeout', 0));
    const q = param(p, 'query') ?? '';
    let r: ReturnType<typeof instantQuery>;
    try {
      r = instantQuery(ctx.world.metrics, q, t, { deadline, timeShiftMs: shiftMs });
    } catch (err) {
      engineError(err);
    }
    return queryAnswer(r, limit);
  },
  'prom.query_range': (p, ctx, limits, shiftMs) => {
    const limit = promLimit(p);
    const { start, end, step } = promRange(p);
    const deadline = deadlineOf(limits, durationParam(p, 'timeout', 0));
    const q = param(p, 'query') ?? '';
    let r: ReturnType<typeof rangeQuery>;
    try {
      r = rangeQuery(ctx.world.metrics, q, start, end, step, { deadline, timeShiftMs: shiftMs });
    } catch (err) {
      engineError(err);
    }
    return queryAnswer(r, limit);
  },
  'prom.series': (p, ctx) => {
    if (params(p, 'match[]').length === 0) throw new WireError('bad_data', 'no match[] parameter provided');
    const limit = promLimit(p);
    const [start, end] = listRange(p);
    let sets: Matcher[][];
    try {
      sets = parseMatcherSets(params(p, 'match[]'));
    } catch (err) {
      throw err instanceof WireError ? invalidParam('match[]', err.message) : err;
    }
    const seen = new Map<string, Record<string, string>>();
    for (const ms of sets) {
      for (const s of ctx.world.metrics.select(ms, start, end))
        seen.set(JSON.stringify(s.labels), { ...s.labels });
    }
    return limited(
      [...seen.keys()].sort().map((k) => seen.get(k)!),
      limit,
    );
  },
  'prom.labels': (p, ctx) => {
    const limit = promLimit(p);
    const [start, end] = listRange(p);
    return limited(ctx.world.metrics.labelNames(parseMatcherSets(params(p, 'match[]')), start, end), limit);
  },
  'prom.label_values': (p, ctx) => {
    const name = param(p, 'name') ?? '';
    if (name === '') throw new WireError('bad_data', 'invalid label name: ""');
    const limit = promLimit(p);
    const [start, end] = listRange(p);
    return limited(
      ctx.world.metrics.labelValues(name, parseMatcherSets(params(p, 'match[]')), start, end),
      limit,
    );
  },
  'prom.metadata': (p, ctx) => {
    const only = param(p, 'metric');
    const data: Record<string, { type: string; help: string; unit: string }[]> = {};
    for (const block of ctx.golden?.world.metrics ?? []) {
      if (!('generate' in block)) continue;
      const g = block.generate;
      if (only !== undefined && only !== g.metric) continue;
      data[g.metric] = [{ type: g.type, help: g.help ?? '', unit: '' }];
    }
    return promSuccess(data);
  },
  'prom.buildinfo': () =>
    promSuccess({
      version: PROMETHEUS_VERSION,
      revision: 'rematch-embedded',
      branch: 'HEAD',
      buildUser: 'rematch',
      buildDate: '20260101-00:00:00',
      goVersion: 'none (rematch embedded engine)',
    }),
  'prom.alerts': (p, ctx, _l, shiftMs) => alertsHandler(p, ctx, shiftMs),
  'prom.rules': (p, ctx, _l, shiftMs) => rulesHandler(p, ctx, shiftMs),
  'prom.targets': (p, ctx, _l, shiftMs) => targetsHandler(p, ctx, shiftMs),
  'prom.targets_metadata': (p, ctx) => targetMetadataHandler(p, ctx),
  'prom.alertmanagers': () => alertmanagersHandler(),
  'prom.query_exemplars': (p) => exemplarsHandler(p),
  'prom.format_query': (p) => {
    let e: ReturnType<typeof parsePromQL>;
    try {
      e = parsePromQL(param(p, 'query') ?? '');
    } catch (err) {
      engineError(err);
    }
    return promSuccess(prettyExpr(e));
  },
  'prom.status_config': (p, ctx) => configHandler(p, ctx),
  'prom.status_flags': (p, ctx, limits) => flagsHandler(p, ctx, limits),
  'prom.status_runtimeinfo': (p, ctx, limits, shiftMs) => runtimeInfoHandler(p, ctx, limits, shiftMs),
  'prom.status_tsdb': (p, ctx) => tsdbHandler(p, ctx),
  'prom.status_walreplay': () => walReplayHandler(),
};

function listRange(p: ApiParams): [number, number] {
  return [promTimeParam(p, 'start', MIN_TIME), promTimeParam(p, 'end', MAX_TIME)];
}

/** Prometheus 3's `limit` on listing APIs: truncate and say so in a warning. */
function limited<T>(items: T[], limit: number): ApiResponse {
  if (limit > 0 && items.length > limit) {
    return promSuccess(items.slice(0, limit), ['results truncated due to limit']);
  }
  return promSuccess(items);
}
