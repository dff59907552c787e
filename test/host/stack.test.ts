/**
 * The host over the real backend stack (engines → faults → capacity) on a shipped golden whose
 * payments logs answer a failed envelope in an HTTP 200.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackendStack } from '../../src/backend/index.js';
import { VirtualClock } from '../../src/clock.js';
import { loadGolden } from '../../src/formats/load.js';
import { resolveGateSet, runSession, TraceWriter } from '../../src/host/index.js';
import { buildWorld } from '../../src/world/build.js';
import { call, of, ScriptedModel, theory } from './helpers.js';

const golden = loadGolden(resolve(__dirname, '../../goldens/checkout-db-pool-logs-failed'));
const world = buildWorld(golden);
const measurements = [...golden.parts.A.measurements, ...golden.parts.B.measurements];

async function session(gates: 'none' | 'all', seed: number) {
  const clock = new VirtualClock();
  const { backend } = createBackendStack(golden, world, { faults: true, clock, seed });
  const model = new ScriptedModel([
    () =>
      measurements.map((m) =>
        call(m.source === 'metrics' ? 'query_metrics' : 'query_logs', { query: m.route }),
      ),
    () => [
      call('submit_theory', {
        theory: theory({
          A: { measurements: [{ id: golden.parts.A.measurements[0].id, value: 0.25, evidence: ['c1'] }] },
          B: {
            status: 'undetermined',
            gaps: [{ failedQuery: measurements[3].route, callId: 'c4', reason: 'failed' }],
          },
        }),
      }),
    ],
  ]);
  const gateSet = resolveGateSet(gates);
  const trace = new TraceWriter({
    header: {
      type: 'header',
      format: 'rematch.trace/1',
      golden: golden.id,
      seat: 'scripted',
      provider: 'sim',
      model: model.id,
      shape: 'react',
      gateSet: gateSet.name,
      gates: gateSet.gates,
      rep: 1,
      seed,
      clock: 'virtual',
      startedAt: new Date().toISOString(),
    },
  });
  const result = await runSession({
    golden,
    backend,
    model,
    shape: 'react',
    gateSet,
    budget: { turns: 10, toolCalls: 20, tokens: 1e6, wallSeconds: 600 },
    clock,
    trace,
  });
  return { result, events: [...trace.events()], model };
}

describe('host over the real backend stack', () => {
  it('classifies every route of the golden: metrics ok, the faulted payments logs failed, checkout logs ok', async () => {
    const { result, events, model } = await session('all', 7);
    expect(result.stop).toBe('submitted');
    const byQuery = new Map(of(events, 'tool_call').map((c) => [c.id, c.query]));
    const outcomes = of(events, 'tool_result')
      .filter((r) => byQuery.get(r.id))
      .sort((a, b) => Number(a.id.slice(1)) - Number(b.id.slice(1)))
      .map((r) => [byQuery.get(r.id), r.outcome]);
    expect(outcomes).toEqual(
      measurements.map((m) => [
        m.route,
        m.source === 'metrics' || m.route?.includes('checkout') ? 'ok' : 'failed',
      ]),
    );
    const failed = of(events, 'tool_result').filter((r) => r.outcome === 'failed');
    expect(failed).toHaveLength(2);
    expect(failed.every((r) => r.httpStatus === 200 && r.error?.includes('DeadlineExceeded'))).toBe(true);
    expect(new Set(failed.map((r) => r.fingerprint)).size).toBe(1);
    // Latency comes from the backend's capacity model on the virtual clock.
    const queried = of(events, 'tool_result').filter((r) => byQuery.get(r.id));
    expect(queried.every((r) => r.latencyMs > 0)).toBe(true);
    const toolMsg = model.requests[1].messages.find((m) => m.role === 'tool' && m.content.includes('"c4"'));
    expect(JSON.parse(toolMsg?.content ?? '{}')).toMatchObject({
      outcome: 'failed',
      error: { type: 'failed_envelope' },
    });
  });

  it('under none the same failure reaches the agent as an ok-looking raw body', async () => {
    const { events } = await session('none', 7);
    const r = of(events, 'tool_result').find((x) => x.id === 'c4');
    expect(r).toMatchObject({ outcome: 'failed', shown: 'ok', untyped: true });
  });

  it('gives the same trace for the same seed (startedAt aside)', async () => {
    const strip = (es: Awaited<ReturnType<typeof session>>['events']) =>
      es.map((e) => (e.type === 'header' ? { ...e, startedAt: '' } : e));
    const a = await session('all', 11);
    const b = await session('all', 11);
    expect(strip(b.events)).toEqual(strip(a.events));
    const c = await session('all', 12);
    expect(of(c.events, 'tool_result').map((r) => r.latencyMs)).not.toEqual(
      of(a.events, 'tool_result').map((r) => r.latencyMs),
    );
  });
  it('run discovery against the real backend: label names, label values, series', async () => {
    const clock = new VirtualClock();
    const { backend } = createBackendStack(golden, world, { faults: false, clock, seed: 1 });
    const model = new ScriptedModel([
      () => [
        call('list_label_names', { source: 'metrics' }),
        call('list_label_values', { source: 'metrics', label: '__name__' }),
        call('list_label_values', { source: 'logs', label: 'app' }),
        call('list_series', { source: 'metrics', match: 'http_requests_total{service="checkout"}' }),
        call('list_series', { source: 'logs', match: '{app="payments"}' }),
      ],
      () => [
        call('submit_theory', {
          theory: theory({ A: { status: 'undetermined' }, B: { status: 'undetermined' } }),
        }),
      ],
    ]);
    const gateSet = resolveGateSet('all');
    const trace = new TraceWriter({
      header: {
        type: 'header',
        format: 'rematch.trace/1',
        golden: golden.id,
        seat: 't',
        provider: 'sim',
        model: 'm',
        shape: 'react',
        gateSet: 'all',
        gates: gateSet.gates,
        rep: 1,
        seed: 1,
        clock: 'virtual',
        startedAt: '',
      },
    });
    await runSession({
      golden,
      backend,
      model,
      shape: 'react',
      gateSet,
      budget: { turns: 5, toolCalls: 10, tokens: 1e6, wallSeconds: 600 },
      clock,
      trace,
    });
    const env = model.requests[1].messages.filter((m) => m.role === 'tool').map((m) => JSON.parse(m.content));
    expect(env.map((e) => e.outcome)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expect(env[0].data).toContain('service');
    expect(env[1].data).toContain('http_requests_total');
    expect(env[2].data).toContain('payments');
    expect(env[3].n).toBeGreaterThan(0);
    const calls = of(trace.trace().events, 'tool_call').filter((c) => c.class !== 'control');
    expect(calls.map((c) => [c.class, c.source])).toEqual([
      ['discovery', 'metrics'],
      ['discovery', 'metrics'],
      ['discovery', 'logs'],
      ['discovery', 'metrics'],
      ['discovery', 'logs'],
    ]);
  });
});
