/**
 * An external agent's trace, rebuilt from the calls its server answered: each call becomes a
 * `tool_call` (tool named after the API, the query, the source) and a `tool_result` classified by
 * the typed classifier (protocol/classify.ts), so scoring treats a command seat exactly like a hosted one.
 * Call ids are the ones the agent saw in `x-rematch-call-id`.
 */
import { queryShape } from '../backend/query-shape.js';
import type { ToolCallEvent, ToolClass, ToolResultEvent } from '../formats/trace.js';
import type { Source } from '../formats/vocabulary.js';
import { boundData } from '../protocol/bound.js';
import { classify } from '../protocol/classify.js';
import { fingerprintOf } from '../protocol/fingerprint.js';
import { preview } from '../protocol/observation.js';
import { TOOL, TOOL_CLASS, type ToolName } from '../protocol/tools.js';
import type { ServedCall } from './types.js';

interface ToolOf {
  tool: ToolName;
  class: ToolClass;
  source: Source;
}

/** The hosted tool a served API call stands for, so scoring sees the same names and classes. */
export function toolOf(api: string): ToolOf {
  const source: Source = api.startsWith('loki.') ? 'logs' : 'metrics';
  const op = api.slice(api.indexOf('.') + 1);
  const tool: ToolName =
    op === 'query' || op === 'query_range'
      ? source === 'logs'
        ? TOOL.queryLogs
        : TOOL.queryMetrics
      : op === 'labels'
        ? TOOL.labelNames
        : op === 'label_values'
          ? TOOL.labelValues
          : TOOL.series;
  return { tool, class: TOOL_CLASS[tool], source };
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
  const fingerprint = fingerprintOf(
    { tool: kind.tool, outcome: k.outcome, error: k.error, query, source: kind.source },
    queryShape,
  );
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
    preview: preview({ error: k.error, data: shown }),
    ...(c.res.fault ? { fault: c.res.fault } : {}),
  };
  return [call, result];
}
