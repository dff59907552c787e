/** query_metrics (PromQL instant/range) and query_logs (LogQL) against the backend. */
import { QueryLogsArgs as LogsArgs, QueryMetricsArgs as MetricsArgs } from '../../protocol/tool-args.js';
import { TOOL } from '../../protocol/tools.js';
import { declared, parseArgs } from './args.js';
import { callBackend, rejectArgs } from './call-backend.js';
import { ArgError, lokiTime, promTime, resolveStepArg, resolveTimeArg, stepSeconds } from './time.js';
import type { ToolContext, ToolDef, ToolOutput } from './types.js';

const HOUR = 3_600_000;

function queryOf(args: unknown): string | undefined {
  const q = (args as { query?: unknown } | null)?.query;
  return typeof q === 'string' ? q : undefined;
}

async function runMetrics(raw: unknown, ctx: ToolContext): Promise<ToolOutput> {
  const p = parseArgs(MetricsArgs, raw);
  if (!p.ok) return rejectArgs(p.message);
  const a = p.value;
  const now = ctx.golden.ms.now;
  try {
    if (a.mode === 'range') {
      const end = resolveTimeArg(a.end, now, now);
      const start = resolveTimeArg(a.start, now, end - HOUR);
      const step = resolveStepArg(a.step, 60_000);
      return callBackend(
        'prom.query_range',
        { query: a.query, start: promTime(start), end: promTime(end), step: stepSeconds(step) },
        ctx,
      );
    }
    const t = resolveTimeArg(a.time, now, now);
    return callBackend('prom.query', { query: a.query, time: promTime(t) }, ctx);
  } catch (e) {
    if (e instanceof ArgError) return rejectArgs(e.message);
    throw e;
  }
}

/** LogQL log queries always open with a stream selector; anything else is a metric query. */
export function isLogSelectorQuery(q: string): boolean {
  return q.trim().startsWith('{');
}

async function runLogs(raw: unknown, ctx: ToolContext): Promise<ToolOutput> {
  const p = parseArgs(LogsArgs, raw);
  if (!p.ok) return rejectArgs(p.message);
  const a = p.value;
  const now = ctx.golden.ms.now;
  try {
    const end = resolveTimeArg(a.end, now, now);
    const start = resolveTimeArg(a.start, now, end - HOUR);
    if (!isLogSelectorQuery(a.query) && a.step === undefined) {
      return callBackend('loki.query', { query: a.query, time: lokiTime(end) }, ctx);
    }
    const params: Record<string, string> = { query: a.query, start: lokiTime(start), end: lokiTime(end) };
    if (a.step !== undefined) params.step = stepSeconds(resolveStepArg(a.step, 60_000));
    if (isLogSelectorQuery(a.query)) {
      params.limit = String(a.limit ?? 100);
      params.direction = a.direction ?? 'backward';
    }
    return callBackend('loki.query_range', params, ctx);
  } catch (e) {
    if (e instanceof ArgError) return rejectArgs(e.message);
    throw e;
  }
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
