/** query_metrics (PromQL instant/range) and query_logs (LogQL) against the backend. */
import { z } from 'zod';
import { TOOL } from '../protocol.js';
import { jsonSchemaOf, parseArgs } from './args.js';
import { callBackend, rejectArgs } from './call-backend.js';
import { ArgError, lokiTime, promTime, resolveStepArg, resolveTimeArg, stepSeconds } from './time.js';
import type { ToolContext, ToolDef, ToolOutput } from './types.js';

const Time = z.union([z.string(), z.number()]).optional();
const HOUR = 3_600_000;

const MetricsArgs = z.object({
  query: z.string().min(1).describe('PromQL expression'),
  mode: z.enum(['instant', 'range']).optional().describe('instant (default) or range'),
  time: Time.describe('instant: evaluation time (now, now-30m, RFC3339, unix seconds); default now'),
  start: Time.describe('range start; default now-1h'),
  end: Time.describe('range end; default now'),
  step: z.union([z.string(), z.number()]).optional().describe('range step, e.g. 60s; default 60s'),
});

const LogsArgs = z.object({
  query: z
    .string()
    .min(1)
    .describe('LogQL: a log query ({...} |= ...) or a metric query (sum(count_over_time(...)))'),
  start: Time.describe('default now-1h'),
  end: Time.describe('default now; metric queries without step are evaluated instantly at end'),
  step: z.union([z.string(), z.number()]).optional().describe('metric queries: range step'),
  limit: z.number().int().positive().optional().describe('log queries: max lines (default 100)'),
  direction: z.enum(['forward', 'backward']).optional(),
});

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
  name: TOOL.queryMetrics,
  description:
    'Run a PromQL query against the metrics backend (Prometheus API). Times: now, now-30m, RFC3339 or unix seconds; "now" is the incident time.',
  parameters: jsonSchemaOf(MetricsArgs),
  class: 'live',
  source: () => 'metrics',
  query: queryOf,
  run: runMetrics,
};

export const queryLogs: ToolDef = {
  name: TOOL.queryLogs,
  description:
    'Run a LogQL query against the logs backend (Loki API). Log queries return lines; metric queries (count_over_time ...) return numbers.',
  parameters: jsonSchemaOf(LogsArgs),
  class: 'live',
  source: () => 'logs',
  query: queryOf,
  run: runLogs,
};
