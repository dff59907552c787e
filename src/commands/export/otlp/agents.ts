/**
 * The agent spans of a trial: the session (`invoke_agent <seat>`, the trace's root) and one span
 * per ReAcTree node, agent nodes as `invoke_agent <node>` and control-flow nodes as
 * `<kind> <node>`, each under its parent node (the root node under the session).
 */
import type { EndEvent, NodeEvent, Trace } from '../../../formats/run/index.js';
import { SPAN_KIND } from './encode.js';
import { GEN_AI, OPERATION, providerName } from './genai.js';
import { type KeyedSpan, makeSpan, type OtlpSpan, type TrialClock } from './span.js';

export const SESSION = 'session';
export const nodeKey = (node: string): string => `node:${node}`;

/** What the run folder's journal says of the trial, beside its trace. */
export interface TrialVerdict {
  verdict?: string;
  correctness?: number;
}

/** The last `t` of the trace: where a span whose end was never written (a cut-short trace) ends. */
export function lastT(trace: Trace): number {
  let t = 0;
  for (const e of trace.events) if ('t' in e && e.t > t) t = e.t;
  return t;
}

export function sessionSpan(trace: Trace, c: TrialClock, v: TrialVerdict): OtlpSpan {
  const h = trace.header;
  const end = trace.events.find((e): e is EndEvent => e.type === 'end');
  const failed = end && (end.stop === 'error' || end.unscored);
  return makeSpan(c, {
    key: SESSION,
    name: `${OPERATION.agent} ${h.seat}`,
    kind: SPAN_KIND.internal,
    startMs: 0,
    endMs: end?.t ?? lastT(trace),
    attrs: {
      [GEN_AI.operation]: OPERATION.agent,
      [GEN_AI.provider]: providerName(h.provider),
      [GEN_AI.requestModel]: h.model,
      [GEN_AI.agentName]: h.seat,
      [GEN_AI.conversationId]: c.trialId,
      [GEN_AI.inputTokens]: end?.usage.tokens.input,
      [GEN_AI.outputTokens]: end?.usage.tokens.output,
      [GEN_AI.reasoningTokens]: end?.usage.tokens.reasoning || undefined,
      'rematch.run.id': c.runId,
      'rematch.trial.id': c.trialId,
      'rematch.golden': h.golden,
      'rematch.seat': h.seat,
      'rematch.provider': h.provider,
      'rematch.shape': h.shape,
      'rematch.gate_set': h.gateSet,
      'rematch.gates': h.gates,
      'rematch.gates.prompt': h.prompted,
      'rematch.rep': h.rep,
      'rematch.seed': h.seed,
      'rematch.clock': h.clock,
      'rematch.started_at': h.startedAt,
      'rematch.faults_recorded': h.faultsRecorded,
      'rematch.selection_recorded': h.selectionRecorded,
      'rematch.stop': end?.stop,
      'rematch.unscored': end?.unscored,
      'rematch.turns': end?.usage.turns,
      'rematch.tool_calls': end?.usage.toolCalls,
      'rematch.waves': end?.usage.waves,
      'rematch.max_fanout': end?.usage.maxFanout,
      'rematch.steers': end?.counts.steers,
      'rematch.halts': end?.counts.halts,
      'rematch.fingerprints': end?.counts.fingerprints,
      'rematch.untyped_envelopes': end?.counts.untypedEnvelopes,
      'rematch.wall_ms': end?.wall.totalMs,
      'rematch.model_ms': end?.wall.modelMs,
      'rematch.tool_ms': end?.wall.toolMs,
      'rematch.queue_ms': end?.wall.queueMs,
      'rematch.end.error': end?.error,
      'rematch.cost_usd': end?.usage.costUsd,
      // the part of the usage above that was replayed from the turn cache, not paid for
      'rematch.replayed.turns': end?.usage.replayed?.turns,
      'rematch.replayed.input_tokens': end?.usage.replayed?.tokens.input,
      'rematch.replayed.output_tokens': end?.usage.replayed?.tokens.output,
      'rematch.replayed.cost_usd': end?.usage.replayed?.costUsd,
      'rematch.limiter_ms': end?.wall.limiterMs,
      'rematch.backoff_ms': end?.wall.backoffMs,
      'rematch.verdict': v.verdict,
      'rematch.correctness': v.correctness,
    },
    error: failed ? (end.error ?? `stop: ${end.stop}`) : undefined,
  });
}

/** One span per node start event, ended by the node's end event (or the trace's last `t`). */
export function nodeSpans(trace: Trace, c: TrialClock): KeyedSpan[] {
  const ends = new Map<string, NodeEvent>();
  for (const e of trace.events) if (e.type === 'node' && e.event === 'end') ends.set(e.node, e);
  const out: KeyedSpan[] = [];
  for (const e of trace.events) {
    if (e.type !== 'node' || e.event !== 'start') continue;
    const end = ends.get(e.node);
    const agent = e.kind === 'agent';
    const key = nodeKey(e.node);
    out.push([
      key,
      makeSpan(c, {
        key,
        parent: e.parent === undefined ? SESSION : nodeKey(e.parent),
        name: agent ? `${OPERATION.agent} ${e.node}` : `${e.kind} ${e.node}`,
        kind: SPAN_KIND.internal,
        startMs: e.t,
        endMs: end?.t ?? lastT(trace),
        attrs: {
          ...(agent ? { [GEN_AI.operation]: OPERATION.agent, [GEN_AI.agentId]: e.node } : {}),
          'rematch.node.id': e.node,
          'rematch.node.kind': e.kind,
          'rematch.node.goal': e.goal,
          'rematch.node.result': end?.result,
          'rematch.node.concurrent': end?.concurrent ?? e.concurrent,
          'rematch.node.tokens': end?.usage?.tokens,
          'rematch.node.turns': end?.usage?.turns,
          'rematch.node.tool_calls': end?.usage?.toolCalls,
        },
      }),
    ]);
  }
  return out;
}
