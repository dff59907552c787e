/**
 * The HTTP adapter: serves a Backend on 127.0.0.1 with Prometheus' and Loki's routes, so external
 * agents and real clients (promtool, curl, Grafana) see exactly what in-process tools see. It holds
 * no logic of its own: parameters in, the Backend's wire response out. A status-0 answer (the
 * `stale-catalog` fault) is a connection failure: the socket is destroyed without a response.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Golden } from '../../formats/golden/index.js';
import { LOKI_TEXT, MAX_FORM_BYTES, PROM_TEXT } from '../../formats/imitated.js';
import type { Api, ApiParams, ApiResponse, Backend, Connection } from '../api.js';
import { backendOf } from '../api.js';
import { goEscapeJson } from '../go-format.js';
import { handleGrafana, isGrafanaPath } from '../grafana/index.js';
import { lokiText, TEXT_TYPE } from '../loki/index.js';
import { JSON_TYPE, promError } from '../prometheus/index.js';
import { routeOf } from '../routes.js';
import { isLoopbackAddress, loopbackRefusal } from './loopback-guard.js';
import { probeAnswer } from './probes.js';

export interface HttpServerOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Named on the index page; its alert and routes make the Grafana surface's dashboards. */
  golden?: Golden;
  /** What "now" means in Grafana time ranges (default: the golden's now, else the wall clock). */
  nowMs?: () => number;
  /**
   * `/rematch/session` (docs/gates.md, Sessions): the bench opens and ends a gated backend's
   * sessions (`POST` answers a new id, `DELETE` with its `X-Rematch-Session` ends it), or, for a
   * command-seat trial whose one session is the bench's (`'fixed'`), refuses both. Without it the
   * route does not exist.
   */
  sessions?: SessionRoutes | 'fixed';
}

/** What `/rematch/session` does with a gated backend's sessions. */
export interface SessionRoutes {
  /** A new session's id, or undefined when no more can be open. */
  open(): string | undefined;
  /** True when the key's session was open. */
  end(key: string): boolean;
}

export interface HttpServerHandle {
  url: string;
  /** Base URL for Prometheus clients (`/api/v1/...` below it). */
  promUrl: string;
  /** Base URL for Loki clients (`/loki/api/v1/...` below it). */
  lokiUrl: string;
  /** Base URL for Grafana clients (`/api/datasources`, `/api/ds/query`, proxy routes). */
  grafanaUrl: string;
  close(): Promise<void>;
}

const MAX_BODY = 1 << 20;

/** The header that names a gated session (docs/gates.md): a gated backend keeps one ledger per value. */
export const SESSION_HEADER = 'x-rematch-session';

/** The route that ends a gated session (docs/gates.md, Sessions). */
export const SESSION_PATH = '/rematch/session';

function sessionOf(req: IncomingMessage): string | undefined {
  const raw = req.headers[SESSION_HEADER];
  return (Array.isArray(raw) ? raw[0] : raw) || undefined;
}

/**
 * `POST /rematch/session`: 201 with the new id (`{"session": id}` and the header), 503 when full;
 * `DELETE` with its `X-Rematch-Session`: 204 ended, 404 no such session, 400 no header. A trial's
 * fixed session: 403 to both.
 */
function sessionRoute(req: IncomingMessage, routes: SessionRoutes | 'fixed'): ApiResponse {
  if (routes === 'fixed')
    return {
      status: 403,
      text: "this trial's gate session is the bench's: it cannot be opened or ended here\n",
    };
  if (req.method === 'POST') {
    const id = routes.open();
    if (id === undefined)
      return {
        status: 503,
        text: 'too many gated sessions open (halted or busy): end one with DELETE, or wait for idle ones to expire\n',
      };
    return { status: 201, json: { session: id }, headers: { [SESSION_HEADER]: id } };
  }
  if (req.method !== 'DELETE')
    return { status: 405, text: 'Method Not Allowed\n', headers: { allow: 'POST, DELETE' } };
  const key = sessionOf(req);
  if (!key) return { status: 400, text: `${SESSION_HEADER} header missing\n` };
  return routes.end(key) ? { status: 204, text: '' } : { status: 404, text: 'no such open session\n' };
}

