/**
 * What each fault kind answers, per backend, in that backend's own wire format. The exact shapes
 * are documented in docs/faults.md; typed clients detect the failures by these shapes.
 */

import type { FaultOfKind } from '../../formats/golden/index.js';
import { LOKI_TEXT, PROM_TEXT } from '../../formats/imitated.js';
import type { ApiRequest, ApiResponse } from '../api.js';
import { backendOf } from '../api.js';
import { lokiJson, lokiText } from '../loki/index.js';
import { param } from '../params.js';
import { PROM_STATUS, promError } from '../prometheus/index.js';
import { lokiSeriesLimitText } from './limit-responses.js';

export const RATE_LIMIT_TEXT = 'too many outstanding requests';
export const PROM_SERIES_LIMIT_TEXT = 'the query exceeded the maximum number of series (limit: 1000)';
export const LOKI_SERIES_LIMIT_TEXT =
  'maximum number of series (500) reached for a single query; consider reducing query cardinality by adding more specific stream selectors, reducing the time range, or aggregating results with functions like sum(), count() or topk()';
export const FAILED_ENVELOPE_TEXT =
  'upstream query failed: rpc error: code = Unavailable desc = connection reset by peer';
/** Marker header of a connection-level failure (status 0): no HTTP response exists. */
export const TRANSPORT_HEADER = 'x-rematch-transport-error';

const STATUS_TEXT: Record<number, string> = {
  400: 'bad request',
  404: 'not found',
  429: RATE_LIMIT_TEXT,
  500: 'internal server error',
  502: 'bad gateway',
  503: 'service unavailable',
  504: 'gateway timeout',
};

function errorTypeFor(status: number): string {
  for (const [t, s] of Object.entries(PROM_STATUS)) if (s === status) return t;
  return status >= 500 ? 'internal' : 'bad_data';
}

function isProm(req: ApiRequest): boolean {
  return backendOf(req.api) === 'prometheus';
}

/** An error the way each backend sends one: Prometheus JSON, Loki plain text. */
export function wireError(req: ApiRequest, status: number, errorType: string, message: string): ApiResponse {
  return isProm(req) ? promError(errorType, message, status) : lokiText(status, message);
}

/**
 * HTTP 200 with a typed failure inside. Prometheus: the error envelope `status: "error"` in a 200
 * (what proxies that always answer 200 do). Loki: a batch envelope `{outcome: "failed", n: 0,
 * results: [{query, status: "error", error}]}` (what integrations that wrap Loki do).
 */
export function failedEnvelope(f: FaultOfKind<'failed-envelope'>, req: ApiRequest): ApiResponse {
  const error = f.message ?? FAILED_ENVELOPE_TEXT;
  if (isProm(req)) return promError(f.errorType ?? 'execution', error, 200);
  return lokiJson({
    outcome: 'failed',
    n: 0,
    results: [
      {
        query: param(req.params, 'query') ?? '',
        status: 'error',
        errorType: f.errorType ?? 'internal',
        error,
      },
    ],
  });
}

export function httpError(f: FaultOfKind<'http-error'>, req: ApiRequest): ApiResponse {
  const status = f.status ?? 500;
  const text = f.message ?? STATUS_TEXT[status] ?? `HTTP ${status}`;
  return wireError(req, status, f.errorType ?? errorTypeFor(status), text);
}

export function timeoutError(f: FaultOfKind<'timeout'>, req: ApiRequest): ApiResponse {
  return isProm(req)
    ? promError(f.errorType ?? 'timeout', f.message ?? PROM_TEXT.timeout, f.status ?? 503)
    : lokiText(f.status ?? 504, f.message ?? LOKI_TEXT.timeout);
}

export function rateLimited(f: FaultOfKind<'rate-limit'>, req: ApiRequest): ApiResponse {
  return wireError(req, f.status ?? 429, f.errorType ?? 'unavailable', f.message ?? RATE_LIMIT_TEXT);
}

export function seriesLimit(f: FaultOfKind<'series-limit'>, req: ApiRequest): ApiResponse {
  const prom =
    f.limit === undefined
      ? PROM_SERIES_LIMIT_TEXT
      : `the query exceeded the maximum number of series (limit: ${f.limit})`;
  const loki = f.limit === undefined ? LOKI_SERIES_LIMIT_TEXT : lokiSeriesLimitText(f.limit);
  return isProm(req)
    ? promError(f.errorType ?? 'execution', f.message ?? prom, f.status ?? 422)
    : lokiText(f.status ?? 400, f.message ?? loki);
}

/** The backend is gone: status 0 and no body an HTTP client could read (the HTTP adapter drops the socket). */
export function staleCatalog(f: FaultOfKind<'stale-catalog'>): ApiResponse {
  return {
    status: 0,
    text: f.message ?? 'connect ECONNREFUSED 127.0.0.1',
    headers: { [TRANSPORT_HEADER]: 'ECONNREFUSED' },
  };
}

export const UNTYPED_200_TEXT = 'upstream unavailable: dial tcp 10.0.3.7:3100: connect: connection refused';

/**
 * HTTP 200 with a failure in a shape the typed failure class does not know: no `status: "error"`,
 * no `outcome`, no `n`. `error-in-data` (default) answers `{"data": <message>}`, `empty-object`
 * answers `{}`. The response carries the truth (failed) for the trace, never on the wire.
 */
export function untyped200(f: FaultOfKind<'untyped-200'>): ApiResponse {
  const message = f.message ?? UNTYPED_200_TEXT;
  const json = f.shape === 'empty-object' ? {} : { data: message };
  return {
    status: 200,
    json,
    headers: { 'content-type': 'application/json' },
    truth: { outcome: 'failed', error: { type: 'untyped_failure', message } },
  };
}

export const STALE_TOOLS_TEXT =
  'Bad Gateway: upstream query-tools v1 (image registry.internal/obs/query-tools:1.8.0) is not serving: exec /usr/bin/query-tools: exec format error (credentials accepted)';

/**
 * A stale tool: the catalog still lists the tool of a broken upstream image. The credentials were
 * fine, so the gateway in front of it answers (not 401/403): `status` (default 502) with the
 * upstream's failure as plain text, as a gateway does for Prometheus and Loki alike.
 */
export function staleTool(f: FaultOfKind<'stale-tools'>): ApiResponse {
  return {
    status: f.status ?? 502,
    text: f.message ?? STALE_TOOLS_TEXT,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  };
}
