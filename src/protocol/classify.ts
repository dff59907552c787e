/**
 * The typed classifier (DESIGN §6): turns a wire response of Prometheus or Loki into an
 * observation class, whatever the HTTP status says. The rules, in order:
 *
 * - status 0 (transport: refused, timeout before any answer) → `error`
 * - Prometheus JSON `status: "error"` → `rejected` for `bad_data`, else `failed` (even on HTTP 200)
 * - an HTTP 200 body shaped `{outcome: "failed" ...}`, or an array whose every element failed → `failed`
 * - Loki plain text (or any non-Prometheus body): 429 and 5xx → `failed`; other 4xx → `rejected`
 * - success with an empty result → `empty`; success with warnings → `ok` carrying the warnings
 *
 * `n` counts series (vector/matrix), log lines (streams), or values (label lists).
 */
import type { Outcome } from '../formats/run/index.js';

export interface Classified {
  outcome: Outcome;
  n: number;
  /** The success payload (`json.data`), when there is one. */
  data?: unknown;
  error?: { type: string; message: string };
  warnings?: string[];
}

export interface WireResponse {
  status: number;
  json?: unknown;
  text?: string;
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

function failedElement(v: unknown): boolean {
  if (!isRec(v)) return false;
  return v.outcome === 'failed' || v.outcome === 'error' || v.status === 'error' || v.isError === true;
}

/** Count what a success payload holds: series, log lines, or list values. */
export function countData(data: unknown): number {
  if (Array.isArray(data)) return data.length;
  if (!isRec(data)) return 0;
  const result = data.result;
  if (data.resultType === 'streams' && Array.isArray(result)) {
    return result.reduce(
      (s: number, st) => s + (isRec(st) && Array.isArray(st.values) ? st.values.length : 0),
      0,
    );
  }
  if (data.resultType === 'scalar' || data.resultType === 'string') return 1;
  return Array.isArray(result) ? result.length : 0;
}

function httpFailure(status: number, message: string, type?: string): Classified {
  const failed = status === 429 || status >= 500;
  const t = type ?? (status === 429 ? 'rate_limited' : failed ? 'server_error' : 'bad_request');
  return { outcome: failed ? 'failed' : 'rejected', n: 0, error: { type: t, message } };
}

export function classify(res: WireResponse): Classified {
  if (res.status === 0) {
    return { outcome: 'error', n: 0, error: { type: 'transport', message: res.text ?? 'no response' } };
  }
  const body = res.json;
  if (body === undefined) {
    const text = (res.text ?? '').trim();
    if (res.status >= 400) return httpFailure(res.status, text || `HTTP ${res.status}`);
    return { outcome: text ? 'ok' : 'empty', n: text ? 1 : 0, data: text };
  }
  if (Array.isArray(body)) {
    if (body.length > 0 && body.every(failedElement)) {
      return { outcome: 'failed', n: 0, error: { type: 'all_failed', message: firstMessage(body) } };
    }
  } else if (isRec(body)) {
    if (body.status === 'error') {
      const type = typeof body.errorType === 'string' ? body.errorType : 'unknown';
      const message = typeof body.error === 'string' ? body.error : JSON.stringify(body);
      return { outcome: type === 'bad_data' ? 'rejected' : 'failed', n: 0, error: { type, message } };
    }
    if (body.outcome === 'failed' || body.outcome === 'error' || body.isError === true) {
      const inner = Array.isArray(body.results) ? body.results : [];
      return {
        outcome: 'failed',
        n: 0,
        error: { type: 'failed_envelope', message: firstMessage([body, ...inner]) },
      };
    }
    if (Array.isArray(body.results) && body.results.length > 0 && body.results.every(failedElement)) {
      return { outcome: 'failed', n: 0, error: { type: 'all_failed', message: firstMessage(body.results) } };
    }
  }
  if (res.status >= 400) return httpFailure(res.status, JSON.stringify(body));
  const data = isRec(body) && 'data' in body ? body.data : body;
  const n = countData(data);
  const warnings = isRec(body) && Array.isArray(body.warnings) ? body.warnings.map(String) : [];
  const out: Classified = { outcome: n > 0 ? 'ok' : 'empty', n, data };
  if (warnings.length) out.warnings = warnings;
  return out;
}

function firstMessage(items: unknown[]): string {
  for (const it of items) {
    if (!isRec(it)) continue;
    for (const k of ['error', 'message', 'reason']) {
      const v = it[k];
      if (typeof v === 'string') return v;
      if (isRec(v) && typeof v.message === 'string') return v.message;
    }
  }
  return 'every result failed';
}