/** A number per socket (keep-alive requests share one): what a gated surface's waves read. */
const connections = new WeakMap<Socket, Connection>();
let lastConnection = 0;

function opened(socket: Socket): Connection {
  const c = { id: ++lastConnection, served: 0, openedAt: Date.now() };
  connections.set(socket, c);
  return c;
}

function connectionOf(req: IncomingMessage): Connection {
  const c = connections.get(req.socket) ?? opened(req.socket);
  const now = { ...c };
  c.served += 1;
  return now;
}

/** Every request of one HTTP request carries its session key and connection down to the backend (Grafana's fan out too). */
function withSession(backend: Backend, req: IncomingMessage): Backend {
  const session = sessionOf(req);
  const connection = connectionOf(req);
  return { handle: (r) => backend.handle({ ...r, connection, ...(session ? { session } : {}) }) };
}

export async function startHttpServer(
  backend: Backend,
  opts: HttpServerOptions = {},
): Promise<HttpServerHandle> {
  // Known once listening (before any request): a loopback server checks Host and Origin.
  let guardPort: number | undefined;
  const server = createServer((req, res) => {
    const refused = guardPort === undefined ? null : loopbackRefusal(req.headers, guardPort);
    if (refused) return send(res, refused);
    serve(withSession(backend, req), req, res, opts).catch((err: unknown) => {
      if (!res.headersSent)
        send(res, { status: 500, text: `internal error: ${(err as Error)?.message ?? err}\n` });
      else res.destroy();
    });
  });
  server.on('connection', (socket: Socket) => opened(socket));
  // A long evaluation blocks the event loop; Node's 5 s keep-alive default then closes idle sockets
  // that clients are about to reuse, and they see ECONNRESET. Keep them open as Prometheus does.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const { port, address } = server.address() as AddressInfo;
  if (isLoopbackAddress(address)) guardPort = port;
  const url = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  return {
    url,
    promUrl: url,
    lokiUrl: url,
    grafanaUrl: url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function serve(backend: Backend, req: IncomingMessage, res: ServerResponse, opts: HttpServerOptions) {
  const u = new URL(req.url ?? '/', 'http://localhost');
  if (opts.sessions && u.pathname === SESSION_PATH) return send(res, sessionRoute(req, opts.sessions));
  if (isGrafanaPath(u.pathname)) return serveGrafana(backend, req, res, u, opts);
  const probe = probeAnswer(u.pathname, req.method ?? 'GET');
  if (probe) return send(res, probe);
  const route = routeOf(u.pathname);
  if (!route) return send(res, notFound(u.pathname, opts));
  const method = req.method ?? 'GET';
  if (!route.methods.includes(method)) {
    return send(res, {
      status: 405,
      text: 'Method Not Allowed\n',
      headers: { allow: route.methods.join(', ') },
    });
  }
  const p: ApiParams = {};
  if (method === 'POST') {
    const form = await readForm(req);
    if (form === TOO_LARGE) {
      const refused = formTooLarge(route.api);
      if (refused) return send(res, refused);
    } else addAll(p, new URLSearchParams(form));
  }
  addAll(p, u.searchParams);
  if (route.name !== undefined) p.name = route.name;

  const abort = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) abort.abort(new Error('client closed the connection'));
  });
  const answer = await backend.handle({ api: route.api, params: p, origin: 'http', signal: abort.signal });
  if (answer.status === 0) {
    req.socket.destroy();
    return;
  }
  send(res, answer);
}

async function serveGrafana(
  backend: Backend,
  req: IncomingMessage,
  res: ServerResponse,
  u: URL,
  opts: HttpServerOptions,
): Promise<void> {
  const abort = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) abort.abort(new Error('client closed the connection'));
  });
  const host = req.headers.host ?? '127.0.0.1';
  const golden = opts.golden;
  const answer = await handleGrafana(
    {
      method: req.method ?? 'GET',
      url: u,
      body: req.method === 'POST' ? await readBody(req) : '',
      contentType: req.headers['content-type'] ?? '',
      headers: req.headers,
      signal: abort.signal,
    },
    {
      backend,
      baseUrl: `http://${host}`,
      golden,
      nowMs: opts.nowMs ?? (() => golden?.ms.now ?? Date.now()),
    },
  );
  send(res, answer);
}

