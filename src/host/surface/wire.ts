/**
 * What a gated surface sends instead of (or beside) the backend's answer, at wire level, so that
 * any HTTP client sees it as a real server would say it:
 *
 * - the typed failure: an HTTP 200 that the classifier finds failed (a failed envelope) goes out
 *   with the status and body the real server sends for that failure (Prometheus: its JSON error
 *   with the errorType's status; Loki: plain text, 500);
 * - a refusal (a blocked route or duplicate, a halted session): 403 with the backend's error shape;
 * - the steer and halt texts: one RFC 7234 `Warning: 299` header value each.
 */
import { type ApiRequest, type ApiResponse, backendOf } from '../../backend/api.js';

export { SESSION_HEADER } from '../../backend/http.js';

import { lokiText } from '../../backend/loki-wire.js';
import { PROM_STATUS, promError } from '../../backend/prom-wire.js';
import type { ToolOutput } from '../tools/types.js';

export const GATE_HEADER = 'x-rematch-gate';
export const REFUSED_STATUS = 403;

function isProm(req: ApiRequest): boolean {
  return backendOf(req.api) === 'prometheus';
}

/** The typed failure of a success-status answer that failed, or undefined when none is needed. */
export function typedFailure(req: ApiRequest, res: ApiResponse, out: ToolOutput): ApiResponse | undefined {
  if (res.status === 0 || res.status >= 400) return undefined;
  if (out.outcome !== 'failed' && out.outcome !== 'rejected') return undefined;
  const type = out.error?.type ?? 'internal';
  const message = out.error?.message ?? 'the query failed';
  if (isProm(req)) {
    const known: Readonly<Record<string, number>> = PROM_STATUS;
    if (Object.hasOwn(known, type)) return promError(type, message, known[type]);
    return promError(out.outcome === 'rejected' ? 'bad_data' : 'internal', message);
  }
  return lokiText(out.outcome === 'rejected' ? 400 : 500, message);
}

/** A call the surface answered itself: it never reached the backend. */
export function refusal(req: ApiRequest, errorType: string, message: string): ApiResponse {
  return isProm(req) ? promError(errorType, message, REFUSED_STATUS) : lokiText(REFUSED_STATUS, message);
}

/** One `Warning` header value per text: `299 rematch "<text>"`, quoted and kept to one line. */
export function warningHeader(texts: readonly string[]): string {
  return texts
    .map((t) => {
      const clean = t
        .replace(/[\r\n]+/g, ' ')
        .replace(/[^\x20-\x7e]/g, '?')
        .replace(/(["\\])/g, '\\$1');
      return `299 rematch "${clean}"`;
    })
    .join(', ');
}
