/**
 * How a sim reads what the host sends back: the JSON envelope of each tool message and the host's
 * marked messages. Values come only from the parsed wire data (Prometheus `{resultType, result}`,
 * Loki streams/matrix/vector), never from the golden's truth. When the host shows a raw body
 * instead of a typed envelope (failure-class gate off), the sim sees whatever data it can find in
 * it; a body without a readable result simply yields no value, as it would to a naive agent.
 */

import type { Outcome } from '../../formats/run/index.js';
import { type HostMark, hostMarkOf } from '../../protocol/markers.js';
import type { Message } from '../../protocol/model.js';

export interface LogLine {
  labels: Record<string, string>;
  line: string;
}

export interface Observation {
  /** The host's call id (the envelope's `callId`): what evidence cites. */
  callId: string;
  /** The id the sim gave the call (the tool message's `toolCallId`): what answers are matched by. */
  msgId: string;
  tool: string;
  /** The class as the sim understood it: a typed envelope's outcome, else inferred from the data. */
  outcome: Outcome;
  n: number;
  /** A single number read from the result (sum of a vector, last point of a matrix, line count). */
  value?: number;
  /** Log lines seen (log queries only). */
  lines: LogLine[];
  /** Label names or values (discovery tools). */
  names: string[];
  error?: string;
  /** The raw content, for tools whose text the sim reads (skills, search results, node summaries). */
  raw: string;
  note?: string;
}

export type HostNote = { mark: HostMark; text: string };

type Json = unknown;

function isObj(x: Json): x is Record<string, Json> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** The first `{resultType, result}` object anywhere in the body (envelope data or raw wire). */
function findResult(x: Json, depth = 0): { resultType: string; result: Json } | undefined {
  if (depth > 6) return undefined;
  if (isObj(x)) {
    if (typeof x.resultType === 'string' && 'result' in x)
      return { resultType: x.resultType, result: x.result };
    for (const v of Object.values(x)) {
      const r = findResult(v, depth + 1);
      if (r) return r;
    }
  } else if (Array.isArray(x)) {
    for (const v of x) {
      const r = findResult(v, depth + 1);
      if (r) return r;
    }
  }
  return undefined;
}

function num(s: Json): number {
  return typeof s === 'number' ? s : Number.parseFloat(String(s));
}

interface Read {
  value?: number;
  n: number;
  lines: LogLine[];
}

function readResult(r: { resultType: string; result: Json }): Read {
  const items = Array.isArray(r.result) ? r.result : [];
  switch (r.resultType) {
    case 'scalar':
      return { value: num((r.result as Json[])[1]), n: 1, lines: [] };
    case 'vector': {
      const vs = items.filter(isObj).map((s) => num((s.value as Json[])?.[1]));
      return { value: vs.length ? vs.reduce((a, b) => a + b, 0) : undefined, n: vs.length, lines: [] };
    }
    case 'matrix': {
      // A range answer: the largest last value among the series (what "the current level" reads as).
      const lasts = items.filter(isObj).map((s) => {
        const values = (s.values as Json[][]) ?? [];
        return num(values[values.length - 1]?.[1]);
      });
      const ok = lasts.filter((v) => Number.isFinite(v));
      return { value: ok.length ? Math.max(...ok) : undefined, n: lasts.length, lines: [] };
    }
    case 'streams': {
      const lines: LogLine[] = [];
      for (const s of items.filter(isObj)) {
        const labels = (isObj(s.stream) ? s.stream : {}) as Record<string, string>;
        for (const v of (s.values as Json[][]) ?? []) lines.push({ labels, line: String(v[1]) });
      }
      return { value: lines.length, n: lines.length, lines };
    }
    default:
      return { n: 0, lines: [] };
  }
}

/**
 * A failure written inside a body that arrived looking healthy (the host showed the raw wire body
 * because the failure-class gate is off): a batch `{outcome: "failed"}`, a Prometheus
 * `status: "error"`, or results that all failed. An agent that reads the text sees it.
 */
