import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TraceEvent } from '../../src/formats/run/trace.js';
import { ProviderError } from '../../src/protocol/model.js';
import { call, lokiStreams, of, promVector, run, ScriptedModel, theory } from './helpers.js';

const rules = [
  (r: { api: string }) => (r.api === 'prom.query' ? promVector(0.23) : undefined),
  (r: { api: string }) => (r.api === 'loki.query' ? promVector(1432) : undefined),
  (r: { api: string }) =>
    r.api === 'loki.query_range' ? lokiStreams(['pool exhausted', 'pool exhausted']) : undefined,
];

const diligent = () =>
  new ScriptedModel([
    () => [
      call('query_metrics', { query: 'max_ratio' }),
      call('query_logs', { query: '{app="payments"} |= "pool"' }),
    ],
    () => [
      call('query_logs', { query: 'sum(count_over_time({app="payments"} |= "pool" [40m]))', end: 'now-10m' }),
    ],
    () => [
      call('submit_theory', {
        theory: theory({
          A: { measurements: [{ id: 'peak_error_ratio', value: 0.23, evidence: ['c1'] }] },
          B: { measurements: [{ id: 'pool_timeouts', value: 1432, evidence: ['c3'] }] },
        }),
      }),
    ],
  ]);

describe('react session', () => {
  it('runs turns and waves to a submitted Theory, writing a valid JSONL trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'host-'));
    const file = join(dir, 'trace.jsonl');
    const { result, events, backend } = await run(diligent(), rules, 'all', { traceFile: file });
    expect(result.stop).toBe('submitted');
    expect(result.theorySource).toBe('submitted');
    expect(result.theory?.parts.A.measurements[0].value).toBe(0.23);

    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(events.length);
    expect(lines[0].type).toBe('header');
    for (const l of lines.slice(1)) expect(TraceEvent.safeParse(l).success).toBe(true);

    const calls = of(events, 'tool_call');
    expect(calls.map((c) => c.id)).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(calls.map((c) => c.wave)).toEqual([1, 1, 2, 3]);
    expect(calls[0]).toMatchObject({ class: 'live', source: 'metrics', query: 'max_ratio', node: 'root' });
    expect(of(events, 'tool_result').find((r) => r.id === 'c1')).toMatchObject({
      outcome: 'ok',
      n: 1,
      latencyMs: 50,
    });

    // Times resolved against the golden's now (2026-03-14T14:40Z): unix seconds for Prometheus, ns for Loki.
    const now = Date.parse('2026-03-14T14:40:00Z');
    expect(backend.requests[0]).toMatchObject({
      api: 'prom.query',
      params: { time: String(now / 1000) },
      origin: 'c1',
    });
    const logs = backend.requests.find((r) => r.api === 'loki.query_range');
    expect(logs?.params).toMatchObject({
      start: `${now - 3_600_000}000000`,
      end: `${now}000000`,
      limit: '100',
    });
    const metricLogs = backend.requests.find((r) => r.api === 'loki.query');
    expect(metricLogs?.params.time).toBe(`${now - 600_000}000000`);

    const end = of(events, 'end')[0];
    expect(end).toMatchObject({ stop: 'submitted', unscored: false });
    expect(end.usage).toMatchObject({ turns: 3, toolCalls: 3, waves: 3, maxFanout: 1 });
    expect(end.usage.tokens.input).toBe(3000);
    expect(end.wall.modelMs).toBe(300);
    expect(end.wall.totalMs).toBe(300 + 50 + 50);
  });

  it('tells the model the call id and the typed envelope in each tool message', async () => {
    const { model } = await run(diligent(), rules, 'all');
    const second = model.requests[1].messages;
    const tools = second.filter((m) => m.role === 'tool');
    expect(tools).toHaveLength(2);
    const env = JSON.parse(tools[0].role === 'tool' ? tools[0].content : '');
    expect(env).toMatchObject({ outcome: 'ok', n: 1, callId: 'c1', data: { resultType: 'vector' } });
    expect(model.requests[0].messages[1].content).toContain('peak_error_ratio');
  });

  it('rejects an invalid Theory with what is wrong, and the session continues', async () => {
    const model = new ScriptedModel([
      () => [call('submit_theory', { theory: { summary: 'x' } })],
      () => [
        call('submit_theory', {
          theory: theory({ A: { status: 'undetermined' }, B: { status: 'undetermined' } }),
        }),
      ],
    ]);
    // No gates: this is the tool's own schema check, not the evidence rules (gates.test.ts).
    const { result, events } = await run(model, rules, 'none');
    const first = of(events, 'tool_result')[0];
    expect(first.outcome).toBe('rejected');
    expect(first.error).toContain('rootCause');
    expect(result.stop).toBe('submitted');
  });

  it('ends unscored with the provider error text on a ProviderError', async () => {
    const model = new ScriptedModel([
      () => {
        throw new ProviderError('503 from provider: overloaded', { status: 503 });
      },
    ]);
    const { result } = await run(model, rules, 'all');
    expect(result.stop).toBe('error');
    expect(result.end).toMatchObject({ unscored: true, error: '503 from provider: overloaded' });
    expect(result.theory).toBeNull();
  });

  it('masks anything shaped like an API key in the provider error', async () => {
    const model = new ScriptedModel([
      () => {
        throw new ProviderError('401 Incorrect API key provided: sk-proj-abcdefghijklmnop', { status: 401 });
      },
    ]);
    const { result } = await run(model, rules, 'all');
    expect(result.end.error).toBe('401 Incorrect API key provided: [redacted]');
  });

  it('gives the same trace for the same script (startedAt aside)', async () => {
    const a = await run(diligent(), rules, 'all');
    const b = await run(diligent(), rules, 'all');
    const strip = (es: typeof a.events) => es.map((e) => (e.type === 'header' ? { ...e, startedAt: '' } : e));
    expect(strip(b.events)).toEqual(strip(a.events));
  });
});
