/**
 * `bench export otlp` through the built CLI (`npm run build` first) on a real run folder made by
 * `bench run` (otlp-run.ts): the JSONL decodes into the OpenTelemetry JS SDK's spans and the
 * official serializers encode them back to the same JSON; every trace event kind has its span (or
 * span event), one for one; the links form one tree per trial; the GenAI attribute names are the
 * semconv's own.
 */
import { cpSync, linkSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JsonTraceSerializer, ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import {
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_PROVIDER_NAME,
  ATTR_GEN_AI_REQUEST_MODEL,
  ATTR_GEN_AI_TOOL_CALL_ID,
  ATTR_GEN_AI_TOOL_NAME,
  ATTR_GEN_AI_USAGE_INPUT_TOKENS,
  ATTR_GEN_AI_USAGE_OUTPUT_TOKENS,
  GEN_AI_OPERATION_NAME_VALUE_CHAT,
  GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL,
  GEN_AI_OPERATION_NAME_VALUE_INVOKE_AGENT,
} from '@opentelemetry/semantic-conventions/incubating';
import { beforeAll, describe, expect, it } from 'vitest';
import { NUMBER_TYPES } from '../../src/commands/export/otlp/genai.js';
import type { Trace } from '../../src/formats/run/trace.js';
import { readTrace } from '../../src/formats/run/trace-read.js';
import { bench, tempDir } from '../formats/helpers.js';
import { attrsOf, decodeRequest, intsAsStrings, type JsonRequest, type JsonSpan } from './otlp-decode.js';
import { makeRunFolder, ROOT } from './otlp-run.js';

let run = '';
let out = '';
let lines: string[] = [];
const traces = new Map<string, Trace>();

const spansOf = (r: JsonRequest): JsonSpan[] =>
  r.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((s) => s.spans));
const attr = (s: JsonSpan, key: string) => attrsOf(s.attributes)[key];
const op = (s: JsonSpan) => attr(s, ATTR_GEN_AI_OPERATION_NAME);
const requests = (): JsonRequest[] => lines.map((l) => JSON.parse(l));
const doubles = new Set(Object.keys(NUMBER_TYPES).filter((k) => NUMBER_TYPES[k] === 'double'));
/** Every attribute of a request (resource, spans, span events) as [key, value type]. */
const attrTypes = (r: JsonRequest): [string, string][] =>
  r.resourceSpans
    .flatMap((rs) => [
      ...rs.resource.attributes,
      ...spansOf(r).flatMap((s) => [...s.attributes, ...s.events.flatMap((e) => e.attributes)]),
    ])
    .map((kv) => [kv.key, Object.keys(kv.value)[0]]);

beforeAll(() => {
  run = makeRunFolder();
  out = join(run, '..', 'otlp.jsonl');
  const exp = bench(['export', 'otlp', run, '--out', out], ROOT);
  expect(exp.stderr).toMatch(/export otlp: wrote 5 trials \(\d+ spans\) to /);
  expect(exp.status).toBe(0);
  lines = readFileSync(out, 'utf8').trim().split('\n');
  for (const l of readFileSync(join(run, 'journal.jsonl'), 'utf8').trim().split('\n')) {
    const rec = JSON.parse(l).record as { id: string; dir: string };
    traces.set(rec.id, readTrace(join(run, rec.dir, 'trace.jsonl')));
  }
});

/** The trace of the trial a request holds, by its session span's trial id. */
function traceOf(r: JsonRequest): Trace {
  const session = spansOf(r).find((s) => s.parentSpanId === undefined)!;
  return traces.get(String(attr(session, 'rematch.trial.id')))!;
}

const count = (t: Trace, type: string, pred: (e: Record<string, unknown>) => boolean = () => true) =>
  t.events.filter((e) => e.type === type && pred(e as Record<string, unknown>)).length;

