/**
 * The selection record for a trace written without it (older traces, traces from elsewhere):
 * every live query call whose recorded outcome is ok or empty is evaluated again against the
 * golden's world, with the call's own request (a command seat's `{api, ...params}` as it was
 * served, in golden time; a hosted tool's arguments through the host's own mapping,
 * protocol/query-request.ts: the golden's now and a 1h range by default), and its `tool_result`
 * gets `selection` and `values` (docs/trace.md#selection). What the trace recorded is kept. A
 * recorded `empty` or `partial` fault is applied to the answer again, so `values` are what the
 * agent was served, as the host records them. Calls whose request cannot be rebuilt or that do not
 * evaluate cleanly now are left as they are.
 *
 * Pure of its inputs: the trace is not changed (a new one is returned) and the world is the
 * golden's, built at most once per golden object.
 */

import type { FaultSpec, Golden } from '../formats/golden/index.js';
import type { ToolCallEvent, ToolResultEvent, Trace, TraceEvent } from '../formats/run/index.js';
import { sampleValues } from '../formats/run/index.js';
import { logsRequest, metricsRequest, type QueryApi, type QueryRequest } from '../protocol/query-request.js';
import { QueryLogsArgs, QueryMetricsArgs } from '../protocol/tool-args.js';
import { TOOL } from '../protocol/tools.js';
import { valuesShown } from '../protocol/values.js';
import { buildWorld } from '../world/build.js';
import type { ApiParams, ApiResponse, LokiApi, PromApi } from './api.js';
import type { EngineCtx } from './engine-ctx.js';
import { emptied, partial } from './faults/index.js';
import { handleLoki } from './loki/index.js';
import { handleProm, servedWorld } from './prometheus/index.js';

const QUERY_APIS = new Set<string>(['prom.query', 'prom.query_range', 'loki.query', 'loki.query_range']);

const engines = new WeakMap<Golden, EngineCtx>();

/** The golden's world as its backend serves it (with the alerting rule's series), built once. */
function engineOf(golden: Golden): EngineCtx {
  let ctx = engines.get(golden);
  if (!ctx) {
    ctx = { golden, world: servedWorld(golden, buildWorld(golden)), nowMs: golden.ms.now };
    engines.set(golden, ctx);
  }
  return ctx;
}

/** The request a recorded call stands for, or undefined when it is no query or cannot be rebuilt. */
export function requestOfCall(call: ToolCallEvent, nowMs: number): QueryRequest | undefined {
  const args = call.args;
  if (typeof args === 'object' && args !== null && 'api' in args) {
    const { api, ...rest } = args as Record<string, unknown>;
    if (typeof api !== 'string' || !QUERY_APIS.has(api)) return undefined;
    const params: Record<string, string> = {};
    for (const [k, v] of Object.entries(rest)) if (typeof v === 'string') params[k] = v;
    return { api: api as QueryApi, params };
  }
  try {
    if (call.tool === TOOL.queryMetrics) {
      const a = QueryMetricsArgs.safeParse(args);
      return a.success ? metricsRequest(a.data, nowMs) : undefined;
    }
    if (call.tool === TOOL.queryLogs) {
      const a = QueryLogsArgs.safeParse(args);
      return a.success ? logsRequest(a.data, nowMs) : undefined;
    }
  } catch {
    // a time argument that does not parse: the host answered it bad_args, so it never ran
  }
  return undefined;
}

/** The engines' answer to a request, damaged again by the fault the trace says fired on it. */
function answerOf(golden: Golden, req: QueryRequest, fault: string | undefined): ApiResponse {
  const ctx = engineOf(golden);
  const params: ApiParams = req.params;
  const res = req.api.startsWith('prom.')
    ? handleProm(req.api as PromApi, params, ctx)
    : handleLoki(req.api as LokiApi, params, ctx);
  const f = damaging(golden.faults, fault);
  if (!f) return res;
  return f.kind === 'empty' ? emptied(res) : partial(res, f, { api: req.api, params });
}

/** The `empty` or `partial` fault among a result's recorded fault ids (latency ids may precede it). */
function damaging(
  faults: readonly FaultSpec[],
  ids: string | undefined,
): Extract<FaultSpec, { kind: 'empty' | 'partial' }> | undefined {
  if (!ids) return undefined;
  for (const id of ids.split(',')) {
    const f = faults.find((x) => x.id === id);
    if (f && (f.kind === 'empty' || f.kind === 'partial')) return f;
  }
  return undefined;
}

function filled(golden: Golden, call: ToolCallEvent, result: ToolResultEvent): ToolResultEvent {
  if (result.outcome !== 'ok' && result.outcome !== 'empty') return result;
  if (call.class !== 'live' || (result.selection && result.values)) return result;
  const req = requestOfCall(call, golden.ms.now);
  if (!req) return result;
  const res = answerOf(golden, req, result.fault);
  if (res.status !== 200 || !res.selection) return result;
  const out: ToolResultEvent = { ...result, selection: result.selection ?? res.selection };
  // What the agent saw beats what the golden's world would answer: a whole preview's samples
  // are kept as the values (a trace from elsewhere was answered by its own backend).
  const seen =
    result.preview !== undefined && !result.preview.endsWith('…') ? sampleValues(result.preview) : [];
  if (result.values === undefined && seen.length > 0) out.values = [...new Set(seen)].sort((a, b) => a - b);
  else if (result.values === undefined) {
    const shown = valuesShown(res.json);
    if (shown) {
      out.values = shown.values;
      if (shown.truncated) out.valuesTruncated = true;
    }
  }
  return out;
}

export function recordSelection(golden: Golden, trace: Trace): Trace {
  const calls = new Map<string, ToolCallEvent>();
  const events: TraceEvent[] = trace.events.map((e) => {
    if (e.type === 'tool_call') calls.set(e.id, e);
    if (e.type !== 'tool_result') return e;
    const call = calls.get(e.id);
    return call ? filled(golden, call, e) : e;
  });
  const header = { ...trace.header, selectionRecorded: true };
  return { header, events: events.map((e) => (e.type === 'header' ? header : e)) };
}

/** The trace with its selection record: as it is when its producer recorded one, else filled in. */
export function withSelection(golden: Golden, trace: Trace): Trace {
  return trace.header.selectionRecorded === true ? trace : recordSelection(golden, trace);
}
