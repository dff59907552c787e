/**
 * The MCP server for one golden: mcp-grafana's Prometheus, Loki and Grafana tools over a Backend.
 * Every call goes through `Backend.handle` (faults on unless the stack was built without them).
 * A bad argument or an upstream failure is an `isError` result, never a protocol error.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Backend, ToolCatalog } from '../backend/index.js';
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
/**
 * Under a `stale-tools` fault: the tool catalog's version, in the `_meta` of every tool that reads
 * the backend. It moves when the catalog is refreshed, and the server then sends
 * `notifications/tools/list_changed` so that a client re-lists (docs/mcp.md, docs/faults.md).
 */
export const CATALOG_META = 'rematch/catalogVersion';

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
  /** The backend's tool catalog (a `stale-tools` fault): its version is listed, its refreshes announced. */
  catalog?: ToolCatalog;
}

export function createMcpServer(backend: Backend, golden: Golden, opts: McpServerOptions = {}): McpServer {
  const said = opts.guidance?.instructions ?? [];
  const server = new McpServer(
    { name: SERVER_NAME, version: '0.1.0' },
    said.length ? { instructions: said.join('\n') } : undefined,
  );
  const telemetry = opts.guidance?.telemetry ?? [];
  const base: McpContext = { backend, golden, nowMs: golden.ms.now };
  const catalog = opts.catalog;
  const metaOf = (cls: ToolClass): Record<string, unknown> => ({
    [TOOL_CLASS_META]: cls,
    ...(catalog && cls !== 'context' ? { [CATALOG_META]: catalog.state().version } : {}),
  });
  const registered: { tool: { _meta?: Record<string, unknown> }; cls: ToolClass }[] = [];
  for (const tool of MCP_TOOLS) {
    const cls = MCP_TOOL_CLASS[tool.name] ?? 'live';
    const reg = server.registerTool(
      tool.name,
      {
        title: tool.title,
        description:
          tool.description +
          CLASS_NOTE[cls] +
          (telemetry.length && cls !== 'context' ? ` ${telemetry.join(' ')}` : ''),
        inputSchema: tool.shape,
        _meta: metaOf(cls),
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
    registered.push({ tool: reg, cls });
  }
  if (catalog)
    announceRefreshes(server, catalog, () => {
      for (const r of registered) r.tool._meta = metaOf(r.cls);
    });
  return server;
}

/**
 * A refreshed catalog is re-listed with its new version, and the client told once
 * (`notifications/tools/list_changed`). A `refreshAfter` still to come is kept by a timer, so the
 * notice comes on time even when no call asks the catalog; the timer and the subscription end with
 * the server.
 */
function announceRefreshes(server: McpServer, catalog: ToolCatalog, relist: () => void): void {
  const off = catalog.onChange(() => {
    relist();
    server.sendToolListChanged();
  });
  const due = catalog.dueInMs();
  const timer = due !== undefined ? setTimeout(() => catalog.state(), due) : undefined;
  timer?.unref();
  const prior = server.server.onclose;
  server.server.onclose = () => {
    off();
    if (timer) clearTimeout(timer);
    prior?.();
  };
}
