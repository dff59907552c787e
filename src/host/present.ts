/**
 * How a tool result is rendered for the agent. `typedView` is what the failureClass gate shows:
 * the classifier's envelope. `rawView` is the gate-off default, an untyped integration: backend
 * answers pass through as their raw wire body; only what any HTTP client notices is visible
 * (transport error → `error`, HTTP status ≥ 400 → `failed`), so an HTTP 200 failed envelope or an
 * empty result looks `ok`. Host-side tools (context, control, argument errors) are always typed.
 */

import type { Outcome } from '../formats/run/index.js';
import type { Envelope } from '../protocol/observation.js';
import type { ToolOutput } from './tools/index.js';

/** What the agent is shown of one tool result. */
export interface Shown {
  envelope: Envelope;
  outcome: Outcome;
  /** The agent did not get a typed outcome (raw wire body passed through). */
  untyped: boolean;
}

export function typedView(callId: string, given: ToolOutput): Shown {
  // A failure in a shape the classifier does not know is shown as the classifier read it.
  const out: ToolOutput = given.typed ? { ...given, ...given.typed, error: undefined } : given;
  // An answer whose every selector read nothing (a wrong label, a typo) measures nothing, even
  // when a constant fallback (`or vector(0)`) dresses it as data: the typed class says `empty` and
  // why. With some selectors unmatched, the data stands and a warning names the ones that read nothing.
  const unmatched = out.selection?.unmatched ?? [];
  const vacuous =
    out.outcome === 'ok' && unmatched.length > 0 && unmatched.length === out.selection?.selectors;
  const outcome = vacuous ? 'empty' : out.outcome;
  const envelope: Envelope = { outcome, n: vacuous ? 0 : out.n, callId };
  if (out.data !== undefined && (out.outcome === 'ok' || out.outcome === 'empty')) envelope.data = out.data;
  if (out.error) envelope.error = out.error;
  const warnings = [...(out.warnings ?? [])];
  if (unmatched.length && (out.outcome === 'ok' || out.outcome === 'empty'))
    warnings.push(`${unmatched.join(', ')} matched no series or streams: this answer measures nothing of it`);
  if (warnings.length) envelope.warnings = warnings;
  if (out.truncated) envelope.truncated = true;
  return { envelope, outcome, untyped: false };
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
