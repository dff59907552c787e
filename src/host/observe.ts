/**
 * What one backend tool result becomes for the gates, said once for the host (call.ts) and the
 * gated surfaces (surface/): the presenter's view (failureClass, else the raw wire view), the
 * true fingerprint, and the fingerprint of what the agent saw, which the ledger counts; and what
 * the result writes into the call's record.
 */

import { reachedBackend } from '../evidence/index.js';
import { isVacuous } from '../protocol/fingerprint.js';
import type { GateStack, Shown } from './gates/index.js';
import { fingerprintOf } from './gates/index.js';
import { rawView } from './present.js';
import type { ToolOutput } from './tools/index.js';
import type { CallRecord } from './types.js';

export interface Observed {
  shown: Shown;
  fingerprint?: string;
  seenFingerprint?: string;
}

/** A result's true fingerprint (the ledger's key): the call's tool, query and source, the result's outcome. */
export function resultFingerprint(
  call: Readonly<Pick<CallRecord, 'tool' | 'query' | 'source'>>,
  out: ToolOutput,
): string | undefined {
  return fingerprintOf({
    tool: call.tool,
    outcome: out.outcome,
    error: out.error,
    query: call.query,
    source: call.source,
    vacuous: isVacuous(out.selection),
  });
}

export function observe(gates: GateStack, call: Readonly<CallRecord>, out: ToolOutput): Observed {
  const shown = gates.present(call, out) ?? rawView(call.id, out);
  const fingerprint = resultFingerprint(call, out);
  const seenFingerprint =
    shown.outcome === out.outcome
      ? fingerprint
      : fingerprintOf({
          tool: call.tool,
          outcome: shown.outcome,
          error: {
            type: `http_${out.httpStatus ?? 0}`,
            // JSON error bodies too: different errors must not hash alike.
            message: typeof out.wire === 'string' ? out.wire : JSON.stringify(out.wire ?? ''),
          },
          query: call.query,
          source: call.source,
          vacuous: isVacuous(out.selection),
        });
  return { shown, fingerprint, seenFingerprint };
}

/** The result into the call's record: whether it reached the backend, its value, both outcomes and fingerprints. */
export function settleCall(call: CallRecord, out: ToolOutput, o: Observed): void {
  Object.assign(call, {
    // A tool's own argument check (`bad_args`) answers without the backend: it did not run.
    ran: reachedBackend({
      outcome: out.outcome,
      httpStatus: out.httpStatus,
      error: out.error ? `${out.error.type}: ${out.error.message}` : undefined,
    }),
    value: out.outcome === 'ok' ? singleValue(out.data) : undefined,
    outcome: out.outcome,
    fingerprint: o.fingerprint,
    errorMessage: out.error?.message,
    seen: o.shown.outcome,
    seenFingerprint: o.seenFingerprint,
  });
}

/** The one number of a scalar or one-sample vector result (`[t, "v"]` wire values), else undefined. */
export function singleValue(data: unknown): number | undefined {
  const d = data as { resultType?: string; result?: unknown } | undefined;
  let pair: unknown;
  if (d?.resultType === 'scalar') pair = d.result;
  else if (d?.resultType === 'vector' && Array.isArray(d.result) && d.result.length === 1) {
    pair = (d.result[0] as { value?: unknown }).value;
  }
  if (!Array.isArray(pair) || pair.length < 2) return undefined;
  const v = Number(pair[1]);
  return Number.isFinite(v) ? v : undefined;
}
