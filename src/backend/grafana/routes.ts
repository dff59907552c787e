/**
 * The Grafana HTTP API surface, on the same server as the Prometheus and Loki routes: health,
 * datasources (list, by uid/name/id), the datasource proxy and resources routes that mcp-grafana
 * and Grafana clients use (`/api/datasources/proxy/uid/<uid>/<path>`,
 * `/api/datasources/proxy/<id>/<path>`, `/api/datasources/uid/<uid>/resources/<path>`), dashboard
 * search and models, and `/api/ds/query`. Every query goes through `Backend.handle`, so faults apply
 * on every route exactly as on the bare APIs.
 */
import type { Golden } from '../../formats/golden/index.js';
import type { ApiParams, ApiResponse, Backend } from '../api.js';
import { routeOf } from '../routes.js';
import { dashboardJson, dashboardsOf, searchHit } from './dashboards.js';
import { DATASOURCES, type Datasource, datasourceBy, datasourceJson } from './datasources.js';
import { dsQuery } from './ds-query.js';

export interface GrafanaRequest {
  method: string;
  url: URL;
  /** The raw request body (form or JSON), '' for GET. */
  body: string;
  contentType: string;
  headers: Record<string, string | string[] | undefined>;
  signal?: AbortSignal;
}

export interface GrafanaContext {
  backend: Backend;
  baseUrl: string;
  golden?: Golden;
  /** What "now" means in `from`/`to` (the golden's now, or the wall clock on a shifted server). */
  nowMs: () => number;
}

const GRAFANA_VERSION = '11.6.0';

function json(status: number, body: unknown): ApiResponse {
  return { status, json: body };
}

const notFound = (message: string): ApiResponse => json(404, { message });

/** Is this path one of ours (and not the Prometheus API that shares the `/api/` prefix)? */
export function isGrafanaPath(path: string): boolean {
  return path.startsWith('/api/') && !path.startsWith('/api/v1/');
}

function addAll(p: ApiParams, sp: URLSearchParams): void {
  for (const [k, v] of sp) {
    const cur = p[k];
    p[k] = cur === undefined ? v : Array.isArray(cur) ? [...cur, v] : [cur, v];
  }
}

async function proxy(
  d: Datasource,
  rest: string,
  req: GrafanaRequest,
  ctx: GrafanaContext,
): Promise<ApiResponse> {
  const route = routeOf(`/${rest}`);
  const mine = route && (d.type === 'prometheus') === route.api.startsWith('prom.');
  if (!route || !mine) return { status: 404, text: '404 page not found\n' };
  if (!route.methods.includes(req.method)) {
    return { status: 405, text: 'Method Not Allowed\n', headers: { allow: route.methods.join(', ') } };
  }
  const p: ApiParams = {};
  if (req.method === 'POST' && req.contentType.startsWith('application/x-www-form-urlencoded')) {
    addAll(p, new URLSearchParams(req.body));
  }
  addAll(p, req.url.searchParams);
  if (route.name !== undefined) p.name = route.name;
  const res = await ctx.backend.handle({ api: route.api, params: p, origin: 'grafana', signal: req.signal });
  // Grafana's proxy answers an unreachable upstream with 502; the connection to Grafana survives.
  if (res.status === 0) return { status: 502, text: 'Bad Gateway\n', headers: res.headers };
  return res;
}

function search(url: URL, golden: Golden | undefined): ApiResponse {
  const q = (url.searchParams.get('query') ?? '').toLowerCase();
  const tags = url.searchParams.getAll('tag');
  const type = url.searchParams.get('type');
  const limit = Number(url.searchParams.get('limit') ?? 1000) || 1000;
  if (type && type !== 'dash-db') return json(200, []);
  const hits = dashboardsOf(golden)
    .map((d, i) => ({ d, hit: searchHit(d, i) }))
    .filter(({ d }) => d.title.toLowerCase().includes(q) && tags.every((t) => d.tags.includes(t)))
    .slice(0, limit)
    .map(({ hit }) => hit);
  return json(200, hits);
}

type Handler = (
  m: RegExpExecArray,
  req: GrafanaRequest,
  ctx: GrafanaContext,
) => Promise<ApiResponse> | ApiResponse;

const byUid = (m: RegExpExecArray) => datasourceBy({ uid: decodeURIComponent(m[1]) });
const byId = (m: RegExpExecArray) => datasourceBy({ id: Number(m[1]) });
const viaProxy =
  (find: (m: RegExpExecArray) => Datasource | undefined): Handler =>
  (m, req, ctx) => {
    const d = find(m);
    return d ? proxy(d, m[2], req, ctx) : notFound('Data source not found');
  };
const describe =
  (find: (m: RegExpExecArray) => Datasource | undefined): Handler =>
  (m, _req, ctx) => {
    const d = find(m);
    return d ? json(200, datasourceJson(d, ctx.baseUrl)) : notFound('Data source not found');
  };

const ROUTES: [RegExp, Handler][] = [
  [/^\/api\/health$/, () => json(200, { commit: 'rematch', database: 'ok', version: GRAFANA_VERSION })],
  [
    /^\/api\/datasources$/,
    (_m, _r, ctx) =>
      json(
        200,
        DATASOURCES.map((d) => datasourceJson(d, ctx.baseUrl)),
      ),
  ],
  [/^\/api\/datasources\/proxy\/uid\/([^/]+)\/(.*)$/, viaProxy(byUid)],
  [/^\/api\/datasources\/proxy\/(\d+)\/(.*)$/, viaProxy(byId)],
  [/^\/api\/datasources\/uid\/([^/]+)\/resources\/(.*)$/, viaProxy(byUid)],
  [/^\/api\/datasources\/uid\/([^/]+)$/, describe(byUid)],
  [/^\/api\/datasources\/name\/([^/]+)$/, describe((m) => datasourceBy({ name: decodeURIComponent(m[1]) }))],
  [/^\/api\/datasources\/(\d+)$/, describe(byId)],
  [/^\/api\/search$/, (_m, req, ctx) => search(req.url, ctx.golden)],
  [
    /^\/api\/dashboards\/uid\/([^/]+)$/,
    (m, _r, ctx) => {
      const d = dashboardsOf(ctx.golden).find((x) => x.uid === decodeURIComponent(m[1]));
      return d ? json(200, dashboardJson(d)) : notFound('Dashboard not found');
    },
  ],
  [/^\/api\/ds\/query$/, (_m, req, ctx) => query(req, ctx)],
];

function query(req: GrafanaRequest, ctx: GrafanaContext): Promise<ApiResponse> | ApiResponse {
  if (req.method !== 'POST') return { status: 405, text: 'Method Not Allowed\n', headers: { allow: 'POST' } };
  let body: unknown;
  try {
    body = JSON.parse(req.body || 'null');
  } catch {
    return json(400, { message: 'bad request data', messageId: 'query.bad-request', statusCode: 400 });
  }
  const h = req.headers['x-rematch-multistatus'];
  const multiStatus = h === 'true' || h === '1' || req.url.searchParams.get('multistatus') === 'true';
  return dsQuery(body, { backend: ctx.backend, nowMs: ctx.nowMs(), multiStatus, origin: 'grafana' });
}

export async function handleGrafana(req: GrafanaRequest, ctx: GrafanaContext): Promise<ApiResponse> {
  for (const [re, h] of ROUTES) {
    const m = re.exec(req.url.pathname);
    if (m) return h(m, req, ctx);
  }
  return notFound('Not found');
}
