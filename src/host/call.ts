/**
 * Running one tool call and recording its result: the tool's true typed observation goes into the
 * trace (outcome, n, fingerprint), the gates' presenter decides what the agent is shown, and the
 * observation gates (ledger) then see that shown view.
 */

import type { Envelope } from '../protocol/observation.js';
import { resultRecord } from '../protocol/values.js';
import type { Verdict } from './gates/index.js';
import { observe, settleCall } from './observe.js';
import { preview } from './present.js';
import type { Session } from './session.js';
import type { ToolDef, ToolOutput } from './tools/index.js';
import type { CallRecord, NodeInfo } from './types.js';

export interface CallDone {
  envelope: Envelope;
  /** steer / halt verdicts the observation gates returned. */
  verdicts: Verdict[];
}

/** A result the host produced without running the tool (blocked, bad arguments, wrong node). */
export function hostResult(s: Session, call: CallRecord, type: string, message: string): Envelope {
  call.outcome = 'rejected';
  call.seen = 'rejected';
  s.emit({
    type: 'tool_result',
    id: call.id,
    outcome: 'rejected',
    n: 0,
    latencyMs: 0,
    queueMs: 0,
    error: `${type}: ${message}`,
    untyped: false,
  });
  return { outcome: 'rejected', n: 0, callId: call.id, error: { type, message } };
}

/** Records a result computed by the host itself (control tools): typed, never fingerprinted. */
export function controlResult(s: Session, call: CallRecord, out: ToolOutput, latencyMs = 0): Envelope {
  call.outcome = out.outcome;
  call.seen = out.outcome;
  const envelope: Envelope = { outcome: out.outcome, n: out.n, callId: call.id };
  if (out.data !== undefined) envelope.data = out.data;
  if (out.error) envelope.error = out.error;
  s.emit({
    type: 'tool_result',
    id: call.id,
    outcome: out.outcome,
    n: out.n,
    latencyMs,
    queueMs: 0,
    error: out.error ? `${out.error.type}: ${out.error.message}` : undefined,
    untyped: false,
    preview: preview(envelope),
  });
  return envelope;
}

export async function runCall(s: Session, node: NodeInfo, call: CallRecord, def: ToolDef): Promise<CallDone> {
  const { clock, golden, backend, signal } = s.opts;
  const started = clock.now();
  // Counted before the await, like turns: concurrent nodes share one tool-call budget.
  s.usage.toolCalls += 1;
  s.nodeStats(node.id).toolCalls += 1;
  const out = await def.run(call.args, {
    golden,
    backend,
    clock,
    scratch: s.scratch,
    callId: call.id,
    catalog: s.catalog,
    ...(s.opts.catalog ? { toolCatalog: s.opts.catalog } : {}),
    signal,
  });
  const latencyMs = clock.now() - started;
  const queueMs = out.queueMs ?? 0;
  s.wall.toolMs += Math.max(0, latencyMs - queueMs);
  s.wall.queueMs += queueMs;

  const { shown, fingerprint, seenFingerprint } = observe(s.gates, call, out);
  if (fingerprint) s.fingerprints.add(fingerprint);
  settleCall(call, out, { shown, fingerprint, seenFingerprint });
  if (shown.untyped) s.counts.untyped += 1;
  s.emit({
    type: 'tool_result',
    id: call.id,
    outcome: out.outcome,
    n: out.n,
    fingerprint,
    latencyMs,
    queueMs,
    httpStatus: out.httpStatus,
    error: out.error ? `${out.error.type}: ${out.error.message}` : undefined,
    untyped: shown.untyped,
    shown: shown.outcome !== out.outcome ? shown.outcome : undefined,
    preview: preview(shown.envelope),
    ...(out.fault ? { fault: out.fault } : {}),
    ...(out.catalog ? { catalogVersion: out.catalog.version, stale: out.catalog.stale } : {}),
    // What the answer served showed, from its whole wire body (data above is bounded for prompts).
    ...resultRecord(out.outcome, out.wire, out.selection),
  });

  const verdicts = s.gates.afterResult({ call, outcome: shown.outcome, fingerprint: seenFingerprint }, node);
  return { envelope: shown.envelope, verdicts };
}
