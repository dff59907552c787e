/**
 * How a tool result is rendered for the agent. `typedView` is what the failureClass gate shows:
 * the classifier's envelope. `rawView` is the gate-off default, an untyped integration: backend
 * answers pass through as their raw wire body; only what any HTTP client notices is visible
 * (transport error → `error`, HTTP status ≥ 400 → `failed`), so an HTTP 200 failed envelope or an
 * empty result looks `ok`. Host-side tools (context, control, argument errors) are always typed.
 */

import type { Outcome } from '../formats/trace.js';
import type { Envelope } from '../protocol/observation.js';
import type { Shown } from './gates/types.js';
import type { ToolOutput } from './tools/types.js';

export function typedView(callId: string, out: ToolOutput): Shown {
  const envelope: Envelope = { outcome: out.outcome, n: out.n, callId };
  if (out.data !== undefined && (out.outcome === 'ok' || out.outcome === 'empty')) envelope.data = out.data;
  if (out.error) envelope.error = out.error;
  if (out.warnings?.length) envelope.warnings = out.warnings;
  if (out.truncated) envelope.truncated = true;
  return { envelope, outcome: out.outcome, untyped: false };
}

export function rawView(callId: string, out: ToolOutput): Shown {
  if (out.wire === undefined) return typedView(callId, out);
  const status = out.httpStatus ?? 200;
  const outcome: Outcome = status === 0 ? 'error' : status >= 400 ? 'failed' : 'ok';
  const success = out.outcome === 'ok' || out.outcome === 'empty';
  const wire = out.wire;
  // Success bodies keep their envelope but carry the bounded data, so prompts stay bounded.
  const data =
    success && typeof wire === 'object' && wire !== null && 'data' in wire
      ? { ...wire, data: out.data }
      : wire;
  const envelope: Envelope = { outcome, n: success ? out.n : 0, callId, data };
  if (out.truncated) envelope.truncated = true;
  return { envelope, outcome, untyped: true };
}

export { preview } from '../protocol/observation.js';
