/**
 * The typed observation an agent is shown: the envelope every tool result is encoded as, and its
 * short rendering in the trace. The classifier that produces the outcome is classify.ts; what a
 * prompt may hold of the data is bound.ts.
 */
import type { Outcome } from '../formats/run/index.js';

/**
 * Every tool result is this envelope, JSON-encoded in the tool message the model gets.
 * `data` for query tools keeps the wire shape: Prometheus `{resultType, result}` with
 * string values, Loki `{resultType: 'streams', result: [{stream, values: [[ns, line]]}]}`.
 *
 * With the failureClass gate OFF, backend answers are untyped: `outcome` is only what an HTTP
 * client notices (`error` for transport, `failed` for HTTP >= 400, else `ok`, even for an HTTP 200
 * failed envelope or an empty result), no `error` field, and `data` is the RAW wire body
 * (`{status: 'success', data: {resultType, result}}`, a failed envelope, or a plain-text error).
 */
export interface Envelope {
  outcome: Outcome;
  n: number;
  data?: unknown;
  error?: { type: string; message: string };
  warnings?: string[];
  /** Set by the host when a gate touched this call (e.g. deferred by the fan-out cap). */
  note?: string;
  /** The host's id of this call (`c7`): cite it as evidence in the Theory. */
  callId?: string;
  /** `data` keeps only part of the result (at most 50 series, 100 points a series, 100 lines); `n` is the full count. */
  truncated?: boolean;
}

/** A short rendering for the trace's `preview`: the error if there is one, else the data. */
export function preview(e: { error?: unknown; data?: unknown }, max = 240): string {
  const s = JSON.stringify(e.error ?? e.data ?? null) ?? '';
  return s.length > max ? `${s.slice(0, max)}…` : s;
}
