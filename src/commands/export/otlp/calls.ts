/**
 * The work spans of a trial: one `chat <model>` span per model turn and one `execute_tool <tool>`
 * span per tool call, each under the span of the node it ran in (the session for a ReAct trial,
 * whose trace has no node events).
 *
 * A turn event is written when the turn ends: it ran from `t − latencyMs` to `t`. A call ran from
 * its result's `t − latencyMs` to that `t` (a call the fanout gate deferred starts after its
 * `tool_call` event); a call without a result (a trace cut short) is a zero-length span at its
 * `tool_call` event, without an outcome.
 */
import type { ModelTurnEvent, ToolCallEvent, ToolResultEvent, Trace } from '../../../formats/run/index.js';
import { SPAN_KIND } from './encode.js';
import { GEN_AI, OPERATION, providerName } from './genai.js';
import { type KeyedSpan, makeSpan, type OtlpSpan, type TrialClock } from './span.js';

export const turnKey = (turn: number): string => `turn:${turn}`;
export const callKey = (id: string): string => `call:${id}`;

/** How much of a turn's text or a call's arguments a span carries: enough to read, not a transcript. */
const TEXT_CAP = 2000;
const cap = (s: string): string => (s.length > TEXT_CAP ? `${s.slice(0, TEXT_CAP)}…` : s);

/** The span key a node's work hangs under: its node span when it has one, else the session. */
export type ParentOf = (node: string) => string;

function turnSpan(e: ModelTurnEvent, trace: Trace, c: TrialClock, parentOf: ParentOf): OtlpSpan {
  const h = trace.header;
  return makeSpan(c, {
    key: turnKey(e.turn),
    parent: parentOf(e.node),
    name: `${OPERATION.chat} ${h.model}`,
    kind: SPAN_KIND.client,
    startMs: e.t - e.latencyMs,
    endMs: e.t,
    attrs: {
      [GEN_AI.operation]: OPERATION.chat,
      [GEN_AI.provider]: providerName(h.provider),
      [GEN_AI.requestModel]: h.model,
      [GEN_AI.inputTokens]: e.tokens.input,
      [GEN_AI.outputTokens]: e.tokens.output,
      [GEN_AI.reasoningTokens]: e.tokens.reasoning || undefined,
      'rematch.turn': e.turn,
      'rematch.node.id': e.node,
      'rematch.tool_calls': e.toolCalls,
      'rematch.attempts': e.attempts,
      'rematch.latency_ms': e.latencyMs,
      // a replayed turn made no provider call: its key, and the latency the recorded turn had
      'rematch.replay.key': e.replay?.key,
      'rematch.replay.latency_ms': e.replay?.latencyMs,
      // real seats: the turn's wait for the run's rate limiter, and in backoff between attempts
      'rematch.limiter_ms': e.limiterMs,
      'rematch.backoff_ms': e.backoffMs,
      'rematch.text': e.text ? cap(e.text) : undefined,
    },
  });
}

function callSpan(
  e: ToolCallEvent,
  r: ToolResultEvent | undefined,
  c: TrialClock,
  parentOf: ParentOf,
): OtlpSpan {
  const failed = r && (r.outcome === 'failed' || r.outcome === 'error');
  return makeSpan(c, {
    key: callKey(e.id),
    parent: parentOf(e.node),
    name: `${OPERATION.tool} ${e.tool}`,
    kind: SPAN_KIND.internal,
    startMs: r ? r.t - r.latencyMs : e.t,
    endMs: r ? r.t : e.t,
    attrs: {
      [GEN_AI.operation]: OPERATION.tool,
      [GEN_AI.toolName]: e.tool,
      [GEN_AI.toolCallId]: e.id,
      [GEN_AI.toolType]: 'function',
      [GEN_AI.toolArguments]: cap(JSON.stringify(e.args ?? {})),
      [GEN_AI.errorType]: failed ? r.outcome : undefined,
      'rematch.tool.class': e.class,
      'rematch.call.t_ms': e.t,
      'rematch.wave': e.wave,
      'rematch.node.id': e.node,
      'rematch.source': e.source,
      'rematch.query': e.query,
      'rematch.outcome': r?.outcome,
      'rematch.n': r?.n,
      'rematch.fingerprint': r?.fingerprint,
      'rematch.fault.id': r?.fault,
      'rematch.catalog.version': r?.catalogVersion,
      'rematch.catalog.stale': r?.stale,
      'rematch.http.status': r?.httpStatus,
      'rematch.latency_ms': r?.latencyMs,
      'rematch.queue_ms': r?.queueMs,
      'rematch.untyped': r?.untyped,
      'rematch.shown': r?.shown,
      'rematch.error': r?.error,
      'rematch.preview': r?.preview,
      'rematch.selection.selectors': r?.selection?.selectors,
      'rematch.selection.unmatched': r?.selection?.unmatched,
      // JSON text, not an array of doubles: an SDK re-encoding a whole 50.0 as intValue 50 would
      // change its type element by element (docs/otlp.md, Encoding)
      'rematch.values': r?.values ? JSON.stringify(r.values) : undefined,
      'rematch.values_truncated': r?.valuesTruncated,
    },
    error: failed ? (r.error ?? r.outcome) : undefined,
  });
}

export function turnSpans(trace: Trace, c: TrialClock, parentOf: ParentOf): KeyedSpan[] {
  return trace.events
    .filter((e): e is ModelTurnEvent => e.type === 'model_turn')
    .map((e) => [turnKey(e.turn), turnSpan(e, trace, c, parentOf)]);
}

export function callSpans(trace: Trace, c: TrialClock, parentOf: ParentOf): KeyedSpan[] {
  const results = new Map<string, ToolResultEvent>();
  for (const e of trace.events) if (e.type === 'tool_result') results.set(e.id, e);
  return trace.events
    .filter((e): e is ToolCallEvent => e.type === 'tool_call')
    .map((e) => [callKey(e.id), callSpan(e, results.get(e.id), c, parentOf)]);
}
