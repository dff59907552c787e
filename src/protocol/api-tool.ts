/**
 * The hosted tool a wire API call stands for: served calls (command seats' traces, the gated
 * surfaces' call records) get the same tool names, classes, sources and queries a hosted call has,
 * so scoring and the gates treat a call over HTTP or MCP exactly like the host's tool call.
 */
import type { ToolClass } from '../formats/run/index.js';
import type { Source } from '../formats/vocabulary.js';
import { TOOL, TOOL_CLASS, type ToolName } from './tools.js';

export interface ToolOfApi {
  tool: ToolName;
  class: ToolClass;
  source: Source;
}

/** `prom.query` → query_metrics, `loki.labels` → list_label_names ... (any API name `<src>.<op>`). */
export function toolOfApi(api: string): ToolOfApi {
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

/** The query a served call carries: its `query`, else its first `match[]` selector. */
export function queryOfParams(params: Record<string, string | string[] | undefined>): string | undefined {
  return first(params.query) ?? first(params['match[]']);
}
