/**
 * The MCP server for one golden: mcp-grafana's Prometheus, Loki and Grafana tools over a Backend.
 * Every call goes through `Backend.handle` (faults on unless the stack was built without them).
 * A bad argument or an upstream failure is an `isError` result, never a protocol error.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Backend } from '../backend/index.js';
import type { Golden } from '../formats/normalized.js';
import { ArgError } from './args.js';
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

export function createMcpServer(backend: Backend, golden: Golden): McpServer {
  const server = new McpServer({ name: SERVER_NAME, version: '0.1.0' });
  const ctx: McpContext = { backend, golden, nowMs: golden.ms.now };
  for (const tool of MCP_TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.shape,
        annotations: {
          readOnlyHint: true,
          idempotentHint: true,
          destructiveHint: false,
          openWorldHint: false,
        },
      },
      async (args: Record<string, unknown>): Promise<CallToolResult> => {
        try {
          return await tool.run(args, ctx);
        } catch (e) {
          if (e instanceof ArgError) return fail(e.message);
          return fail(`internal error: ${e instanceof Error ? e.message : String(e)}`);
        }
      },
    );
  }
  return server;
}
