/**
 * Any agent's own trace (OpenTelemetry GenAI or OpenInference spans) as a bench trace: the trace's
 * root span is the trial, each model-call span a `model_turn` (tokens, model), each tool span a
 * `tool_call` and, when its answer or error is recorded, a `tool_result`; the Theory from where
 * theory.ts finds it. Tools are classed by tools.ts, answers by result.ts: the evidence module then
 * judges each call as it judges a native one. What the importer could not read is a note, never a
 * guess: a span of no known kind, a tool of no known name, a call without an answer, no Theory.
 */
import type {
  HeaderEvent,
  ToolCallEvent,
  ToolResultEvent,
  Trace,
  TraceEvent,
} from '../../../formats/run/index.js';
import { TRACE_FORMAT } from '../../../formats/run/index.js';
import { TOOL } from '../../../protocol/tools.js';
import { toolResultOf } from './result.js';
import { roleOf } from './roles.js';
import type { Attrs, ImportedSpan } from './spans.js';
import { findTheory } from './theory.js';
import { mapTool } from './tools.js';

const str = (a: Attrs, ...keys: string[]): string | undefined => {
  for (const k of keys) if (typeof a[k] === 'string' && a[k] !== '') return a[k] as string;
  return undefined;
};
const num = (a: Attrs, ...keys: string[]): number | undefined => {
  for (const k of keys) if (typeof a[k] === 'number') return a[k] as number;
  return undefined;
};

function argsOf(s: ImportedSpan): Record<string, unknown> {
  const raw = s.attrs['gen_ai.tool.call.arguments'] ?? s.attrs['tool.parameters'] ?? s.attrs['input.value'];
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) return raw as Record<string, unknown>;
  if (typeof raw !== 'string') return {};
  try {
    const v: unknown = JSON.parse(raw);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : { input: v };
  } catch {
    return { input: raw };
  }
}

export interface ForeignOptions {
  /** The golden the trace is scored against (its id goes in the header). */
  golden: string;
  /** Notes on what was not read, for the user: each names the span. */
  note: (s: string) => void;
}

