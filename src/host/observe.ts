/**
 * What one backend tool result becomes for the gates, said once for the host (call.ts) and the
 * gated surfaces (surface/): the presenter's view (failureClass, else the raw wire view), the
 * true fingerprint, and the fingerprint of what the agent saw, which the ledger counts.
 */

import type { GateStack } from './gates/compose.js';
import { fingerprintOf } from './gates/fingerprint.js';
import type { Shown } from './gates/types.js';
import { rawView } from './present.js';
import type { ToolOutput } from './tools/types.js';
import type { CallRecord } from './types.js';

export interface Observed {
  shown: Shown;
  fingerprint?: string;
  seenFingerprint?: string;
}

export function observe(gates: GateStack, call: Readonly<CallRecord>, out: ToolOutput): Observed {
  const shown = gates.present(call, out) ?? rawView(call.id, out);
  const fingerprint = fingerprintOf({
    tool: call.tool,
    outcome: out.outcome,
    error: out.error,
    query: call.query,
    source: call.source,
  });
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
        });
  return { shown, fingerprint, seenFingerprint };
}
