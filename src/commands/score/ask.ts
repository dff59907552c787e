/**
 * One recorded call asked again of the golden's world, through the path a live trial's call takes
 * (docs/import.md, Against the golden's world). Three forms of recorded arguments, each answered by
 * the code that answers it live:
 *
 * - the host's own (`query_metrics {query, mode, time, start, end, step}`, `query_logs`, the
 *   discovery tools): the host's tool itself (host/tools/), its request and classifier;
 * - a command seat's wire request (`{api: "prom.query", query, time}`, from its server's query
 *   log): the request as it was served, classed by the host's classifier;
 * - mcp-grafana's (`expr` / `logql` with `startRfc3339` …, as the importer keeps them): the tool
 *   `bench mcp` serves under that name (src/mcp/), its answer classed as the importer classes a
 *   recorded one (import/'s `answerResult`), so both sides are read by the same code.
 *
 * Anything else is not asked, with the reason: a context or control tool reads no telemetry, a host
 * refusal never reached a backend, an mcp-grafana listing keeps no record of which listing it was.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Api, ApiRequest, ApiResponse, Backend } from '../../backend/index.js';
import { LOKI_UID, PROM_UID } from '../../backend/index.js';
import type { Clock } from '../../clock.js';
import type { Golden } from '../../formats/golden/index.js';
import type { ToolCallEvent, ToolResultEvent } from '../../formats/run/index.js';
import { isHostRefusal } from '../../formats/vocabulary.js';
import { resultFingerprint, TOOLS, type ToolOutput, toolOutputOf } from '../../host/index.js';
import { queryLokiLogs } from '../../mcp/tools-loki.js';
import { queryPrometheus } from '../../mcp/tools-prometheus.js';
import { preview } from '../../protocol/observation.js';
import { TOOL, type ToolName } from '../../protocol/tools.js';
import { resultRecord } from '../../protocol/values.js';
import { answerResult, mapTool } from '../import/index.js';

const API_FORM = new Set<string>([
  'prom.query',
  'prom.query_range',
  'loki.query',
  'loki.query_range',
  'prom.labels',
  'prom.label_values',
  'prom.series',
  'loki.labels',
  'loki.label_values',
  'loki.series',
]);

const HOST_ASKED = new Set<string>([
  TOOL.queryMetrics,
  TOOL.queryLogs,
  TOOL.labelNames,
  TOOL.labelValues,
  TOOL.series,
]);

export type Form = 'host' | 'api' | 'mcp';

/** How a recorded call is asked again, or why it is not. */
export type AskPlan = { form: Form } | { form: 'none'; reason: string };

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The host answered it itself (`blocked: …`, `bad_args: …`): it never reached a backend. */
export const refusedByHost = (r: ToolResultEvent | undefined): boolean =>
  r !== undefined && r.outcome === 'rejected' && r.httpStatus === undefined && isHostRefusal(r.error);

export function planOf(call: ToolCallEvent, recorded: ToolResultEvent | undefined): AskPlan {
  if (call.class === 'context' || call.class === 'control')
    return { form: 'none', reason: `${call.class} tool: reads no telemetry` };
  if (refusedByHost(recorded))
    return { form: 'none', reason: 'the host refused it: it never reached a backend' };
  const args = call.args;
  if (isRec(args) && typeof args.api === 'string') {
    return API_FORM.has(args.api)
      ? { form: 'api' }
      : { form: 'none', reason: `${args.api} is not a query or listing the world answers again` };
  }
  if (isRec(args) && call.tool === TOOL.queryMetrics && typeof args.expr === 'string') return { form: 'mcp' };
  if (isRec(args) && call.tool === TOOL.queryLogs && typeof args.logql === 'string') return { form: 'mcp' };
  if (HOST_ASKED.has(call.tool)) {
    if (call.class === 'discovery' && isRec(args) && args.source === undefined)
      return {
        form: 'none',
        reason: 'an mcp-grafana listing: the trace does not keep which listing it was',
      };
    return { form: 'host' };
  }
  return { form: 'none', reason: `tool ${call.tool}: no request of the world's backend stands for it` };
}

/** The world's answer to one call: its `tool_result` (the recorded one's timing kept), and what was asked. */
export interface Asked {
  result: ToolResultEvent;
  /** The wire requests the call sent (one; none when the tool refused its arguments). */
  requests: ApiRequest[];
  /** The wire answer's body the classifier read (for counting samples and lines). */
  body: unknown;
  /**
   * The world refused the call itself, no fault involved: the tool found no request in its
   * arguments, or the backend would not evaluate the query (a parse error, a bad parameter).
   */
  refused?: string;
}

export interface AskContext {
  golden: Golden;
  backend: Backend;
  clock: Clock;
}