describe('bench export otlp', () => {
  it('writes one ExportTraceServiceRequest a line, one per trial, that the official serializers encode back the same', () => {
    expect(lines).toHaveLength(traces.size);
    for (const req of requests()) {
      const spans = decodeRequest(req);
      const json = JSON.parse(new TextDecoder().decode(JsonTraceSerializer.serializeRequest(spans)));
      expect(intsAsStrings(json, doubles)).toEqual(req);
      expect(ProtobufTraceSerializer.serializeRequest(spans)?.byteLength).toBeGreaterThan(0);
    }
  });

  it('has a span per session, node, model turn and tool call, and a span event per gate verdict', () => {
    let gates = 0;
    for (const req of requests()) {
      const t = traceOf(req);
      const spans = spansOf(req);
      const nodes = count(t, 'node', (e) => e.event === 'start');
      const agents = count(t, 'node', (e) => e.event === 'start' && e.kind === 'agent');
      expect(spans.filter((s) => op(s) === GEN_AI_OPERATION_NAME_VALUE_CHAT)).toHaveLength(
        count(t, 'model_turn'),
      );
      expect(spans.filter((s) => op(s) === GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL)).toHaveLength(
        count(t, 'tool_call'),
      );
      expect(spans.filter((s) => op(s) === GEN_AI_OPERATION_NAME_VALUE_INVOKE_AGENT)).toHaveLength(
        1 + agents,
      );
      expect(spans.filter((s) => attr(s, 'rematch.node.kind') !== undefined)).toHaveLength(nodes);
      expect(spans).toHaveLength(1 + nodes + count(t, 'model_turn') + count(t, 'tool_call'));
      const events = spans.flatMap((s) => s.events.filter((e) => e.name === 'rematch.gate'));
      expect(events).toHaveLength(count(t, 'gate'));
      gates += events.length;
    }
    expect(gates).toBeGreaterThan(0);
    // the ReAcTree seat's trials have node spans, the ReAct seat's none
    const shapes = requests().map((r) => traceOf(r).header.shape);
    expect(new Set(shapes)).toEqual(new Set(['react', 'reactree']));
  });

  it('links each trial into one tree: the session at the root, work under the node it ran in', () => {
    for (const req of requests()) {
      const spans = spansOf(req);
      const byId = new Map(spans.map((s) => [s.spanId, s]));
      expect(byId.size).toBe(spans.length);
      expect(new Set(spans.map((s) => s.traceId)).size).toBe(1);
      const roots = spans.filter((s) => s.parentSpanId === undefined);
      expect(roots.map(op)).toEqual([GEN_AI_OPERATION_NAME_VALUE_INVOKE_AGENT]);
      const nodeSpan = new Map(
        spans.filter((s) => attr(s, 'rematch.node.kind')).map((s) => [attr(s, 'rematch.node.id'), s]),
      );
      for (const s of spans) {
        if (s === roots[0]) continue;
        const parent = byId.get(s.parentSpanId!);
        expect(parent, s.name).toBeDefined();
        if (attr(s, 'rematch.node.kind')) continue;
        // a turn or call hangs under its node's span; a ReAct trial's under the session
        const node = nodeSpan.get(attr(s, 'rematch.node.id'));
        expect(parent).toBe(node ?? roots[0]);
      }
      const t = traceOf(req);
      for (const e of t.events) {
        if (e.type !== 'node' || e.event !== 'start') continue;
        const parent = byId.get(nodeSpan.get(e.node)!.parentSpanId!)!;
        expect(e.parent === undefined ? parent : attr(parent, 'rematch.node.id')).toBe(e.parent ?? roots[0]);
      }
    }
  });

  it('carries the GenAI and rematch attributes of each turn, call and gate verdict', () => {
    let faults = 0;
    for (const req of requests()) {
      const t = traceOf(req);
      const spans = spansOf(req);
      const turns = t.events.filter((e) => e.type === 'model_turn');
      const chats = spans.filter((s) => op(s) === GEN_AI_OPERATION_NAME_VALUE_CHAT);
      chats.forEach((s, i) => {
        expect(attr(s, ATTR_GEN_AI_PROVIDER_NAME)).toBe('rematch.sim');
        expect(attr(s, ATTR_GEN_AI_REQUEST_MODEL)).toBe(t.header.model);
        expect(attr(s, ATTR_GEN_AI_USAGE_INPUT_TOKENS)).toBe(turns[i].tokens.input);
        expect(attr(s, ATTR_GEN_AI_USAGE_OUTPUT_TOKENS)).toBe(turns[i].tokens.output);
        expect(s.kind).toBe(3); // CLIENT
      });
      const results = new Map(t.events.flatMap((e) => (e.type === 'tool_result' ? [[e.id, e]] : [])));
      for (const s of spans.filter((x) => op(x) === GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL)) {
        const r = results.get(String(attr(s, ATTR_GEN_AI_TOOL_CALL_ID)))!;
        expect(attr(s, ATTR_GEN_AI_TOOL_NAME)).toBe(s.name.replace('execute_tool ', ''));
        expect(attr(s, 'rematch.outcome')).toBe(r.outcome);
        expect(attr(s, 'rematch.tool.class')).toMatch(/^(live|discovery|context|control)$/);
        expect(attr(s, 'rematch.fingerprint')).toBe(r.fingerprint);
        expect(attr(s, 'rematch.fault.id')).toBe(r.fault);
        if (r.fault) faults++;
        expect(s.status.code).toBe(r.outcome === 'failed' || r.outcome === 'error' ? 2 : 0);
      }
      for (const g of spans.flatMap((s) => s.events.filter((e) => e.name === 'rematch.gate'))) {
        const a = attrsOf(g.attributes);
        expect(Object.keys(a)).toEqual(
          expect.arrayContaining(['rematch.gate.name', 'rematch.gate.decision']),
        );
        expect(typeof a['rematch.gate.reason']).toBe('string');
      }
    }
    expect(faults).toBeGreaterThan(0);
  });

  it('gives every attribute key one value type across the export: doubles for ratios, cost, latency; ints for counts, tokens', () => {
    const types = new Map<string, Set<string>>();
    for (const [k, t] of requests().flatMap(attrTypes)) types.set(k, (types.get(k) ?? new Set()).add(t));
    const mixed = [...types].filter(([, ts]) => ts.size > 1).map(([k, ts]) => `${k}: ${[...ts]}`);
    expect(mixed).toEqual([]);
    const typeOf = (k: string) => [...(types.get(k) ?? [])][0];
    // whole-millisecond latencies and a correctness of exactly 1 or 0 exist in this run: still doubles
    for (const k of ['rematch.latency_ms', 'rematch.correctness', 'rematch.queue_ms'])
      expect(typeOf(k), k).toBe('doubleValue');
    for (const k of [ATTR_GEN_AI_USAGE_INPUT_TOKENS, 'rematch.turn', 'rematch.tool_calls', 'rematch.n'])
      expect(typeOf(k), k).toBe('intValue');
  });

  it("lays times on the trial's clock: the header's start plus each event's t", () => {
    for (const req of requests()) {
      const t = traceOf(req);
      const start = BigInt(Date.parse(t.header.startedAt)) * 1_000_000n;
      const spans = spansOf(req);
      const session = spans.find((s) => s.parentSpanId === undefined)!;
      expect(session.startTimeUnixNano).toBe(String(start));
      const end = t.events.find((e) => e.type === 'end')!;
      expect(session.endTimeUnixNano).toBe(String(start + BigInt(Math.round(end.t * 1e6))));
      const turn = t.events.find((e) => e.type === 'model_turn')!;
      const chat = spans.find((s) => op(s) === GEN_AI_OPERATION_NAME_VALUE_CHAT)!;
      expect(chat.endTimeUnixNano).toBe(String(start + BigInt(Math.round(turn.t * 1e6))));
      for (const s of spans) expect(BigInt(s.endTimeUnixNano) >= BigInt(s.startTimeUnixNano)).toBe(true);
    }
  });

  it('gives the same bytes on a second export (ids derive from the run and trial ids), to stdout too', () => {
    const again = bench(['export', 'otlp', run], ROOT);
    expect(again.status).toBe(0);
    expect(again.stdout).toBe(readFileSync(out, 'utf8'));
  });

  it('exports a trace cut short (a call without its result, no end), masks a key, leaves out a trial without a trace', () => {
    const copy = join(run, '..', 'cut');
    cpSync(run, copy, { recursive: true });
    const [first, second] = [...traces.keys()];
    const dirOf = (id: string) => join(copy, 'traces', ...id.split('/'));
    rmSync(join(dirOf(first), 'trace.jsonl'));
    const t = traces.get(second)!;
    const cut = t.events.findIndex((e) => e.type === 'tool_result');
    // a key-shaped string in a turn's text (no run folder holds one; the redactor masks it anyway)
    const secret = 'sk-exportotlpsecret0123456789';
    const kept = t.events
      .slice(0, cut)
      .map((e) => (e.type === 'model_turn' ? { ...e, text: `${e.text} key ${secret}` } : e));
    writeFileSync(join(dirOf(second), 'trace.jsonl'), kept.map((e) => `${JSON.stringify(e)}\n`).join(''));
    const r = bench(['export', 'otlp', copy], ROOT);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain(`export otlp: left out ${first}: no trace at`);
    expect(r.stdout).not.toContain(secret);
    expect(r.stdout).toContain('key [redacted]');
    const reqs = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as JsonRequest);
    expect(reqs).toHaveLength(traces.size - 1);
    const spans = spansOf(reqs[0]);
    const calls = spans.filter((s) => op(s) === GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL);
    expect(calls).toHaveLength(kept.filter((e) => e.type === 'tool_call').length);
    expect(calls.length).toBeGreaterThan(0);
    // no result: a zero-length span at its tool_call event, without an outcome
    for (const s of calls) {
      expect(attr(s, 'rematch.outcome')).toBeUndefined();
      expect(s.endTimeUnixNano).toBe(s.startTimeUnixNano);
    }
    const session = spans.find((s) => s.parentSpanId === undefined)!;
    expect(attr(session, 'rematch.stop')).toBeUndefined();
  });

  it('marks replayed turns (their cache key and recorded latency) and rate-limit waits on the chat spans, the replayed usage on the session', () => {
    const copy = join(run, '..', 'replayed');
    cpSync(run, copy, { recursive: true });
    const [id] = [...traces.keys()];
    const file = join(copy, 'traces', ...id.split('/'), 'trace.jsonl');
    const t = traces.get(id)!;
    let k = 0;
    const events = t.events.map((e) => {
      if (e.type === 'model_turn') {
        k += 1;
        // every other turn replayed; the live ones waited for the limiter and in backoff
        return k % 2
          ? { ...e, replay: { key: `key${k}`, latencyMs: 1000 + k } }
          : { ...e, limiterMs: 250, backoffMs: 1500 };
      }
      if (e.type === 'end')
        return {
          ...e,
          usage: {
            ...e.usage,
            replayed: { turns: 2, tokens: { input: 40, output: 7, reasoning: 0 }, costUsd: 0.5 },
          },
          wall: { ...e.wall, limiterMs: 250, backoffMs: 1500 },
        };
      return e;
    });
    writeFileSync(file, events.map((e) => `${JSON.stringify(e)}\n`).join(''));
    // the fixture is a trace the schema accepts, as a real seat's would be
    expect(readTrace(file).events.filter((e) => e.type === 'model_turn' && e.replay)).toHaveLength(
      Math.ceil(k / 2),
    );
    const r = bench(['export', 'otlp', copy], ROOT);
    expect(r.status).toBe(0);
    const req = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as JsonRequest)
      .find((q) => traceOf(q) === t)!;
    const chats = spansOf(req).filter((s) => op(s) === GEN_AI_OPERATION_NAME_VALUE_CHAT);
    expect(chats).toHaveLength(k);
    chats.forEach((s, i) => {
      const n = i + 1;
      if (n % 2) {
        expect(attr(s, 'rematch.replay.key')).toBe(`key${n}`);
        expect(attr(s, 'rematch.replay.latency_ms')).toBe(1000 + n);
        expect(attr(s, 'rematch.limiter_ms')).toBeUndefined();
      } else {
        expect(attr(s, 'rematch.replay.key')).toBeUndefined();
        expect(attr(s, 'rematch.limiter_ms')).toBe(250);
        expect(attr(s, 'rematch.backoff_ms')).toBe(1500);
      }
    });
    const session = spansOf(req).find((s) => s.parentSpanId === undefined)!;
    expect(attr(session, 'rematch.replayed.turns')).toBe(2);
    expect(attr(session, 'rematch.replayed.input_tokens')).toBe(40);
    expect(attr(session, 'rematch.replayed.output_tokens')).toBe(7);
    expect(attr(session, 'rematch.replayed.cost_usd')).toBe(0.5);
    expect(attr(session, 'rematch.limiter_ms')).toBe(250);
    const types = new Map(attrTypes(req));
    expect(types.get('rematch.replay.latency_ms')).toBe('doubleValue');
    expect(types.get('rematch.replayed.turns')).toBe('intValue');
  });

  it('writes --out atomically: a new file renamed over the old, which a reader holding it keeps whole', () => {
    const dir = tempDir();
    const file = join(dir, 'otlp.jsonl');
    writeFileSync(file, 'old\n');
    // a hard link is a reader holding the old file: a write in place (truncate, then write) shows
    // through it, half written while it runs; a rename leaves it as it was
    linkSync(file, join(dir, 'held.jsonl'));
    expect(bench(['export', 'otlp', run, '--out', file], ROOT).status).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(out, 'utf8'));
    expect(readFileSync(join(dir, 'held.jsonl'), 'utf8')).toBe('old\n');
    expect(readdirSync(dir).sort()).toEqual(['held.jsonl', 'otlp.jsonl']);
  });

  it('refuses --out with --endpoint, a bad endpoint and a folder that is not a run (exit 2)', () => {
    const both = bench(['export', 'otlp', run, '--out', out, '--endpoint', 'http://127.0.0.1:1'], ROOT);
    expect(both.status).toBe(2);
    expect(both.stderr).toMatch(/not both/);
    const bad = bench(['export', 'otlp', run, '--endpoint', 'ftp://example.invalid'], ROOT);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/http or https URL/);
    const none = bench(['export', 'otlp', tempDir()], ROOT);
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/not a run folder/);
  });
});
