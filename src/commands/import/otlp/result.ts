/**
 * An imported tool span's answer as a `tool_result`: the text its span recorded (GenAI
 * `gen_ai.tool.call.result`, OpenInference `output.value`), unwrapped from an MCP CallToolResult
 * when it is one, classed by the bench's typed classifier (protocol/classify.ts) as a served call
 * is, and fingerprinted as the host fingerprints (protocol/fingerprint.ts). A span whose status is
 * ERROR failed whatever its text says. A span with neither a result nor an error status has no
 * outcome: it backs nothing, and the importer says so.
 */
import { queryShape } from '../../../backend/query-shape.js';
import type { Outcome, ToolResultEvent } from '../../../formats/run/index.js';
import { boundData } from '../../../protocol/bound.js';
import { classify } from '../../../protocol/classify.js';
import { fingerprintOf } from '../../../protocol/fingerprint.js';
import { preview } from '../../../protocol/observation.js';
import { resultRecord } from '../../../protocol/values.js';
import type { ImportedSpan } from './spans.js';
import type { MappedTool } from './tools.js';

type Json = Record<string, unknown>;
const isRec = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The span's recorded answer, as text (a structured value is written back as JSON). */
export function resultText(s: ImportedSpan): string | undefined {
  for (const key of ['gen_ai.tool.call.result', 'output.value']) {
    const v = s.attrs[key];
    if (typeof v === 'string') return v;
    if (v !== undefined && v !== null) return JSON.stringify(v);
  }
  return undefined;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** An MCP CallToolResult (`{content: [{type: text, text}], isError}`): its text and error flag. */
function unwrapMcp(body: unknown): { text: string; isError: boolean } | undefined {
  if (!isRec(body) || !Array.isArray(body.content)) return undefined;
  const texts = body.content.filter((c) => isRec(c) && c.type === 'text' && typeof c.text === 'string');
  if (texts.length !== body.content.length) return undefined;
  return { text: texts.map((c) => (c as Json).text).join('\n'), isError: body.isError === true };
}

/**
 * mcp-grafana answers a query with its result list alone (`[{metric, value}]`, `[{stream, values}]`,
 * `{result: [], hints}` when empty): put back in the API's `{status, data: {resultType, result}}`,
 * so the classifier counts it and the values it showed are read as from the API itself.
 */
function apiShape(body: unknown): unknown {
  const loki = lokiEntries(body);
  if (loki) return loki;
  const list = Array.isArray(body)
    ? body
    : isRec(body) && Array.isArray(body.result) && !('status' in body)
      ? body.result
      : undefined;
  if (!list?.every(isRec)) return body;
  const first = list[0] as Json | undefined;
  const resultType = !first
    ? 'vector'
    : 'stream' in first
      ? 'streams'
      : 'values' in first
        ? 'matrix'
        : 'value' in first
          ? 'vector'
          : undefined;
  if (!resultType) return body;
  return { status: 'success', data: { resultType, result: list } };
}

/**
 * query_loki_logs answers with entries (`{data: [{timestamp, line | value | values, labels}],
 * metadata}`, mcp-grafana's LogEntry list, as `bench mcp` serves it): put back as the Loki API's
 * streams, vector or matrix, so its count and values are read as from Loki itself.
 */
function lokiEntries(body: unknown): unknown {
  if (!isRec(body) || !Array.isArray(body.data) || !isRec(body.metadata) || 'status' in body)
    return undefined;
  const list = body.data;
  if (!list.every(isRec)) return undefined;
  const labels = (e: Json) => (isRec(e.labels) ? e.labels : {});
  if (list.length === 0) return { status: 'success', data: { resultType: 'streams', result: [] } };
  if (list.every((e) => typeof e.line === 'string')) {
    const streams = new Map<string, { stream: Json; values: [string, string][] }>();
    for (const e of list) {
      const key = JSON.stringify(labels(e));
      let s = streams.get(key);
      if (!s) streams.set(key, (s = { stream: labels(e), values: [] }));
      s.values.push([String(e.timestamp), e.line as string]);
    }
    return { status: 'success', data: { resultType: 'streams', result: [...streams.values()] } };
  }
  if (list.every((e) => typeof e.value === 'number'))
    return {
      status: 'success',
      data: {
        resultType: 'vector',
        result: list.map((e) => ({ metric: labels(e), value: [Number(e.timestamp), String(e.value)] })),
      },
    };
  if (list.every((e) => Array.isArray(e.values)))
    return {
      status: 'success',
      data: {
        resultType: 'matrix',
        result: list.map((e) => ({
          metric: labels(e),
          values: (e.values as Json[]).map((p) => [Number(p.timestamp), String(p.value)]),
        })),
      },
    };
  return undefined;
}

/** A body the bench can read an outcome from: Prometheus/Loki API JSON or a typed envelope. */
function typed(body: unknown): boolean {
  if (Array.isArray(body))
    return body.every((x) => isRec(x) && ('outcome' in x || 'status' in x || 'metric' in x || 'stream' in x));
  return isRec(body) && ('status' in body || 'outcome' in body || 'result' in body || 'isError' in body);
}

export function toolResultOf(
  s: ImportedSpan,
  id: string,
  tool: MappedTool,
  t: number,
  latencyMs: number,
): ToolResultEvent | undefined {
  const text = resultText(s);
  const failedStatus = s.status.code === 2;
  if (text === undefined && !failedStatus) return undefined;
  const errorType = typeof s.attrs['error.type'] === 'string' ? String(s.attrs['error.type']) : undefined;
  return answerResult(
    { text, failedStatus, statusMessage: s.status.message, errorType },
    id,
    tool,
    t,
    latencyMs,
  );
}

/** What a tool answered, as a span records it: its text, and whether its status said it failed. */
export interface ToolAnswer {
  text: string | undefined;
  failedStatus: boolean;
  statusMessage?: string;
  /** `error.type` of the span, when it has one. */
  errorType?: string;
}

/**
 * An answer (a span's, or one the golden's world gave an mcp-grafana tool again: commands/score/)
 * as a `tool_result`: unwrapped, put in the API's shape, classed and fingerprinted.
 */
export function answerResult(
  a: ToolAnswer,
  id: string,
  tool: MappedTool,
  t: number,
  latencyMs: number,
): ToolResultEvent {
  const { text, failedStatus } = a;
  let body = text === undefined ? undefined : parse(text);
  let mcpError = false;
  const mcp = unwrapMcp(body);
  if (mcp) {
    mcpError = mcp.isError;
    body = parse(mcp.text) ?? undefined;
  }
  const raw = mcp ? mcp.text : text;
  body = apiShape(body);
  let outcome: Outcome;
  let n = 0;
  let error: { type: string; message: string } | undefined;
  let data: unknown;
  if (failedStatus || mcpError) {
    outcome = 'failed';
    error = {
      type: a.errorType ?? 'tool_error',
      message: a.statusMessage ?? raw ?? 'the span ended with status ERROR',
    };
  } else {
    const k =
      body === undefined ? classify({ status: 200, text: raw }) : classify({ status: 200, json: body });
    ({ outcome, n, error, data } = k);
  }
  const live = tool.class === 'live';
  const fingerprint = fingerprintOf(
    { tool: tool.tool, outcome, error, query: tool.query, source: tool.source, vacuous: false },
    queryShape,
  );
  return {
    type: 'tool_result',
    t,
    id,
    outcome,
    n,
    ...(fingerprint ? { fingerprint } : {}),
    latencyMs,
    queueMs: 0,
    ...(error ? { error: `${error.type}: ${error.message}` } : {}),
    untyped: live && !failedStatus && !mcpError && !typed(body),
    preview: preview({ error, data: data === undefined ? undefined : boundData(data).data }),
    ...(live ? resultRecord(outcome, body, undefined) : {}),
  };
}