/** A backend that remembers what went through it: the request, the answer's fault and selection. */
function recording(inner: Backend): {
  backend: Backend;
  requests: ApiRequest[];
  last: () => ApiResponse | undefined;
} {
  const requests: ApiRequest[] = [];
  let last: ApiResponse | undefined;
  return {
    requests,
    last: () => last,
    backend: {
      async handle(req: ApiRequest): Promise<ApiResponse> {
        requests.push(req);
        last = await inner.handle(req);
        return last;
      },
    },
  };
}

export async function ask(
  form: Form,
  call: ToolCallEvent,
  args: unknown,
  recorded: ToolResultEvent | undefined,
  ctx: AskContext,
): Promise<Asked> {
  const rec = recording(ctx.backend);
  const timing = { t: recorded?.t ?? call.t, latencyMs: recorded?.latencyMs ?? 0 };
  if (form === 'mcp') {
    const tool = call.tool === TOOL.queryLogs ? queryLokiLogs : queryPrometheus;
    // the agent's datasource was of its own Grafana: the world has one of each kind
    const a = { ...(args as Rec), datasourceUid: call.tool === TOOL.queryLogs ? LOKI_UID : PROM_UID };
    let answer: CallToolResult;
    try {
      answer = await tool.run(a, { backend: rec.backend, golden: ctx.golden, nowMs: ctx.golden.ms.now });
    } catch (e) {
      answer = { content: [{ type: 'text', text: (e as Error).message }], isError: true };
    }
    const text = answer.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
    const mapped = mapTool(tool.name, a);
    const result = answerResult(
      { text: answer.isError ? undefined : text, failedStatus: answer.isError === true, statusMessage: text },
      call.id,
      mapped,
      timing.t,
      timing.latencyMs,
    );
    const last = rec.last();
    if (last?.fault) result.fault = last.fault;
    if (last?.selection) result.selection = last.selection;
    const refused = !last
      ? answer.isError
        ? `its arguments make no request: ${text}`
        : undefined
      : !last.fault && (last.status === 400 || last.status === 422)
        ? `the golden's backend cannot evaluate ${JSON.stringify(call.query ?? '')}: ${text}`
        : undefined;
    return { result, requests: rec.requests, body: last?.json, ...(refused ? { refused } : {}) };
  }
  let out: ToolOutput;
  if (form === 'api') {
    const { api, ...params } = args as Rec;
    const p: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(params))
      if (typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string'))) p[k] = v;
    const res = await rec.backend.handle({ api: api as Api, params: p, origin: call.id });
    out = toolOutputOf(api as Api, res);
  } else {
    out = await TOOLS[call.tool as ToolName].run(args, {
      golden: ctx.golden,
      backend: rec.backend,
      clock: ctx.clock,
      scratch: { notes: [], memory: [] },
      callId: call.id,
      catalog: [],
    });
  }
  const message = out.error ? `${out.error.type}: ${out.error.message}` : 'rejected';
  const refused =
    out.outcome !== 'rejected' || out.fault
      ? undefined
      : out.httpStatus === undefined
        ? `its arguments make no request: ${message}`
        : `the golden's backend cannot evaluate ${JSON.stringify(call.query ?? '')}: ${message}`;
  return {
    result: resultOf(call, out, recorded, timing),
    requests: rec.requests,
    body: out.wire,
    ...(refused ? { refused } : {}),
  };
}

/** A tool output as the host records it (host/call.ts runCall), with the recorded call's timing. */
function resultOf(
  call: ToolCallEvent,
  out: ToolOutput,
  recorded: ToolResultEvent | undefined,
  timing: { t: number; latencyMs: number },
): ToolResultEvent {
  const fingerprint = resultFingerprint(call, out);
  const same = recorded?.outcome === out.outcome;
  return {
    type: 'tool_result',
    t: timing.t,
    id: call.id,
    outcome: out.outcome,
    n: out.n,
    ...(fingerprint ? { fingerprint } : {}),
    latencyMs: timing.latencyMs,
    queueMs: recorded?.queueMs ?? 0,
    ...(out.httpStatus !== undefined ? { httpStatus: out.httpStatus } : {}),
    ...(out.error ? { error: `${out.error.type}: ${out.error.message}` } : {}),
    // what the agent was shown is the gates' (failureClass off shows the raw wire): kept when the
    // world's class is the recorded one, else the true class is what there is to show
    untyped: same ? (recorded?.untyped ?? false) : false,
    ...(same && recorded?.shown ? { shown: recorded.shown } : {}),
    preview: preview({ error: out.error, data: out.data }),
    ...(out.fault ? { fault: out.fault } : {}),
    // under a stale-tools fault, the catalog the world's answer came from (as the host records it)
    ...(out.catalog ? { catalogVersion: out.catalog.version, stale: out.catalog.stale } : {}),
    ...resultRecord(out.outcome, out.wire, out.selection),
  };
}
