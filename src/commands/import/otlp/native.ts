/**
 * A trace `bench export otlp` wrote, rebuilt exactly: its session span carries `rematch.trial.id`
 * and every fact of the trace under `rematch.*` (docs/otlp.md), so the header, each turn, call,
 * result, gate verdict, node and Theory, and the end event come back as they were, and scoring
 * the import gives the original's score (docs/import.md, Round trip).
 */
import type {
  GateEvent,
  HeaderEvent,
  NodeEvent,
  Outcome,
  ToolClass,
  Trace,
  TraceEvent,
} from '../../../formats/run/index.js';
import { TRACE_FORMAT } from '../../../formats/run/index.js';
import { Theory } from '../../../formats/theory.js';
import { GEN_AI } from '../../export/index.js';
import type { Attrs, AttrValue, ImportedSpan } from './spans.js';

const s = (a: Attrs, k: string): string | undefined =>
  typeof a[k] === 'string' ? (a[k] as string) : undefined;
const n = (a: Attrs, k: string): number | undefined =>
  typeof a[k] === 'number' ? (a[k] as number) : undefined;
const b = (a: Attrs, k: string): boolean | undefined =>
  typeof a[k] === 'boolean' ? (a[k] as boolean) : undefined;
const list = (a: Attrs, k: string): AttrValue[] | undefined =>
  Array.isArray(a[k]) ? (a[k] as AttrValue[]) : undefined;
const strs = (a: Attrs, k: string): string[] | undefined => list(a, k)?.map(String);
/** `rematch.values`: the sample values as JSON text (export/otlp/calls.ts). */
const nums = (a: Attrs, k: string): number[] | undefined => {
  const text = s(a, k);
  if (text === undefined) return undefined;
  const v: unknown = JSON.parse(text);
  return Array.isArray(v) ? v.map(Number) : undefined;
};
/** Only the fields that are there: an absent attribute leaves its field out, as the trace had it. */
const some = <T extends Record<string, unknown>>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** A span's GenAI usage, as the exporter wrote it (a turn's or the session's). */
const tokensOf = (a: Attrs) => ({
  input: n(a, GEN_AI.inputTokens) ?? 0,
  output: n(a, GEN_AI.outputTokens) ?? 0,
  reasoning: n(a, GEN_AI.reasoningTokens) ?? 0,
});

export function isNativeSession(span: ImportedSpan): boolean {
  return typeof span.attrs['rematch.trial.id'] === 'string' && span.parentSpanId === undefined;
}

