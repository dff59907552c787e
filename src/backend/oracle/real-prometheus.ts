/**
 * `backend: prometheus`: the golden's metrics answered by a real Prometheus, backfilled with the
 * world's series and started on first use; Loki APIs still go to the embedded engine. It sits at
 * the bottom of the stack in place of the engine backend, so faults and the capacity model wrap it
 * exactly as they wrap ours. Requests go through `clock.track`, so a virtual clock does not move
 * on while the real server answers.
 */
import type { Clock } from '../../clock.js';
import type { Golden } from '../../formats/golden/index.js';
import type { World } from '../../world/types.js';
import type { ApiParams, ApiRequest, ApiResponse, Backend } from '../api.js';
import { findPrometheusBinaries, type RunningPrometheus, startBackfilledPrometheus } from './process.js';

const PATHS: Record<string, string> = {
  'prom.query': '/api/v1/query',
  'prom.query_range': '/api/v1/query_range',
  'prom.series': '/api/v1/series',
  'prom.labels': '/api/v1/labels',
  'prom.metadata': '/api/v1/metadata',
  'prom.buildinfo': '/api/v1/status/buildinfo',
  'prom.targets_metadata': '/api/v1/targets/metadata',
  'prom.alertmanagers': '/api/v1/alertmanagers',
  'prom.query_exemplars': '/api/v1/query_exemplars',
  'prom.format_query': '/api/v1/format_query',
  'prom.status_config': '/api/v1/status/config',
  'prom.status_flags': '/api/v1/status/flags',
  'prom.status_runtimeinfo': '/api/v1/status/runtimeinfo',
  'prom.status_tsdb': '/api/v1/status/tsdb',
  'prom.status_walreplay': '/api/v1/status/walreplay',
};

const EMBEDDED_APIS = new Set<string>(['prom.alerts', 'prom.rules', 'prom.targets']);

/** One server per golden per process: trials of a golden share it; all stop when the process exits. */
const servers = new Map<string, Promise<RunningPrometheus>>();
const running = new Set<RunningPrometheus>();
process.once('exit', () => {
  for (const p of running) {
    try {
      if (p.pid > 0) process.kill(-p.pid, 'SIGKILL'); // the watchdog's whole group: the server with it
    } catch {
      // already gone
    }
  }
});

function serverFor(golden: Golden, world: World): Promise<RunningPrometheus> {
  let server = servers.get(golden.id);
  if (!server) {
    const bin = findPrometheusBinaries();
    if (!bin)
      throw new Error('backend: prometheus needs the Prometheus binaries: run scripts/install-prometheus.sh');
    server = startBackfilledPrometheus(bin, world.metrics.select([], -Infinity, Infinity)).then((p) => {
      running.add(p);
      return p;
    });
    servers.set(golden.id, server);
  }
  return server;
}

/** Stop every real Prometheus this process started (tests, the end of a run). */
export async function stopRealPrometheusServers(): Promise<void> {
  const all = [...servers.values()];
  servers.clear();
  for (const s of all) {
    const p = await s;
    running.delete(p);
    await p.stop();
  }
}

export function createRealPrometheusBackend(
  golden: Golden,
  world: World,
  engines: Backend,
  clock: Clock,
): Backend {
  return {
    async handle(req: ApiRequest): Promise<ApiResponse> {
      // The backfilled server evaluates no rules: the alerting rule's endpoints are the engines'.
      if (!req.api.startsWith('prom.') || EMBEDDED_APIS.has(req.api)) return engines.handle(req);
      const server = await clock.track(serverFor(golden, world));
      const res = await clock.track(forward(server, req, golden.ms.now));
      if (res.status !== 200 || (req.api !== 'prom.query' && req.api !== 'prom.query_range')) return res;
      // Which selectors read data (docs/trace.md#selection) is no Prometheus answer: the embedded
      // engine, over the same series, says it for the trace.
      const { selection } = await engines.handle(req);
      return selection ? { ...res, selection } : res;
    },
  };
}

async function forward(p: RunningPrometheus, req: ApiRequest, nowMs: number): Promise<ApiResponse> {
  const path =
    req.api === 'prom.label_values'
      ? `/api/v1/label/${encodeURIComponent(String(req.params.name ?? ''))}/values`
      : PATHS[req.api];
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(withDefaults(req.api, req.params, nowMs))) {
    if (k === 'name' || v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
  }
  const usePost =
    req.api === 'prom.query' ||
    req.api === 'prom.query_range' ||
    req.api === 'prom.series' ||
    req.api === 'prom.labels';
  const url = usePost ? `${p.url}${path}` : `${p.url}${path}?${body}`;
  const r = await fetch(url, usePost ? { method: 'POST', body, signal: req.signal } : { signal: req.signal });
  const text = await r.text();
  try {
    return { status: r.status, json: JSON.parse(text), headers: { 'content-type': 'application/json' } };
  } catch {
    return { status: r.status, text };
  }
}

/** The world's "now" stands in for wall-clock now, as the embedded engine does. */
function withDefaults(api: string, params: ApiParams, nowMs: number): ApiParams {
  if (api === 'prom.query' && (params.time === undefined || params.time === ''))
    return { ...params, time: String(nowMs / 1000) };
  return params;
}
