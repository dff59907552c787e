/**
 * The wire request a hosted query tool call stands for, said once: the host's query tools send it
 * (host/tools/query.ts), and a scorer filling a trace's selection record re-evaluates it
 * (backend/record-selection.ts). `query_metrics` → `prom.query` (instant, at `time`) or
 * `prom.query_range`; `query_logs` → `loki.query` (a metric query without step, at `end`) or
 * `loki.query_range`. Missing times default to the incident's now and a 1h range, the step to 60s.
 * Throws ArgError for a time or step that does not parse.
 */
import type { QueryLogsArgs, QueryMetricsArgs } from './tool-args.js';
import { lokiTime, promTime, resolveStepArg, resolveTimeArg, stepSeconds } from './tool-time.js';

export type QueryApi = 'prom.query' | 'prom.query_range' | 'loki.query' | 'loki.query_range';

export interface QueryRequest {
  api: QueryApi;
  params: Record<string, string>;
}

const HOUR = 3_600_000;
const STEP_MS = 60_000;

export function metricsRequest(a: QueryMetricsArgs, nowMs: number): QueryRequest {
  if (a.mode === 'range') {
    const end = resolveTimeArg(a.end, nowMs, nowMs);
    const start = resolveTimeArg(a.start, nowMs, end - HOUR);
    const step = resolveStepArg(a.step, STEP_MS);
    return {
      api: 'prom.query_range',
      params: { query: a.query, start: promTime(start), end: promTime(end), step: stepSeconds(step) },
    };
  }
  const t = resolveTimeArg(a.time, nowMs, nowMs);
  return { api: 'prom.query', params: { query: a.query, time: promTime(t) } };
}

/** LogQL log queries always open with a stream selector; anything else is a metric query. */
export function isLogSelectorQuery(q: string): boolean {
  return q.trim().startsWith('{');
}

export function logsRequest(a: QueryLogsArgs, nowMs: number): QueryRequest {
  const end = resolveTimeArg(a.end, nowMs, nowMs);
  const start = resolveTimeArg(a.start, nowMs, end - HOUR);
  if (!isLogSelectorQuery(a.query) && a.step === undefined) {
    return { api: 'loki.query', params: { query: a.query, time: lokiTime(end) } };
  }
  const params: Record<string, string> = { query: a.query, start: lokiTime(start), end: lokiTime(end) };
  if (a.step !== undefined) params.step = stepSeconds(resolveStepArg(a.step, STEP_MS));
  if (isLogSelectorQuery(a.query)) {
    params.limit = String(a.limit ?? 100);
    params.direction = a.direction ?? 'backward';
  }
  return { api: 'loki.query_range', params };
}
