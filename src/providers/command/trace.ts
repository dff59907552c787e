/**
 * An external agent's trace, rebuilt from the calls its server answered: each call becomes a
 * `tool_call` (tool named after the API, the query, the source) and a `tool_result` classified by
 * the host's typed classifier, so scoring treats a command seat exactly like a hosted one.
 * Call ids are the ones the agent saw in `x-rematch-call-id`.
 */
import { fingerprintOf } from '../../host/gates/fingerprint.js';
import { classify } from '../../host/tools/classify.js';
import { boundData } from '../../host/tools/envelope.js';
import type { ToolCallEvent, ToolClass, ToolResultEvent } from '../../spec/trace.js';
import type { Source } from '../../spec/vocabulary.js';
import type { ServedCall } from './types.js';

interface ToolOf {
  tool: string;
  class: ToolClass;
  source: Source;
}

export function toolOf(api: string): ToolOf {
  const source = api.startsWith('loki.') ? 'logs' : 'metrics';
  const op = api.slice(api.indexOf('.') + 1);
  if (op === 'query' || op === 'query_range') {
    return { tool: source === 'logs' ? 'query_logs' : 'query_metrics', class: 'live', source };
  }
  if (op === 'labels') return { tool: 'list_label_names', class: 'discovery', source };
  if (op === 'label_values') return { tool: 'list_label_values', class: 'discovery', source };
  return { tool: 'list_series', class: 'discovery', source };
}

function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

export function callEvents(c: ServedCall, t0: number, wave: number): [ToolCallEvent, ToolResultEvent] {
  const kind = toolOf(c.req.api);
  const query = first(c.req.params.query) ?? first(c.req.params['match[]']);
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
  const k = classify(c.res);
  const shown = k.data === undefined ? undefined : boundData(k.data).data;
  const preview = JSON.stringify(k.error ?? shown ?? null) ?? '';
  const fingerprint = fingerprintOf({
    tool: kind.tool,
    outcome: k.outcome,
    error: k.error,
    query,
    source: kind.source,
  });
  const result: ToolResultEvent = {
    type: 'tool_result',
    t: c.endedAt - t0,
    id: c.id,
    outcome: k.outcome,
    n: k.n,
    ...(fingerprint ? { fingerprint } : {}),
    latencyMs: c.endedAt - c.startedAt,
    queueMs: c.res.timing?.queueMs ?? 0,
    httpStatus: c.res.status,
    ...(k.error ? { error: `${k.error.type}: ${k.error.message}` } : {}),
    untyped: false,
    preview: preview.length > 240 ? `${preview.slice(0, 240)}…` : preview,
    ...(c.res.fault ? { fault: c.res.fault } : {}),
  };
  return [call, result];
}
