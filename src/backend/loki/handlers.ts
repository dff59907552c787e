/**
 * The Loki v1 query API over the embedded LogQL engine. Success is JSON; every error is a plain-text
 * body with Loki's status (400 client errors, 499 canceled, 504 timeout, 500 other).
 */
import type { LogDirection, LokiResult } from '../../logql/api.js';
import { LogQLError } from '../../logql/api.js';
import { evalLogQL, isMetricQuery, logSelectorsOf } from '../../logql/index.js';
import { formatPromFloat } from '../../promql/index.js';
import type { LogStream, Matcher } from '../../world/types.js';
import type { ApiParams, ApiResponse, LokiApi } from '../api.js';
import type { EngineCtx } from '../engine-ctx.js';
import {
  checkLokiOrder,
  checkLokiRange,
  lokiBounds,
  lokiDuration,
  lokiLimit,
  lokiTime,
  param,
  params,
} from '../params.js';
import { deadlineOf, type QueryLimits, UNLIMITED } from '../query-limits.js';
import { WireError } from '../wire-error.js';
import { buildInfo, detectedFields, detectedLabels, formatQuery, volume } from './discovery.js';
import { lokiData, lokiJson, lokiStatusOf, lokiText } from './wire.js';

const HOUR = 3_600_000;

export function handleLoki(
  api: LokiApi,
  p: ApiParams,
  ctx: EngineCtx,
  limits: QueryLimits = UNLIMITED,
  shiftMs = 0,
): ApiResponse {
  try {
    return LOKI_ROUTES[api](p, ctx, limits, shiftMs);
  } catch (err) {
    if (err instanceof WireError || err instanceof LogQLError)
      return lokiText(lokiStatusOf(err.errorType), err.message);
    return lokiText(500, (err as Error)?.message ?? String(err));
  }
}

/** Loki's bounds: `end` defaults to the world's now, `start` to `since` (default `defSince`) before. */
function range(p: ApiParams, ctx: EngineCtx, defSince: number): [number, number] {
  return lokiBounds(p, ctx.nowMs, defSince);
}

function limitOf(p: ApiParams): number {
  return lokiLimit(p, 'limit', 100);
}

function directionOf(p: ApiParams): LogDirection {
  const raw = param(p, 'direction') ?? 'backward';
  const d = raw.toLowerCase();
  if (d !== 'forward' && d !== 'backward') throw new WireError('bad_data', `invalid direction '${raw}'`);
  return d;
}

/**
 * `stats.summary.execTime` (and the per-second rates derived from it) is 0: the engine knows no
 * clock, and a wall-clock figure here would make the same seed give different bodies (and trace
 * previews) run to run on the virtual clock.
 */
const EXEC_MS = 0;

type Route = (p: ApiParams, ctx: EngineCtx, limits: QueryLimits, shiftMs: number) => ApiResponse;

/** A query's answer with what it touched (the limit faults) and which selectors read data (never on the wire). */
function answer(r: LokiResult): ApiResponse {
  const v = r.value;
  const series =
    v.type === 'streams'
      ? v.streams.length
      : v.type === 'vector'
        ? v.samples.length
        : v.type === 'matrix'
          ? v.series.length
          : 1;
  const res = lokiJson({ status: 'success', data: lokiData(r, formatPromFloat, EXEC_MS) });
  return { ...res, cost: { series, samples: r.stats.linesProcessed }, selection: r.selection };
}

