/**
 * Span events of a trial: every gate verdict as a `rematch.gate` event, and each accepted Theory
 * as `rematch.theory` on the session.
 *
 * A gate verdict goes on the span of the call it judged (`callId`); one about a node's turn (no
 * call) on that node's latest turn ended by then; one about the session (no call, no turn yet) on
 * the session's span.
 */
import type { GateEvent, Trace } from '../../../formats/run/index.js';
import { nodeKey, SESSION } from './agents.js';
import { callKey, turnKey } from './calls.js';
import { makeEvent, type OtlpSpan, type TrialClock } from './span.js';

function gateTarget(e: GateEvent, lastTurnOf: Map<string, number>, keys: Set<string>): string {
  if (e.callId !== undefined && keys.has(callKey(e.callId))) return callKey(e.callId);
  const turn = e.node === undefined ? undefined : lastTurnOf.get(e.node);
  if (turn !== undefined) return turnKey(turn);
  if (e.node !== undefined && keys.has(nodeKey(e.node))) return nodeKey(e.node);
  return SESSION;
}

/** Adds the events to the spans (keyed as in `byKey`), in trace order. */
export function addEvents(trace: Trace, c: TrialClock, byKey: Map<string, OtlpSpan>): void {
  const keys = new Set(byKey.keys());
  const lastTurnOf = new Map<string, number>();
  for (const e of trace.events) {
    if (e.type === 'model_turn') lastTurnOf.set(e.node, e.turn);
    else if (e.type === 'gate') {
      const span = byKey.get(gateTarget(e, lastTurnOf, keys));
      span?.events.push(
        makeEvent(c, 'rematch.gate', e.t, {
          'rematch.gate.name': e.gate,
          'rematch.gate.decision': e.decision,
          'rematch.gate.reason': e.reason,
          'rematch.gate.call_id': e.callId,
          'rematch.node.id': e.node,
          'rematch.fingerprint': e.fingerprint,
        }),
      );
    } else if (e.type === 'theory') {
      byKey.get(SESSION)?.events.push(
        makeEvent(c, 'rematch.theory', e.t, {
          'rematch.theory.source': e.source,
          'rematch.theory.summary': e.theory.summary,
          // the whole Theory, so `bench import otlp` scores what was submitted (docs/import.md)
          'rematch.theory.json': JSON.stringify(e.theory),
        }),
      );
    }
  }
}