export function nativeTrace(session: ImportedSpan, spans: readonly ImportedSpan[]): Trace {
  const a = session.attrs;
  const startedAt =
    s(a, 'rematch.started_at') ?? new Date(Number(session.startNs / 1_000_000n)).toISOString();
  const base = BigInt(Date.parse(startedAt)) * 1_000_000n;
  const tOf = (ns: bigint): number => Number(ns - base) / 1e6;
  const header: HeaderEvent = {
    type: 'header',
    format: TRACE_FORMAT,
    golden: s(a, 'rematch.golden') ?? '',
    seat: s(a, 'rematch.seat') ?? '',
    provider: s(a, 'rematch.provider') ?? '',
    model: s(a, 'gen_ai.request.model') ?? '',
    shape: s(a, 'rematch.shape') === 'reactree' ? 'reactree' : 'react',
    gateSet: s(a, 'rematch.gate_set') ?? '',
    gates: (strs(a, 'rematch.gates') ?? []) as HeaderEvent['gates'],
    ...some({ prompted: strs(a, 'rematch.gates.prompt') as HeaderEvent['prompted'] }),
    rep: n(a, 'rematch.rep') ?? 0,
    seed: n(a, 'rematch.seed') ?? 0,
    clock: s(a, 'rematch.clock') === 'virtual' ? 'virtual' : 'real',
    startedAt,
    ...some({
      faultsRecorded: b(a, 'rematch.faults_recorded'),
      selectionRecorded: b(a, 'rematch.selection_recorded'),
    }),
  };
  // each event with the place it had: its time, then the order it was exported in
  const timed: { t: number; order: number; e: TraceEvent }[] = [];
  const push = (t: number, e: TraceEvent) => timed.push({ t, order: timed.length, e });
  for (const sp of spans) {
    const x = sp.attrs;
    const op = s(x, 'gen_ai.operation.name');
    if (sp === session) continue;
    if (
      s(x, 'rematch.node.id') !== undefined &&
      s(x, 'rematch.node.kind') !== undefined &&
      op !== 'chat' &&
      op !== 'execute_tool'
    )
      for (const e of nodeEvents(sp, tOf, spans)) push(e.t, e);
    else if (op === 'chat') {
      const t = tOf(sp.endNs);
      push(t, {
        type: 'model_turn',
        t,
        node: s(x, 'rematch.node.id') ?? 'root',
        turn: n(x, 'rematch.turn') ?? 0,
        latencyMs: n(x, 'rematch.latency_ms') ?? 0,
        tokens: tokensOf(x),
        text: s(x, 'rematch.text') ?? '',
        toolCalls: n(x, 'rematch.tool_calls') ?? 0,
        attempts: n(x, 'rematch.attempts') ?? 1,
        ...(s(x, 'rematch.replay.key') !== undefined
          ? {
              replay: {
                key: s(x, 'rematch.replay.key') ?? '',
                latencyMs: n(x, 'rematch.replay.latency_ms') ?? 0,
              },
            }
          : {}),
        ...some({ limiterMs: n(x, 'rematch.limiter_ms'), backoffMs: n(x, 'rematch.backoff_ms') }),
      });
    } else if (op === 'execute_tool') for (const [t, e] of callEvents(sp, tOf)) push(t, e);
    for (const ev of sp.events)
      if (ev.name === 'rematch.gate') push(tOf(ev.timeNs), gateEvent(ev.attrs, tOf(ev.timeNs)));
  }
  for (const ev of session.events) {
    const t = tOf(ev.timeNs);
    if (ev.name === 'rematch.gate') push(t, gateEvent(ev.attrs, t));
    else if (ev.name === 'rematch.theory') {
      const parsed = Theory.safeParse(JSON.parse(s(ev.attrs, 'rematch.theory.json') ?? 'null'));
      if (parsed.success) {
        const source = s(ev.attrs, 'rematch.theory.source');
        push(t, {
          type: 'theory',
          t,
          source: source === 'budget-request' || source === 'assembled' ? source : 'submitted',
          theory: parsed.data,
        });
      }
    }
  }
  if (s(a, 'rematch.stop') !== undefined) push(tOf(session.endNs), endEvent(a, tOf(session.endNs)));
  timed.sort((p, q) => p.t - q.t || p.order - q.order);
  return { header, events: [header, ...timed.map((x) => x.e)] };
}

function callEvents(sp: ImportedSpan, tOf: (ns: bigint) => number): [number, TraceEvent][] {
  const x = sp.attrs;
  const id = s(x, 'gen_ai.tool.call.id') ?? sp.spanId;
  let args: unknown = {};
  try {
    args = JSON.parse(s(x, 'gen_ai.tool.call.arguments') ?? '{}');
  } catch {
    // cut at 2,000 characters by the exporter: the arguments are not evidence, the query is
  }
  const callT = n(x, 'rematch.call.t_ms') ?? tOf(sp.startNs);
  const out: [number, TraceEvent][] = [
    [
      callT,
      {
        type: 'tool_call',
        t: callT,
        id,
        tool: s(x, 'gen_ai.tool.name') ?? '',
        args,
        wave: n(x, 'rematch.wave') ?? 0,
        class: (s(x, 'rematch.tool.class') ?? 'context') as ToolClass,
        node: s(x, 'rematch.node.id') ?? 'root',
        ...some({
          source: s(x, 'rematch.source') as 'metrics' | 'logs' | undefined,
          query: s(x, 'rematch.query'),
        }),
      },
    ],
  ];
  const outcome = s(x, 'rematch.outcome') as Outcome | undefined;
  if (outcome === undefined) return out;
  const t = tOf(sp.endNs);
  const selectors = n(x, 'rematch.selection.selectors');
  out.push([
    t,
    {
      type: 'tool_result',
      t,
      id,
      outcome,
      n: n(x, 'rematch.n') ?? 0,
      ...some({ fingerprint: s(x, 'rematch.fingerprint') }),
      latencyMs: n(x, 'rematch.latency_ms') ?? 0,
      queueMs: n(x, 'rematch.queue_ms') ?? 0,
      ...some({
        httpStatus: n(x, 'rematch.http.status'),
        error: s(x, 'rematch.error'),
      }),
      untyped: b(x, 'rematch.untyped') ?? false,
      ...some({
        shown: s(x, 'rematch.shown') as Outcome | undefined,
        preview: s(x, 'rematch.preview'),
        fault: s(x, 'rematch.fault.id'),
        catalogVersion: n(x, 'rematch.catalog.version'),
        stale: b(x, 'rematch.catalog.stale'),
      }),
      ...(selectors !== undefined
        ? { selection: { selectors, unmatched: strs(x, 'rematch.selection.unmatched') ?? [] } }
        : {}),
      ...some({ values: nums(x, 'rematch.values'), valuesTruncated: b(x, 'rematch.values_truncated') }),
    },
  ]);
  return out;
}

