/**
 * Grafana's `/api/ds/query`: a batch of queries, each answered per refId, each through the backend
 * (so faults apply per query). Outer status (DESIGN §8): 200 only when every refId succeeded;
 * otherwise 400, or 207 Multi-Status when the caller asks for it with the header
 * `x-rematch-multistatus: true` or the URL parameter `multistatus=true` (Grafana's
 * `datasourceQueryMultiStatus` feature toggle). Every refId's result is in the body either way.
 */
import type { Api, ApiParams, ApiResponse, Backend } from '../api.js';
import { datasourceBy } from './datasources.js';
import { framesOf } from './frames.js';
import { grafanaTime } from './time.js';
import { readUpstream } from './upstream.js';

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface DsQueryContext {
  backend: Backend;
  nowMs: number;
  multiStatus: boolean;
  origin: string;
}

interface RefResult {
  status: number;
  frames: unknown[];
  error?: string;
  errorSource?: string;
  callId?: string;
}

const sec = (ms: number): string => (ms / 1000).toFixed(3);

function badRequest(message: string): ApiResponse {
  return { status: 400, json: { message, messageId: 'query.bad-request', statusCode: 400 } };
}

/** The backend request Grafana would send upstream for one query, or an error message. */
function requestOf(q: Rec, from: number, to: number): { api: Api; params: ApiParams } | string {
  const ds = isRec(q.datasource) ? q.datasource : {};
  const d = datasourceBy({
    uid: typeof ds.uid === 'string' ? ds.uid : undefined,
    id: typeof q.datasourceId === 'number' ? q.datasourceId : undefined,
  });
  if (!d) return `data source not found: ${JSON.stringify(ds.uid ?? q.datasourceId ?? null)}`;
  const expr = typeof q.expr === 'string' ? q.expr : '';
  if (expr.trim() === '') return 'query expression is empty';
  const instant = q.instant === true || q.queryType === 'instant';
  const interval = typeof q.intervalMs === 'number' && q.intervalMs > 0 ? q.intervalMs : 15_000;
  const points = typeof q.maxDataPoints === 'number' && q.maxDataPoints > 0 ? q.maxDataPoints : 1000;
  const stepMs = Math.max(interval, Math.ceil((to - from) / points / 1000) * 1000, 1000);
  if (d.type === 'prometheus') {
    if (instant) return { api: 'prom.query', params: { query: expr, time: sec(to) } };
    return {
      api: 'prom.query_range',
      params: { query: expr, start: sec(from), end: sec(to), step: sec(stepMs) },
    };
  }
  if (instant) return { api: 'loki.query', params: { query: expr, time: sec(to) } };
  const params: ApiParams = { query: expr, start: sec(from), end: sec(to), step: sec(stepMs) };
  params.limit = String(typeof q.maxLines === 'number' ? q.maxLines : 1000);
  params.direction = q.direction === 'forward' ? 'forward' : 'backward';
  return { api: 'loki.query_range', params };
}

async function runOne(
  q: Rec,
  refId: string,
  from: number,
  to: number,
  ctx: DsQueryContext,
): Promise<RefResult> {
  const r = requestOf(q, from, to);
  if (typeof r === 'string') return { status: 400, frames: [], error: r, errorSource: 'plugin' };
  const res = await ctx.backend.handle({ ...r, origin: ctx.origin });
  const callId = res.headers?.['x-rematch-call-id'];
  const up = readUpstream(res);
  const base = callId ? { callId } : {};
  if (!up.ok) return { ...base, status: up.status, frames: [], error: up.message, errorSource: 'downstream' };
  return { ...base, status: 200, frames: framesOf(refId, up.data, String(r.params.query)) };
}

export async function dsQuery(body: unknown, ctx: DsQueryContext): Promise<ApiResponse> {
  if (!isRec(body) || !Array.isArray(body.queries) || body.queries.length === 0) {
    return badRequest('bad request data: no queries found');
  }
  const to = grafanaTime(body.to as string | undefined, ctx.nowMs, ctx.nowMs);
  const from = grafanaTime(body.from as string | undefined, ctx.nowMs, (to ?? ctx.nowMs) - 3_600_000);
  if (from === undefined || to === undefined) return badRequest('bad request data: invalid time range');
  const queries = body.queries.filter(isRec);
  const refIds = queries.map((q, i) =>
    typeof q.refId === 'string' && q.refId ? q.refId : String.fromCharCode(65 + i),
  );
  const answers = await Promise.all(queries.map((q, i) => runOne(q, refIds[i], from, to, ctx)));
  const results: Record<string, RefResult> = {};
  refIds.forEach((id, i) => {
    results[id] = answers[i];
  });
  const failed = answers.some((a) => a.error !== undefined);
  const ids = answers.map((a) => a.callId).filter((x): x is string => x !== undefined);
  return {
    status: failed ? (ctx.multiStatus ? 207 : 400) : 200,
    json: { results },
    ...(ids.length ? { headers: { 'x-rematch-call-id': ids.join(',') } } : {}),
  };
}
