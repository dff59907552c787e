/**
 * What a gated surface sends instead of (or beside) the backend's answer, at wire level, so that
 * any HTTP client sees it as a real server would say it:
 *
 * - the typed failure: an HTTP 200 that the classifier finds failed (a failed envelope) goes out
 *   with the status and body the real server sends for that failure, by its errorType (the
 *   envelope's own, or its failed element's: DESIGN §8): Prometheus its JSON error with the
 *   errorType's status (PROM_STATUS), Loki plain text with lokiStatusOf's (timeout 504, canceled
 *   499, bad_data 400, else 500);
 * - a refusal (a blocked route or duplicate, a halted session): 403 with the backend's error shape;
 * - the steer and halt texts: one RFC 7234 `Warning: 299` header value each.
 */
import { type ApiRequest, type ApiResponse, backendOf } from '../../backend/api.js';

export { SESSION_HEADER, SESSION_PATH } from '../../backend/http/index.js';

import { lokiStatusOf, lokiText } from '../../backend/loki/index.js';
import { PROM_STATUS, promError } from '../../backend/prometheus/index.js';
import type { ToolOutput } from '../tools/index.js';

export const GATE_HEADER = 'x-rematch-gate';
export const REFUSED_STATUS = 403;

function isProm(req: ApiRequest): boolean {
  return backendOf(req.api) === 'prometheus';
}

/** The errorType a failed envelope names: its own, else its first failed element's (`results`, or the array). */
function envelopeErrorType(json: unknown): string | undefined {
  const rec = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
  if (!rec(json)) return undefined;
  if (typeof json.errorType === 'string') return json.errorType;
  const items = Array.isArray(json) ? json : Array.isArray(json.results) ? json.results : [];
  for (const it of items) if (rec(it) && typeof it.errorType === 'string') return it.errorType;
  return undefined;
}

/** The typed failure of a success-status answer that failed, or undefined when none is needed. */
export function typedFailure(req: ApiRequest, res: ApiResponse, out: ToolOutput): ApiResponse | undefined {
  if (res.status === 0 || res.status >= 400) return undefined;
  if (out.outcome !== 'failed' && out.outcome !== 'rejected') return undefined;
  const named = envelopeErrorType(res.json) ?? out.error?.type;
  const known: Readonly<Record<string, number>> = PROM_STATUS;
  const type =
    named && Object.hasOwn(known, named) ? named : out.outcome === 'rejected' ? 'bad_data' : 'internal';
  const message = out.error?.message ?? 'the query failed';
  return isProm(req) ? promError(type, message, known[type]) : lokiText(lokiStatusOf(type), message);
}

/** A call the surface answered itself: it never reached the backend. */
export function refusal(
  req: ApiRequest,
  errorType: string,
  message: string,
  status = REFUSED_STATUS,
): ApiResponse {
  return isProm(req) ? promError(errorType, message, status) : lokiText(status, message);
}

/** Characters of a text a header carries: a 17 KB query twice overflows a client's header limit. */
export const HEADER_TEXT_MAX = 200;

/**
 * One `Warning` header value per text: `299 rematch "<text>"`, quoted and kept to one line, cut to
 * HEADER_TEXT_MAX characters (then naming the call: the full text is in the gate note and the MCP
 * content).
 */
export function warningHeader(texts: readonly string[], callId?: string): string {
  return texts
    .map((t) => {
      const line = t.replace(/[\r\n]+/g, ' ');
      const cut =
        line.length > HEADER_TEXT_MAX
          ? `${line.slice(0, HEADER_TEXT_MAX)}... (cut; call ${callId ?? '?'} has the full text)`
          : line;
      const clean = cut.replace(/[^\x20-\x7e]/g, '?').replace(/(["\\])/g, '\\$1');
      return `299 rematch "${clean}"`;
    })
    .join(', ');
}
