/**
 * The status and discovery routes Grafana and promtool call beside the query API, in Prometheus
 * 3.14's shapes (web/api/v1/api.go): `status/{config,flags,runtimeinfo,tsdb,walreplay}`,
 * `targets/metadata`, `alertmanagers`, `query_exemplars`. They describe the served world as a
 * Prometheus holding it would: the TSDB figures are the world's series; the flags carry the limits
 * in force (the golden's `limits:`, the server's timeout); the world has no exemplars and no
 * Alertmanager, so those lists are empty (the real server's answer when it has none).
 */
import { serverLimitsOf } from '../../formats/imitated.js';
import { modelDuration, parseDuration } from '../../formats/time.js';
import { parsePromQL } from '../../promql/index.js';
import { anchoredRegex } from '../../world/matchers.js';
import type { Series } from '../../world/types.js';
import type { ApiParams, ApiResponse } from '../api.js';
import type { EngineCtx } from '../engine-ctx.js';
import { goTime } from '../go-format.js';
import { MAX_TIME, MIN_TIME, param, promTimeParam } from '../params.js';
import type { QueryLimits } from '../query-limits.js';
import { invalidParam, WireError } from '../wire-error.js';
import { parseMatcherSets } from './selectors.js';
import { promSuccess } from './wire.js';

const SCRAPE_TIMEOUT_MS = 10_000;

/** Every series with a sample: what the head block of a Prometheus holding the world would hold. */
function allSeries(ctx: EngineCtx): Series[] {
  return ctx.world.metrics.select([], MIN_TIME, MAX_TIME).filter((s) => s.ts.length > 0);
}

/** The `up` series' spacing (the scrape interval), else Prometheus' default 1m. */
function scrapeIntervalMs(ctx: EngineCtx): number {
  const up = ctx.world.metrics.select([{ name: '__name__', op: '=', value: 'up' }], MIN_TIME, MAX_TIME);
  const s = up.find((x) => x.ts.length > 1);
  return s ? s.ts[1] - s.ts[0] : 60_000;
}

function jobs(ctx: EngineCtx): string[] {
  return [
    ...new Set(
      allSeries(ctx)
        .map((s) => s.labels.job)
        .filter((j): j is string => !!j),
    ),
  ].sort();
}

export function configHandler(_p: ApiParams, ctx: EngineCtx): ApiResponse {
  const interval = modelDuration(scrapeIntervalMs(ctx));
  const evaluation = ctx.golden?.alert ? modelDuration(ruleIntervalMs(ctx)) : '1m';
  const lines = [
    'global:',
    `  scrape_interval: ${interval}`,
    `  scrape_timeout: ${modelDuration(Math.min(scrapeIntervalMs(ctx), SCRAPE_TIMEOUT_MS))}`,
    `  evaluation_interval: ${evaluation}`,
    '  metric_name_validation_scheme: utf8',
  ];
  if (ctx.golden) lines.push('rule_files:', `- ${ctx.golden.id}/golden.yaml`);
  const js = jobs(ctx);
  if (js.length) {
    lines.push('scrape_configs:');
    for (const j of js) lines.push(`- job_name: ${j}`, `  metrics_path: /metrics`, `  scheme: http`);
  }
  return promSuccess({ yaml: `${lines.join('\n')}\n` });
}

function ruleIntervalMs(ctx: EngineCtx): number {
  return parseDuration(ctx.golden?.alert?.interval ?? '1m') ?? 60_000;
}

export function flagsHandler(_p: ApiParams, ctx: EngineCtx, limits: QueryLimits): ApiResponse {
  const lim = ctx.golden ? serverLimitsOf(ctx.golden) : undefined;
  return promSuccess({
    'config.file': ctx.golden ? `${ctx.golden.id}/golden.yaml` : 'prometheus.yml',
    'enable-feature': '',
    'log.format': 'logfmt',
    'log.level': 'info',
    'query.lookback-delta': '5m',
    'query.max-concurrency': '20',
    'query.max-samples': String(lim?.maxSamples ?? 50_000_000),
    'query.timeout': limits.timeoutMs !== undefined ? modelDuration(limits.timeoutMs) : '2m',
    'rules.alert.for-grace-period': '10m',
    'rules.alert.for-outage-tolerance': '1h',
    'rules.alert.resend-delay': '1m',
    'storage.tsdb.path': 'data/',
    'storage.tsdb.retention.time': '15d',
    'web.enable-admin-api': 'false',
    'web.enable-lifecycle': 'false',
    'web.listen-address': '0.0.0.0:9090',
  });
}

export function runtimeInfoHandler(
  _p: ApiParams,
  ctx: EngineCtx,
  _l: QueryLimits,
  shiftMs: number,
): ApiResponse {
  const start = goTime((ctx.golden?.ms.start ?? ctx.nowMs) + shiftMs);
  return promSuccess({
    startTime: start,
    CWD: '/prometheus',
    hostname: 'rematch',
    serverTime: goTime(ctx.nowMs + shiftMs),
    reloadConfigSuccess: true,
    lastConfigTime: start,
    corruptionCount: 0,
    goroutineCount: 40,
    GOMAXPROCS: 2,
    GOGC: '',
    GODEBUG: '',
    storageRetention: '15d',
  });
}

const MAX_TSDB_LIMIT = 10_000;