const LOKI_ROUTES: Record<LokiApi, Route> = {
  'loki.buildinfo': () => buildInfo(),
  'loki.format_query': (p) => formatQuery(param(p, 'query') ?? ''),
  'loki.detected_labels': (p, ctx) => detectedLabels(p, ctx),
  'loki.detected_fields': (p, ctx) => detectedFields(p, ctx),
  'loki.index_volume': (p, ctx) => volume(p, ctx, false),
  'loki.index_volume_range': (p, ctx) => volume(p, ctx, true),
  'loki.query': (p, ctx, limits, timeShiftMs) => {
    const q = param(p, 'query') ?? '';
    const limit = limitOf(p);
    const t = lokiTime(p, 'time', ctx.nowMs);
    const direction = directionOf(p);
    if (!isMetricQuery(q)) {
      throw new WireError(
        'bad_data',
        'log queries are not supported as an instant query type, please change your query to a range query type',
      );
    }
    const deadline = deadlineOf(limits);
    const r = evalLogQL(ctx.world.logs, q, { start: t, end: t, limit, direction, deadline, timeShiftMs });
    return answer(r);
  },
  'loki.query_range': (p, ctx, limits, timeShiftMs) => {
    const q = param(p, 'query') ?? '';
    const [start, end] = range(p, ctx, HOUR);
    checkLokiOrder(start, end);
    const limit = limitOf(p);
    const direction = directionOf(p);
    const defStep = Math.max(Math.floor((end - start) / 1000 / 250), 1) * 1000;
    const step = lokiDuration(p, 'step', defStep);
    checkLokiRange(start, end, step);
    const metric = isMetricQuery(q);
    const deadline = deadlineOf(limits);
    const r = evalLogQL(ctx.world.logs, q, {
      start,
      end,
      limit,
      direction,
      deadline,
      timeShiftMs,
      ...(metric ? { step } : {}),
    });
    return answer(r);
  },
  'loki.labels': (p, ctx) => {
    const [start, end] = range(p, ctx, 6 * HOUR);
    const q = param(p, 'query');
    const names =
      q === undefined
        ? ctx.world.logs.labelNames(start, end)
        : collect(selected(ctx, q, start, end), (l) => Object.keys(l));
    return lokiJson({ status: 'success', data: names });
  },
  'loki.label_values': (p, ctx) => {
    const name = param(p, 'name') ?? '';
    const [start, end] = range(p, ctx, 6 * HOUR);
    const q = param(p, 'query');
    const values =
      q === undefined
        ? ctx.world.logs.labelValues(name, start, end)
        : collect(selected(ctx, q, start, end), (l) => (l[name] === undefined ? [] : [l[name]]));
    return lokiJson({ status: 'success', data: values });
  },
  'loki.series': (p, ctx) => {
    // Loki reads both spellings (pkg/loghttp/series.go): clients send `match` or `match[]`.
    let sels = [...new Set([...params(p, 'match'), ...params(p, 'match[]')])];
    // Loki 3 (pkg/loghttp/series.go): no group, or the one group `{}`, asks for every stream.
    if (sels.length === 1 && sels[0].replace(/ /g, '') === '{}') sels = [];
    const [start, end] = range(p, ctx, HOUR);
    const seen = new Map<string, Record<string, string>>();
    const streams =
      sels.length === 0
        ? [ctx.world.logs.select([], start, end)]
        : sels.map((sel) => selected(ctx, sel, start, end));
    for (const list of streams) {
      for (const s of list) seen.set(JSON.stringify(s.labels), { ...s.labels });
    }
    return lokiJson({ status: 'success', data: [...seen.keys()].sort().map((k) => seen.get(k)!) });
  },
  'loki.index_stats': (p, ctx) => {
    const q = param(p, 'query') ?? '';
    const [start, end] = range(p, ctx, HOUR);
    let entries = 0;
    let bytes = 0;
    let chunks = 0;
    const streams = selected(ctx, q, start, end);
    for (const s of streams) {
      entries += s.entries.length;
      for (const e of s.entries) bytes += Buffer.byteLength(e.line);
      // A model of storage, not a measurement: one chunk per started 1,000 entries of a stream.
      chunks += Math.ceil(s.entries.length / 1000);
    }
    return lokiJson({ streams: streams.length, chunks, entries, bytes });
  },
};

/** Streams selected by the stream selector of a LogQL query (its pipeline is ignored, as Loki's index does). */
function selected(ctx: EngineCtx, q: string, start: number, end: number): LogStream[] {
  const matchers: Matcher[] = logSelectorsOf(q);
  return ctx.world.logs.select(matchers, start, end);
}

function collect(streams: LogStream[], pick: (labels: Record<string, string>) => string[]): string[] {
  const out = new Set<string>();
  for (const s of streams) for (const v of pick(s.labels)) out.add(v);
  return [...out].sort();
}
