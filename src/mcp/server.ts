/**
 * The MCP server for one golden: mcp-grafana's Prometheus, Loki and Grafana tools over a Backend.
 * Every call goes through `Backend.handle` (faults on unless the stack was built without them).
 * A bad argument or an upstream failure is an `isError` result, never a protocol error.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Backend } from '../backend/index.js';
import type { Golden } from '../formats/golden/index.js';
import type { ToolClass } from '../formats/run/index.js';
import { ArgError } from './args.js';
import { gatedCall } from './gated-results.js';
import { fail } from './results.js';
import { listDatasources, searchDashboards } from './tools-grafana.js';
import { listLokiLabelNames, listLokiLabelValues, queryLokiLogs, queryLokiStats } from './tools-loki.js';
import {
  listPrometheusLabelNames,
  listPrometheusLabelValues,
  listPrometheusMetricNames,
  queryPrometheus,
} from './tools-prometheus.js';
import type { McpContext, McpTool } from './types.js';

export const MCP_TOOLS: readonly McpTool[] = [
  listDatasources,
  searchDashboards,
  queryPrometheus,
  listPrometheusMetricNames,
  listPrometheusLabelNames,
  listPrometheusLabelValues,
  queryLokiLogs,
  listLokiLabelNames,
  listLokiLabelValues,
  queryLokiStats,
];

export const SERVER_NAME = 'rematch-grafana';

/**
 * Each tool's class, as the host's tools have one (DESIGN §6): listed in the tool's `_meta` and
 * said in its description, so a client can tell that context tools (no telemetry read) are never
 * evidence. Only live and discovery tools reach the backend, so only they enter a gated ledger.
 */
export const MCP_TOOL_CLASS: Readonly<Record<string, ToolClass>> = {
  list_datasources: 'context',
  search_dashboards: 'context',
  query_prometheus: 'live',
  query_loki_logs: 'live',
  list_prometheus_metric_names: 'discovery',
  list_prometheus_label_names: 'discovery',
  list_prometheus_label_values: 'discovery',
  list_loki_label_names: 'discovery',
  list_loki_label_values: 'discovery',
  query_loki_stats: 'discovery',
};

export const TOOL_CLASS_META = 'rematch/toolClass';

const CLASS_NOTE: Record<ToolClass, string> = {
  live: '',
  discovery: ' (discovery: lists what exists; not a measurement)',
  context: ' (context: reads no telemetry; never evidence)',
  control: '',
};

/**
 * The guidance of a served gate set's prompt-mode gates (protocol/guidance.ts, handed down as
 * text): `instructions` (the system-prompt and submission texts) become the server's
 * `instructions` in its initialize answer, `telemetry` (the texts about reading and sending one
 * call) go after the description of every tool that reads telemetry.
 */
export interface McpGuidance {
  instructions: string[];
  telemetry: string[];
}

export interface McpServerOptions {
  /**
   * The backend is a gated surface: each call carries its MCP session id (stdio: one session)
   * as `session`, and the answer's gate note is rendered (gated-results.ts).
   */
  gated?: boolean;
  guidance?: McpGuidance;
}

export function createMcpServer(backend: Backend, golden: Golden, opts: McpServerOptions = {}): McpServer {
  const said = opts.guidance?.instructions ?? [];
  const server = new McpServer(
    { name: SERVER_NAME, version: '0.1.0' },
    said.length ? { instructions: said.join('\n') } : undefined,
  );
  const telemetry = opts.guidance?.telemetry ?? [];
  const base: McpContext = { backend, golden, nowMs: golden.ms.now };
  for (const tool of MCP_TOOLS) {
    const cls = MCP_TOOL_CLASS[tool.name] ?? 'live';
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description:
          tool.description +
          CLASS_NOTE[cls] +
          (telemetry.length && cls !== 'context' ? ` ${telemetry.join(' ')}` : ''),
        inputSchema: tool.shape,
        _meta: { [TOOL_CLASS_META]: cls },
        annotations: {
          readOnlyHint: true,
          idempotentHint: true,
          destructiveHint: false,
          openWorldHint: false,
        },
      },
      async (args: Record<string, unknown>, extra: { sessionId?: string }): Promise<CallToolResult> => {
        const call = opts.gated ? gatedCall(base, extra.sessionId ?? 'stdio') : undefined;
        try {
          const result = await tool.run(args, call?.ctx ?? base);
          return call ? call.render(result) : result;
        } catch (e) {
          if (e instanceof ArgError) return fail(e.message);
          return fail(`internal error: ${e instanceof Error ? e.message : String(e)}`);
        }
      },
    );
  }
  return server;
}