function gateEvent(x: Attrs, t: number): GateEvent {
  return {
    type: 'gate',
    t,
    gate: (s(x, 'rematch.gate.name') ?? '') as GateEvent['gate'],
    decision: (s(x, 'rematch.gate.decision') ?? 'allow') as GateEvent['decision'],
    reason: s(x, 'rematch.gate.reason') ?? '',
    ...some({
      callId: s(x, 'rematch.gate.call_id'),
      node: s(x, 'rematch.node.id'),
      fingerprint: s(x, 'rematch.fingerprint'),
    }),
  };
}

function nodeEvents(
  sp: ImportedSpan,
  tOf: (ns: bigint) => number,
  spans: readonly ImportedSpan[],
): NodeEvent[] {
  const x = sp.attrs;
  const node = s(x, 'rematch.node.id') ?? '';
  const parentSpan = spans.find((p) => p.spanId === sp.parentSpanId);
  const parent = parentSpan ? s(parentSpan.attrs, 'rematch.node.id') : undefined;
  const kind = (s(x, 'rematch.node.kind') ?? 'agent') as NodeEvent['kind'];
  const goal = s(x, 'rematch.node.goal') ?? '';
  const start: NodeEvent = {
    type: 'node',
    t: tOf(sp.startNs),
    node,
    ...some({ parent }),
    event: 'start',
    kind,
    goal,
  };
  const result = s(x, 'rematch.node.result') as NodeEvent['result'];
  if (result === undefined) return [start];
  const tokens = n(x, 'rematch.node.tokens');
  const end: NodeEvent = {
    type: 'node',
    t: tOf(sp.endNs),
    node,
    ...some({ parent }),
    event: 'end',
    kind,
    goal,
    result,
    ...(tokens !== undefined
      ? {
          usage: {
            tokens,
            toolCalls: n(x, 'rematch.node.tool_calls') ?? 0,
            wallMs: tOf(sp.endNs) - tOf(sp.startNs),
            turns: n(x, 'rematch.node.turns') ?? 0,
          },
        }
      : {}),
    ...some({ concurrent: b(x, 'rematch.node.concurrent') }),
  };
  return [start, end];
}

function endEvent(a: Attrs, t: number): TraceEvent {
  const replayedTurns = n(a, 'rematch.replayed.turns');
  return {
    type: 'end',
    t,
    stop: (s(a, 'rematch.stop') ?? 'error') as 'submitted',
    unscored: b(a, 'rematch.unscored') ?? false,
    ...some({ error: s(a, 'rematch.end.error') }),
    usage: {
      turns: n(a, 'rematch.turns') ?? 0,
      toolCalls: n(a, 'rematch.tool_calls') ?? 0,
      waves: n(a, 'rematch.waves') ?? 0,
      maxFanout: n(a, 'rematch.max_fanout') ?? 0,
      tokens: tokensOf(a),
      ...some({ costUsd: n(a, 'rematch.cost_usd') }),
      ...(replayedTurns !== undefined
        ? {
            replayed: {
              turns: replayedTurns,
              tokens: {
                input: n(a, 'rematch.replayed.input_tokens') ?? 0,
                output: n(a, 'rematch.replayed.output_tokens') ?? 0,
                reasoning: 0,
              },
              ...some({ costUsd: n(a, 'rematch.replayed.cost_usd') }),
            },
          }
        : {}),
    },
    wall: {
      totalMs: n(a, 'rematch.wall_ms') ?? t,
      modelMs: n(a, 'rematch.model_ms') ?? 0,
      toolMs: n(a, 'rematch.tool_ms') ?? 0,
      queueMs: n(a, 'rematch.queue_ms') ?? 0,
      ...some({ limiterMs: n(a, 'rematch.limiter_ms'), backoffMs: n(a, 'rematch.backoff_ms') }),
    },
    counts: {
      steers: n(a, 'rematch.steers') ?? 0,
      halts: n(a, 'rematch.halts') ?? 0,
      fingerprints: n(a, 'rematch.fingerprints') ?? 0,
      untypedEnvelopes: n(a, 'rematch.untyped_envelopes') ?? 0,
    },
  };
}