export function foreignTrace(root: ImportedSpan, spans: readonly ImportedSpan[], o: ForeignOptions): Trace {
  const base = root.startNs;
  const tOf = (ns: bigint): number => Number(ns - base) / 1e6;
  const ms = (sp: ImportedSpan): number => Number(sp.endNs - sp.startNs) / 1e6;
  const ordered = [...spans].sort((a, b) => (a.startNs < b.startNs ? -1 : a.startNs > b.startNs ? 1 : 0));
  const chats = ordered.filter((s) => roleOf(s) === 'chat');
  const tools = ordered.filter((s) => roleOf(s) === 'tool');
  const other = ordered.filter((s) => s !== root && roleOf(s) === 'other');
  if (other.length)
    o.note(
      `${other.length} span(s) of no GenAI or OpenInference kind left out: ${[...new Set(other.map((s) => s.name))].slice(0, 5).join(', ')}`,
    );
  const model =
    str(chats[0]?.attrs ?? {}, 'gen_ai.request.model', 'gen_ai.response.model', 'llm.model_name') ??
    str(root.attrs, 'gen_ai.request.model', 'llm.model_name') ??
    'unknown';
  const header: HeaderEvent = {
    type: 'header',
    format: TRACE_FORMAT,
    golden: o.golden,
    seat:
      str(root.attrs, 'gen_ai.agent.name', 'agent.name') ?? str(root.resource, 'service.name') ?? root.name,
    provider:
      str(chats[0]?.attrs ?? {}, 'gen_ai.provider.name', 'gen_ai.system', 'llm.provider', 'llm.system') ??
      'otlp',
    model,
    shape: 'react',
    gateSet: 'imported',
    gates: [],
    rep: 1,
    seed: 0,
    clock: 'real',
    startedAt: new Date(Number(base / 1_000_000n)).toISOString(),
    // the agent ran at its own now: its absolute times are of that clock, not the golden's
    agentNow: new Date(Number(base / 1_000_000n)).toISOString(),
  };
  const timed: { t: number; order: number; e: TraceEvent }[] = [];
  const push = (t: number, e: TraceEvent) => timed.push({ t, order: timed.length, e });
  let tokensIn = 0;
  let tokensOut = 0;
  let reasoning = 0;
  chats.forEach((c, i) => {
    const input = num(c.attrs, 'gen_ai.usage.input_tokens', 'llm.token_count.prompt') ?? 0;
    const output = num(c.attrs, 'gen_ai.usage.output_tokens', 'llm.token_count.completion') ?? 0;
    const r =
      num(c.attrs, 'gen_ai.usage.reasoning.output_tokens', 'llm.token_count.completion_details.reasoning') ??
      0;
    tokensIn += input;
    tokensOut += output;
    reasoning += r;
    const t = tOf(c.endNs);
    const toolCalls = tools.filter((x) => x.parentSpanId === c.spanId).length;
    push(t, {
      type: 'model_turn',
      t,
      node: 'root',
      turn: i + 1,
      latencyMs: ms(c),
      tokens: { input, output, reasoning: r },
      text: '',
      toolCalls,
      attempts: 1,
    });
  });
  // A call's wave: the model turns that ended before it started (calls of one turn share one).
  const waveOf = (s: ImportedSpan): number => chats.filter((c) => c.endNs <= s.startNs).length;
  const ids = new Set<string>();
  const unknown = new Map<string, number>();
  let unanswered = 0;
  const submits: { args: unknown; span: ImportedSpan }[] = [];
  const waves = new Map<number, number>();
  let toolMs = 0;
  tools.forEach((s, i) => {
    const name = str(s.attrs, 'gen_ai.tool.name', 'tool.name') ?? s.name.replace(/^execute_tool /, '');
    const args = argsOf(s);
    let id = str(s.attrs, 'gen_ai.tool.call.id', 'tool_call.id', 'tool.id') ?? `c${i + 1}`;
    if (ids.has(id)) id = `${id}#${i + 1}`;
    ids.add(id);
    const tool = mapTool(name, args);
    if (!tool.known) unknown.set(name, (unknown.get(name) ?? 0) + 1);
    if (tool.tool === TOOL.submitTheory) submits.push({ args, span: s });
    const live = tool.tool === TOOL.queryMetrics || tool.tool === TOOL.queryLogs;
    const wave = waveOf(s);
    waves.set(wave, (waves.get(wave) ?? 0) + 1);
    toolMs += ms(s);
    const t = tOf(s.startNs);
    const call: ToolCallEvent = {
      type: 'tool_call',
      t,
      id,
      tool: tool.tool,
      // a query tool's arguments in the host's own form too, so the golden's world can answer the call
      // again (backend/record-selection.ts) for the selection record
      args:
        live && tool.query !== undefined && args.query === undefined ? { ...args, query: tool.query } : args,
      wave,
      class: tool.class,
      node: 'root',
      ...(tool.source ? { source: tool.source } : {}),
      ...(tool.query ? { query: tool.query } : {}),
    };
    push(t, call);
    const result: ToolResultEvent | undefined = toolResultOf(s, id, tool, tOf(s.endNs), ms(s));
    if (result) push(result.t, result);
    else if (tool.class === 'live') unanswered++;
  });
  for (const [name, count] of unknown)
    o.note(
      `tool "${name}" (${count} call(s)) is of no vocabulary the bench knows: kept as a context call, never evidence`,
    );
  if (unanswered)
    o.note(
      `${unanswered} telemetry call(s) recorded no result and no error status: they have no outcome and back nothing`,
    );
  const found = findTheory(ordered, root, submits, chats.at(-1));
  const end = tOf(root.endNs);
  if (found) push(end, { type: 'theory', t: end, source: 'submitted', theory: found.theory });
  else
    o.note(`no Theory found in trace ${root.traceId} (docs/import.md, The Theory): it scores as no answer`);
  const results = timed.filter((x) => x.e.type === 'tool_result').map((x) => x.e as ToolResultEvent);
  push(end, {
    type: 'end',
    t: end,
    stop: root.status.code === 2 ? 'error' : found ? 'submitted' : 'error',
    unscored: false,
    ...(root.status.code === 2
      ? { error: root.status.message ?? 'the agent span ended with status ERROR' }
      : {}),
    usage: {
      turns: chats.length,
      toolCalls: tools.length,
      waves: waves.size,
      maxFanout: Math.max(0, ...waves.values()),
      tokens: { input: tokensIn, output: tokensOut, reasoning },
    },
    wall: { totalMs: ms(root), modelMs: chats.reduce((a, c) => a + ms(c), 0), toolMs, queueMs: 0 },
    counts: {
      steers: 0,
      halts: 0,
      fingerprints: results.filter((r) => r.fingerprint).length,
      untypedEnvelopes: results.filter((r) => r.untyped).length,
    },
  });
  timed.sort((p, q) => p.t - q.t || p.order - q.order);
  return { header, events: [header, ...timed.map((x) => x.e)] };
}
