/** query_metrics (PromQL instant/range) and query_logs (LogQL) against the backend. */
import { logsRequest, metricsRequest, type QueryRequest } from '../../protocol/query-request.js';
import { QueryLogsArgs as LogsArgs, QueryMetricsArgs as MetricsArgs } from '../../protocol/tool-args.js';
import { ArgError } from '../../protocol/tool-time.js';
import { TOOL } from '../../protocol/tools.js';
import { declared, parseArgs } from './args.js';
import { callBackend, rejectArgs } from './call-backend.js';
import type { ToolContext, ToolDef, ToolOutput } from './types.js';

function queryOf(args: unknown): string | undefined {
  const q = (args as { query?: unknown } | null)?.query;
  return typeof q === 'string' ? q : undefined;
}

/** The call's wire request (protocol/query-request.ts), sent; a time that does not parse is the agent's to fix. */
function send<A>(
  request: (a: A, nowMs: number) => QueryRequest,
  a: A,
  ctx: ToolContext,
): Promise<ToolOutput> {
  let req: QueryRequest;
  try {
    req = request(a, ctx.golden.ms.now);
  } catch (e) {
    if (e instanceof ArgError) return Promise.resolve(rejectArgs(e.message));
    throw e;
  }
  return callBackend(req.api, req.params, ctx);
}

async function runMetrics(raw: unknown, ctx: ToolContext): Promise<ToolOutput> {
  const p = parseArgs(MetricsArgs, raw);
  if (!p.ok) return rejectArgs(p.message);
  return send(metricsRequest, p.value, ctx);
}

async function runLogs(raw: unknown, ctx: ToolContext): Promise<ToolOutput> {
  const p = parseArgs(LogsArgs, raw);
  if (!p.ok) return rejectArgs(p.message);
  return send(logsRequest, p.value, ctx);
}

export const queryMetrics: ToolDef = {
  ...declared(TOOL.queryMetrics),
  source: () => 'metrics',
  query: queryOf,
  run: runMetrics,
};

export const queryLogs: ToolDef = {
  ...declared(TOOL.queryLogs),
  source: () => 'logs',
  query: queryOf,
  run: runLogs,
};