/** Prometheus' ParseForm order: form body values first, then the URL's. */
function addAll(p: ApiParams, sp: URLSearchParams): void {
  for (const [k, v] of sp) {
    const cur = p[k];
    p[k] = cur === undefined ? v : Array.isArray(cur) ? [...cur, v] : [cur, v];
  }
}

const TOO_LARGE = Symbol('form body over 10 MiB');

/**
 * A urlencoded form body as Go's `Request.ParseForm` reads it: at most 10 MiB (`maxFormSize`);
 * a longer one is read to its end (the client gets an answer, not a reset) and not parsed.
 */
async function readForm(req: IncomingMessage): Promise<string | typeof TOO_LARGE> {
  const type = req.headers['content-type'] ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded')) {
    for await (const _ of req); // not a form: Go leaves the body unread; drain it for keep-alive
    return '';
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size <= MAX_FORM_BYTES) chunks.push(c as Buffer);
  }
  return size > MAX_FORM_BYTES ? TOO_LARGE : Buffer.concat(chunks).toString('utf8');
}

/**
 * What each server does with a form it could not parse: Loki's middleware refuses every request
 * (400, pkg/util/server/middleware.go); Prometheus' `/series` checks ParseForm's error, and its
 * other handlers read the URL's values alone (FormValue ignores it), so a query sent only in the
 * body becomes an empty query, as a real Prometheus answers it.
 */
function formTooLarge(api: Api): ApiResponse | undefined {
  if (backendOf(api) === 'loki') return lokiText(400, LOKI_TEXT.postTooLarge);
  if (api === 'prom.series')
    return promError('bad_data', `error parsing form values: ${PROM_TEXT.postTooLarge}`);
  return undefined;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > MAX_BODY) break;
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function notFound(path: string, opts: HttpServerOptions): ApiResponse {
  if (path === '/') {
    const g = opts.golden ? ` for golden ${opts.golden.id}` : '';
    return {
      status: 200,
      text: `rematch telemetry backend${g}\nPrometheus: /api/v1/...\nLoki: /loki/api/v1/...\nGrafana: /api/datasources, /api/ds/query, /api/datasources/proxy/uid/<uid>/...\n`,
    };
  }
  // Go's http.NotFound, which Prometheus' router and Loki's mux both answer with, under /api/v1/ too.
  return {
    status: 404,
    text: '404 page not found\n',
    headers: { 'content-type': TEXT_TYPE, 'x-content-type-options': 'nosniff' },
  };
}

/**
 * Bodies of frozen answers (the engine cache's, repeated across the trials of a matrix), encoded
 * once: frozen means the text cannot change. Others are encoded per response. A Buffer, so that
 * its length is the header and its bytes the body (a string would be encoded twice).
 */
const frozenBodies = new WeakMap<object, Buffer>();

/**
 * Prometheus encodes with jsoniter's standard-library mode, which escapes `<`, `>`, `&`, U+2028
 * and U+2029 in strings as Go's encoding/json does (`unexpected \u003cop:+\u003e`); Loki's
 * ConfigFastest does not.
 */
function encode(json: unknown, goEscaped: boolean): Buffer {
  const text = JSON.stringify(json);
  return Buffer.from(goEscaped ? goEscapeJson(text) : text, 'utf8');
}

function jsonBody(json: unknown, goEscaped: boolean): Buffer {
  if (typeof json !== 'object' || json === null || !Object.isFrozen(json)) return encode(json, goEscaped);
  let body = frozenBodies.get(json);
  if (!body) {
    body = encode(json, goEscaped);
    frozenBodies.set(json, body);
  }
  return body;
}

function send(res: ServerResponse, a: ApiResponse): void {
  // Prometheus' answers are the ones typed exactly `application/json` (Loki adds a charset).
  const goEscaped = a.headers?.['content-type'] === JSON_TYPE;
  const body = a.json !== undefined ? jsonBody(a.json, goEscaped) : Buffer.from(a.text ?? '', 'utf8');
  const headers: Record<string, string> = {
    'content-type': a.json !== undefined ? JSON_TYPE : TEXT_TYPE,
    ...a.headers,
    'content-length': String(body.length),
  };
  res.writeHead(a.status, headers);
  res.end(body);
}