function innerFailure(data: Json): string | undefined {
  // No result at all, only a sentence where the result should be (`{"data": "upstream
  // unavailable ..."}`, the untyped-200 fault): whoever reads it sees an error, whatever the class says.
  if (typeof data === 'string' && /\b(error|fail|unavailable|refused|timeout)/i.test(data))
    return `failed: ${data}`;
  if (!isObj(data)) return undefined;
  if (Object.keys(data).length === 1 && typeof data.data === 'string') return innerFailure(data.data);
  if (data.status === 'error') return `${String(data.errorType ?? 'error')}: ${String(data.error ?? '')}`;
  if (typeof data.outcome === 'string' && data.outcome !== 'ok' && data.outcome !== 'empty') {
    const first = Array.isArray(data.results) ? data.results.find(isObj) : undefined;
    return `${data.outcome}: ${String(first?.error ?? data.error ?? '')}`;
  }
  const rs = Array.isArray(data.results) ? data.results.filter(isObj) : [];
  if (rs.length && rs.every((r) => r.status === 'error' || r.error !== undefined))
    return `failed: ${String(rs[0].error)}`;
  return undefined;
}

function parseJson(s: string): Json {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}

/** Read one tool message. `outcome` trusts a typed envelope; raw bodies are judged by their data. */
export function observe(msg: { toolCallId: string; toolName: string; content: string }): Observation {
  const body = parseJson(msg.content);
  const env = isObj(body) && typeof body.outcome === 'string' ? body : undefined;
  const found = findResult(env ? env.data : body);
  const read = found ? readResult(found) : { n: 0, lines: [] as LogLine[] };
  const data = env ? env.data : body;
  const names = Array.isArray(data)
    ? data.map(String)
    : isObj(data) && Array.isArray(data.data)
      ? data.data.map(String)
      : [];
  const err = env && isObj(env.error) ? `${env.error.type}: ${env.error.message}` : undefined;
  let outcome: Outcome;
  const inner = innerFailure(data);
  if (inner && (!env || env.outcome === 'ok' || env.outcome === 'empty')) outcome = 'failed';
  // An untyped envelope says `ok` for any HTTP 200; a result with no series or lines in it is
  // plainly empty to whoever reads it.
  else if (env) outcome = env.outcome === 'ok' && found && read.n === 0 ? 'empty' : (env.outcome as Outcome);
  else if (found) outcome = read.n > 0 ? 'ok' : 'empty';
  else outcome = names.length ? 'ok' : 'empty';
  const hasValue = outcome === 'ok' && read.value !== undefined && Number.isFinite(read.value);
  return {
    callId: env && typeof env.callId === 'string' ? env.callId : msg.toolCallId,
    msgId: msg.toolCallId,
    tool: msg.toolName,
    outcome,
    n: env && typeof env.n === 'number' ? env.n : read.n,
    value: hasValue ? read.value : undefined,
    lines: read.lines,
    names,
    error: err ?? inner,
    raw: msg.content,
    note: env && typeof env.note === 'string' ? env.note : undefined,
  };
}

/** Tool results and host notes that arrived since the model's last turn. */
export function sinceLastTurn(messages: Message[]): { obs: Observation[]; host: HostNote[] } {
  let i = messages.length;
  while (i > 0 && messages[i - 1].role !== 'assistant') i--;
  const obs: Observation[] = [];
  const host: HostNote[] = [];
  for (const m of messages.slice(i)) {
    if (m.role === 'tool') obs.push(observe(m));
    else if (m.role === 'user') {
      const mark = hostMarkOf(m.content);
      if (mark) host.push({ mark, text: m.content });
    }
  }
  return { obs, host };
}

/** Every string inside a JSON body (node summaries travel inside the expand result). */
export function stringsIn(raw: string): string[] {
  const out: string[] = [];
  const walk = (x: Json): void => {
    if (typeof x === 'string') out.push(x);
    else if (Array.isArray(x)) x.forEach(walk);
    else if (isObj(x)) Object.values(x).forEach(walk);
  };
  walk(parseJson(raw) ?? raw);
  return out;
}
