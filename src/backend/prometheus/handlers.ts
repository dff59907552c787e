/**
 * The Prometheus v1 API over the embedded PromQL engine: parameters in, the exact wire response
 * out. Times default to the world's "now" (the golden's `time.now`), never wall time.
 */

import { PromQLError, type PromResult } from '../../promql/api.js';
import { formatPromFloat, instantQuery, parsePromQL, rangeQuery } from '../../promql/index.js';
import { anchoredRegex } from '../../world/matchers.js';
import type { Matcher } from '../../world/types.js';
import type { ApiParams, ApiResponse, PromApi } from '../api.js';
import type { EngineCtx } from '../engine-ctx.js';
import { checkRange, durationParam, MAX_TIME, MIN_TIME, param, params, promTime } from '../params.js';
import { deadlineOf, type QueryLimits, UNLIMITED } from '../query-limits.js';
import { WireError } from '../wire-error.js';
import { alertsHandler, rulesHandler } from './alerts.js';
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

/** Prometheus reports parse errors of `query` as an invalid parameter. */
function engineError(err: unknown): never {
  if (err instanceof PromQLError && err.errorType === 'bad_data' && /parse error/.test(err.message)) {
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

const PROM_ROUTES: Record<PromApi, Route> = {
  'prom.query': (p, ctx, limits, shiftMs) => {
    const t = promTime(p, 'time', ctx.nowMs);
    const deadline = deadlineOf(limits, durationParam(p, 'timeout', 0));
    const q = param(p, 'query') ?? '';
    let r: ReturnType<typeof instantQuery>;
    try {
      r = instantQuery(ctx.world.metrics, q, t, { deadline, timeShiftMs: shiftMs });
    } catch (err) {
      engineError(err);
    }
    return withCost(promSuccess(promData(r.value, formatPromFloat), r.warnings, r.infos), r);
  },
  'prom.query_range': (p, ctx, limits, shiftMs) => {
    const start = promTime(p, 'start');
    const end = promTime(p, 'end');
    const step = durationParam(p, 'step');
    const deadline = deadlineOf(limits, durationParam(p, 'timeout', 0));
    checkRange(start, end, step, false);
    const q = param(p, 'query') ?? '';
    let r: ReturnType<typeof rangeQuery>;
    try {
      r = rangeQuery(ctx.world.metrics, q, start, end, step, { deadline, timeShiftMs: shiftMs });
    } catch (err) {
      engineError(err);
    }
    return withCost(promSuccess(promData(r.value, formatPromFloat), r.warnings, r.infos), r);
  },
  'prom.series': (p, ctx) => {
    const sets = matcherSets(p);
    if (sets.length === 0) throw new WireError('bad_data', 'no match[] parameter provided');
    const [start, end] = listRange(p);
    const seen = new Map<string, Record<string, string>>();
    for (const ms of sets) {
      for (const s of ctx.world.metrics.select(ms, start, end))
        seen.set(JSON.stringify(s.labels), { ...s.labels });
    }
    return limited(
      [...seen.keys()].sort().map((k) => seen.get(k)!),
      p,
    );
  },
  'prom.labels': (p, ctx) => {
    const [start, end] = listRange(p);
    return limited(ctx.world.metrics.labelNames(matcherSets(p), start, end), p);
  },
  'prom.label_values': (p, ctx) => {
    const name = param(p, 'name') ?? '';
    if (name === '') throw new WireError('bad_data', 'invalid label name: ""');
    const [start, end] = listRange(p);
    return limited(ctx.world.metrics.labelValues(name, matcherSets(p), start, end), p);
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
      version: '3.5.0',
      revision: 'rematch-embedded',
      branch: 'HEAD',
      buildUser: 'rematch',
      buildDate: '20260101-00:00:00',
      goVersion: 'none (rematch embedded engine)',
    }),
  'prom.alerts': (p, ctx, _l, shiftMs) => alertsHandler(p, ctx, shiftMs),
  'prom.rules': (p, ctx, _l, shiftMs) => rulesHandler(p, ctx, shiftMs),
  'prom.targets': (p, ctx, _l, shiftMs) => targetsHandler(p, ctx, shiftMs),
};

/** Each `match[]` as a matcher set; a bare metric name becomes a `__name__` matcher. */
function matcherSets(p: ApiParams): Matcher[][] {
  return params(p, 'match[]').map((sel) => {
    const e = parsePromQL(sel);
    if (e.type !== 'vectorSelector') {
      throw new WireError('bad_data', `invalid parameter "match[]": ${sel} is not a series selector`);
    }
    const set = [...e.matchers];
    if (e.name !== undefined && !set.some((m) => m.name === '__name__')) {
      set.unshift({ name: '__name__', op: '=', value: e.name });
    }
    if (set.every((m) => matchesEmpty(m))) {
      throw new WireError('bad_data', 'match[] must contain at least one non-empty matcher');
    }
    return set;
  });
}

function matchesEmpty(m: Matcher): boolean {
  if (m.op === '=') return m.value === '';
  if (m.op === '!=') return m.value !== '';
  // The selector parsed already, so its regex is valid RE2.
  const re = anchoredRegex(m.value);
  return m.op === '=~' ? re.test('') : !re.test('');
}

function listRange(p: ApiParams): [number, number] {
  return [promTime(p, 'start', MIN_TIME), promTime(p, 'end', MAX_TIME)];
}

/** Prometheus 3's `limit` on listing APIs: truncate and say so in a warning. */
function limited<T>(items: T[], p: ApiParams): ApiResponse {
  const raw = param(p, 'limit');
  const limit = raw === undefined ? 0 : Number(raw);
  if (!Number.isInteger(limit) || limit < 0) {
    throw new WireError(
      'bad_data',
      `invalid parameter "limit": cannot parse "${raw}": must be a non-negative integer`,
    );
  }
  if (limit > 0 && items.length > limit) {
    return promSuccess(items.slice(0, limit), ['results truncated due to limit']);
  }
  return promSuccess(items);
}