/** `status/tsdb`: head stats and the top-`limit` (default 10) cardinality lists, from the world. */
export function tsdbHandler(p: ApiParams, ctx: EngineCtx): ApiResponse {
  const raw = param(p, 'limit');
  const limit = raw === undefined ? 10 : Number(raw);
  if (!Number.isInteger(limit) || limit < 1)
    throw new WireError('bad_data', 'limit must be a positive number');
  if (limit > MAX_TSDB_LIMIT) throw new WireError('bad_data', `limit must not exceed ${MAX_TSDB_LIMIT}`);
  const series = allSeries(ctx);
  const byName = new Map<string, number>();
  const valuesByLabel = new Map<string, Set<string>>();
  const byPair = new Map<string, number>();
  let minTime = Number.POSITIVE_INFINITY;
  let maxTime = Number.NEGATIVE_INFINITY;
  let chunks = 0;
  for (const s of series) {
    const name = s.labels.__name__ ?? '';
    byName.set(name, (byName.get(name) ?? 0) + 1);
    for (const [k, v] of Object.entries(s.labels)) {
      if (!valuesByLabel.has(k)) valuesByLabel.set(k, new Set());
      valuesByLabel.get(k)!.add(v);
      byPair.set(`${k}=${v}`, (byPair.get(`${k}=${v}`) ?? 0) + 1);
    }
    minTime = Math.min(minTime, s.ts[0]);
    maxTime = Math.max(maxTime, s.ts[s.ts.length - 1]);
    // A head chunk holds 120 samples (tsdb's samplesPerChunk).
    chunks += Math.ceil(s.ts.length / 120);
  }
  const top = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, limit)
      .map(([name, value]) => ({ name, value }));
  const valueCounts = new Map([...valuesByLabel].map(([k, vs]) => [k, vs.size]));
  const memory = new Map(
    [...valuesByLabel].map(([k, vs]) => [k, [...vs].reduce((a, v) => a + Buffer.byteLength(v), 0)]),
  );
  return promSuccess({
    headStats: {
      numSeries: series.length,
      numLabelPairs: byPair.size,
      chunkCount: chunks,
      // An empty head says math.MaxInt64/MinInt64, which a JSON number here cannot carry exactly.
      minTime: series.length ? minTime : 0,
      maxTime: series.length ? maxTime : 0,
    },
    seriesCountByMetricName: top(byName),
    labelValueCountByLabelName: top(valueCounts),
    memoryInBytesByLabelName: top(memory),
    seriesCountByLabelValuePair: top(byPair),
  });
}

export function walReplayHandler(): ApiResponse {
  return promSuccess({ min: 0, max: 0, current: 0 });
}

export function alertmanagersHandler(): ApiResponse {
  return promSuccess({ activeAlertmanagers: [], droppedAlertmanagers: [] });
}

/**
 * `targets/metadata`: the type and help of each generated metric, once per scrape target that
 * exposes it (a target is a job and instance among the metric's series, as `/targets` makes them).
 * `match_target` is a label selector over the target's labels, `metric` one metric, `limit` the
 * number of entries.
 */
export function targetMetadataHandler(p: ApiParams, ctx: EngineCtx): ApiResponse {
  const limit = promLimitOrAll(p);
  const rawTarget = param(p, 'match_target');
  let targetSet: ReturnType<typeof parseMatcherSets>[number] | undefined;
  if (rawTarget !== undefined) {
    try {
      targetSet = parseMatcherSets([rawTarget])[0];
    } catch (err) {
      throw err instanceof WireError ? invalidParam('match_target', err.message) : err;
    }
  }
  const only = param(p, 'metric');
  const out: { target: Record<string, string>; metric: string; type: string; help: string; unit: string }[] =
    [];
  for (const block of ctx.golden?.world.metrics ?? []) {
    if (!('generate' in block)) continue;
    const g = block.generate;
    if (only !== undefined && only !== g.metric) continue;
    const seen = new Set<string>();
    for (const s of ctx.world.metrics.select(
      [{ name: '__name__', op: '=~', value: `${g.metric}(_bucket|_sum|_count)?` }],
      MIN_TIME,
      MAX_TIME,
    )) {
      const job = s.labels.job ?? '';
      const instance = s.labels.instance ?? `${s.labels.service ?? job}-${s.labels.pod ?? '0'}:9090`;
      const target = { instance, job };
      const key = `${job}\u0000${instance}`;
      if (seen.has(key)) continue;
      if (targetSet && !targetSet.every((m) => matches(m, target))) continue;
      seen.add(key);
      out.push({ target, metric: g.metric, type: g.type, help: g.help ?? '', unit: '' });
    }
  }
  return promSuccess(limit >= 0 ? out.slice(0, limit) : out);
}

/** targets/metadata's own `limit`: absent or negative means all (web/api/v1/api.go). */
function promLimitOrAll(p: ApiParams): number {
  const raw = param(p, 'limit');
  if (raw === undefined) return -1;
  const n = Number(raw);
  if (!Number.isInteger(n))
    throw invalidParam('limit', `strconv.Atoi: parsing ${JSON.stringify(raw)}: invalid syntax`);
  return n;
}

function matches(m: { name: string; op: string; value: string }, labels: Record<string, string>): boolean {
  const v = labels[m.name] ?? '';
  const re = () => anchoredRegex(m.value);
  switch (m.op) {
    case '=':
      return v === m.value;
    case '!=':
      return v !== m.value;
    case '=~':
      return re().test(v);
    default:
      return !re().test(v);
  }
}

/**
 * `query_exemplars`: the world holds no exemplars, so every valid request answers `[]`, as a
 * Prometheus without exemplar storage does; the parameters are checked in its order and words.
 */
export function exemplarsHandler(p: ApiParams): ApiResponse {
  const start = promTimeParam(p, 'start', MIN_TIME);
  const end = promTimeParam(p, 'end', MAX_TIME);
  if (end < start) throw new WireError('bad_data', 'end timestamp must not be before start timestamp');
  parsePromQL(param(p, 'query') ?? '');
  return promSuccess([]);
}
