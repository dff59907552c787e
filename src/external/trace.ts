/**
 * An external agent's trace, rebuilt from the calls its server answered: each call becomes a
 * `tool_call` (tool named after the API, the query, the source) and a `tool_result` classified by
 * the typed classifier (protocol/classify.ts), so scoring treats a command seat exactly like a hosted one.
 * Call ids are the ones the agent saw in `x-rematch-call-id`.
 */
import { queryShape } from '../backend/query-shape.js';
import type { GateEvent, ToolCallEvent, ToolResultEvent, TraceEvent } from '../formats/run/index.js';
import type { Source } from '../formats/vocabulary.js';
import { queryOfParams, toolOfApi } from '../protocol/api-tool.js';
import { boundData } from '../protocol/bound.js';
import { classify } from '../protocol/classify.js';
import { fingerprintOf, isVacuous } from '../protocol/fingerprint.js';
import { preview } from '../protocol/observation.js';
import type { ToolName } from '../protocol/tools.js';
import { resultRecord } from '../protocol/values.js';
import type { ServedCall } from './types.js';

/** The hosted tool a served API call stands for (protocol/api-tool.ts, shared with the gated surfaces). */
export const toolOf = toolOfApi;

/**
 * One served call as trace events: `tool_call`, the gates' decisions before it ran (allow, defer,
 * block), its `tool_result`, then their decisions on its answer (steer, halt), exactly the events a
 * hosted call has. A call a gate refused never reached the backend: its result is the host's
 * refusal (`blocked: ...`, `final_turn: halted ...`), rejected, with no HTTP status. The true
 * outcome is the backend's answer (the typed failure's upstream); `shown` is what the agent got.
 */
export function callEvents(c: ServedCall, t0: number, wave: number): TraceEvent[] {
  const kind = toolOf(c.req.api);
  const query = queryOfParams(c.req.params);
  const call: ToolCallEvent = {
    type: 'tool_call',
    t: c.startedAt - t0,
    id: c.id,
    tool: kind.tool,
    args: { api: c.req.api, ...c.req.params },
    wave,
    class: kind.class,
    node: 'agent',
    source: kind.source,
    ...(query !== undefined ? { query } : {}),
  };
  const note = c.res.gate;
  const decisions = note?.decisions ?? [];
  const gate = (d: (typeof decisions)[number], at: number): GateEvent => {
    const { at: _at, ...rest } = d;
    return { type: 'gate', t: Math.max(at, d.at) - t0, ...rest };
  };
  const before = decisions.filter((d) => !AFTER.has(d.decision)).map((d) => gate(d, c.startedAt));
  const after = decisions.filter((d) => AFTER.has(d.decision)).map((d) => gate(d, c.endedAt));
  const result = note?.refused
    ? refusedResult(c, t0, `${note.refused.type}: ${note.refused.message}`)
    : answeredResult(c, t0, kind.tool, kind.source, query);
  return [call, ...before, result, ...after];
}

const AFTER = new Set(['steer', 'halt']);

function refusedResult(c: ServedCall, t0: number, error: string): ToolResultEvent {
  return {
    type: 'tool_result',
    t: c.endedAt - t0,
    id: c.id,
    outcome: 'rejected',
    n: 0,
    latencyMs: 0,
    queueMs: 0,
    error,
    untyped: false,
  };
}

function answeredResult(
  c: ServedCall,
  t0: number,
  tool: ToolName,
  source: Source,
  query: string | undefined,
): ToolResultEvent {
  const note = c.res.gate;
  const upstream = note?.upstream ?? c.res;
  const k = classify(upstream);
  const shown = k.data === undefined ? undefined : boundData(k.data).data;
  const fingerprint = fingerprintOf(
    { tool, outcome: k.outcome, error: k.error, query, source, vacuous: isVacuous(c.res.selection) },
    queryShape,
  );
  return {
    type: 'tool_result',
    t: c.endedAt - t0,
    id: c.id,
    outcome: k.outcome,
    n: k.n,
    ...(fingerprint ? { fingerprint } : {}),
    latencyMs: c.endedAt - c.startedAt,
    queueMs: (c.res.timing?.queueMs ?? 0) + (note?.queuedMs ?? 0),
    httpStatus: upstream.status,
    ...(k.error ? { error: `${k.error.type}: ${k.error.message}` } : {}),
    untyped: note?.untyped ?? false,
    ...(note && note.shown !== k.outcome ? { shown: note.shown } : {}),
    preview: preview({ error: k.error, data: shown }),
    ...(c.res.fault ? { fault: c.res.fault } : {}),
    // The backend's answer (upstream of a gate's typed failure), as the outcome above reads it.
    ...resultRecord(k.outcome, upstream.json, c.res.selection),
  };
}
