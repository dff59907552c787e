/**
 * How a Grafana-like client reads an upstream Prometheus/Loki answer: a failure (whatever the HTTP
 * status said) with the message Grafana would show, or the success payload. Shared by
 * `/api/ds/query` and the MCP tools, so both surfaces fail on exactly the same answers.
 */
import type { ApiResponse } from '../api.js';

export type Upstream =
  | { ok: true; data: unknown; warnings: string[] }
  | { ok: false; status: number; message: string };

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

function firstError(items: unknown[]): string | undefined {
  for (const it of items) if (isRec(it) && typeof it.error === 'string') return it.error;
  return undefined;
}

export function readUpstream(res: ApiResponse): Upstream {
  if (res.status === 0) {
    return { ok: false, status: 502, message: `dial tcp: ${res.text ?? 'connection refused'}`.trim() };
  }
  const body = res.json;
  if (body === undefined) {
    const text = (res.text ?? '').trim();
    if (res.status >= 400) return { ok: false, status: res.status, message: text || `HTTP ${res.status}` };
    return { ok: false, status: 500, message: `unexpected non-JSON response: ${text.slice(0, 200)}` };
  }
  if (isRec(body) && body.status === 'error') {
    const message = typeof body.error === 'string' ? body.error : JSON.stringify(body);
    const type = typeof body.errorType === 'string' ? `${body.errorType}: ` : '';
    return { ok: false, status: res.status >= 400 ? res.status : 500, message: `${type}${message}` };
  }
  if (isRec(body) && (body.outcome === 'failed' || body.outcome === 'error')) {
    const inner = Array.isArray(body.results) ? body.results : [];
    return { ok: false, status: 500, message: firstError(inner) ?? 'the query failed' };
  }
  if (res.status >= 400) return { ok: false, status: res.status, message: JSON.stringify(body) };
  const data = isRec(body) && 'data' in body ? body.data : body;
  const warnings = isRec(body) && Array.isArray(body.warnings) ? body.warnings.map(String) : [];
  return { ok: true, data, warnings };
}
