/**
 * The host writes each query's selection record and the values it showed into its `tool_result`
 * (docs/trace.md#selection), over the real backend stack (engines, faults, capacity): a measured
 * zero and a vacuous one, a `partial` fault that cut the answer (its values are what was served),
 * log streams (no values), a query the engine refused (nothing). recordSelection, on the same
 * trace stripped of the record, fills in exactly what the host wrote.
 */
import { describe, expect, it } from 'vitest';
import { createBackendStack } from '../../src/backend/index.js';
import { recordSelection } from '../../src/backend/record-selection.js';
import { VirtualClock } from '../../src/clock.js';
import { loadGolden } from '../../src/formats/load.js';
import type { ToolResultEvent, Trace } from '../../src/formats/run/trace.js';
import { resolveGateSet, runSession, TraceWriter } from '../../src/host/index.js';
import { traceHeader } from '../../src/protocol/trace-header.js';
import { buildWorld } from '../../src/world/build.js';
import { writeTinyGolden } from '../e2e/tiny-golden.js';
import { call, ScriptedModel, theory } from './helpers.js';

const FAULTS = `faults:
  - id: cut-ranges
    kind: partial
    keep: 0.5
    match: {api: [prom.query_range]}`;

const QUERIES = {
  errors: ['query_metrics', { query: 'sum(rate(http_requests_total{service="checkout",code="500"}[5m]))' }],
  vacuousZero: [
    'query_metrics',
    { query: 'sum(rate(http_requests_total{service="chekout"}[5m])) or vector(0)' },
  ],
  measuredZeroLogs: [
    'query_logs',
    { query: 'sum(count_over_time({app="payments"} |= "no such line" [1h])) or vector(0)' },
  ],
  vacuousZeroLogs: [
    'query_logs',
    { query: 'sum(count_over_time({app="paymnts"} |= "pool" [1h])) or vector(0)' },
  ],
  cutRange: [
    'query_metrics',
    { query: 'http_requests_total', mode: 'range', start: 'now-10m', end: 'now', step: '60s' },
  ],
  streams: ['query_logs', { query: '{app="payments"} |= "pool exhausted"', limit: 5 }],
  refused: ['query_metrics', { query: 'sum(rate(http_requests_total[5m])) >' }],
} as const;

async function hostedTrace(): Promise<Trace> {
  const golden = loadGolden(writeTinyGolden({ faults: FAULTS, latencyMs: 5 }));
  const clock = new VirtualClock();
  const stack = createBackendStack(golden, buildWorld(golden), { faults: true, clock, seed: 1 });
  const gateSet = resolveGateSet('none');
  const trace = new TraceWriter({
    header: traceHeader({
      golden: golden.id,
      seat: { name: 'scripted', provider: 'sim', shape: 'react' },
      model: 'scripted',
      gateSet,
      rep: 1,
      seed: 1,
      clock: 'virtual',
      selectionRecorded: true,
    }),
  });
  const model = new ScriptedModel([
    () => Object.values(QUERIES).map(([tool, args]) => call(tool, args)),
    () => [call('submit_theory', { theory: theory() })],
  ]);
  try {
    await runSession({
      golden,
      backend: stack.backend,
      model,
      shape: 'react',
      gateSet,
      budget: { turns: 10, toolCalls: 20, tokens: 1_000_000, wallSeconds: 600 },
      clock,
      trace,
    });
  } finally {
    await stack.close();
  }
  return trace.trace();
}

/** The tool_result of the call made for each named query (calls are issued in QUERIES' order). */
function resultsByName(t: Trace): Record<keyof typeof QUERIES, ToolResultEvent> {
  const ids = t.events.flatMap((e) => (e.type === 'tool_call' ? [e.id] : []));
  const byId = new Map(t.events.flatMap((e) => (e.type === 'tool_result' ? [[e.id, e] as const] : [])));
  const names = Object.keys(QUERIES) as (keyof typeof QUERIES)[];
  return Object.fromEntries(names.map((n, i) => [n, byId.get(ids[i])])) as never;
}

function strip(t: Trace): Trace {
  const { selectionRecorded: _s, ...header } = t.header;
  const events = t.events.map((e) => {
    if (e.type === 'header') return header;
    if (e.type !== 'tool_result') return e;
    const { selection: _a, values: _b, valuesTruncated: _c, ...rest } = e;
    return rest;
  });
  return { header, events };
}

describe('the host records selection and values', () => {
  it('writes them on each query result as the engines and the served answer say', async () => {
    const t = await hostedTrace();
    const r = resultsByName(t);
    expect(r.errors).toMatchObject({
      outcome: 'ok',
      selection: { selectors: 1, unmatched: [] },
      values: [1],
    });
    expect(r.vacuousZero).toMatchObject({
      outcome: 'ok',
      selection: { selectors: 1, unmatched: ['http_requests_total{service="chekout"}'] },
      values: [0],
    });
    expect(r.measuredZeroLogs).toMatchObject({
      outcome: 'ok',
      selection: { selectors: 1, unmatched: [] },
      values: [0],
    });
    expect(r.vacuousZeroLogs).toMatchObject({
      selection: { selectors: 1, unmatched: ['{app="paymnts"}'] },
      values: [0],
    });
    expect(r.streams).toMatchObject({ outcome: 'ok', selection: { selectors: 1, unmatched: [] } });
    expect(r.streams.values).toBeUndefined();
    expect(r.refused.outcome).toBe('rejected');
    expect(r.refused.selection).toBeUndefined();
    expect(r.refused.values).toBeUndefined();
  });

  it('records what a partial fault left of the answer, not what the engine computed', async () => {
    const cut = resultsByName(await hostedTrace()).cutRange;
    expect(cut).toMatchObject({ outcome: 'ok', fault: 'cut-ranges', n: 1 });
    // Two series of 11 points at 90m..100m (code 200: 600/min from 0; code 500: 60/min from 64m),
    // cut to the first series (code 200) and its first 6 points: 54000 .. 57000.
    expect(cut.values).toEqual([54_000, 54_600, 55_200, 55_800, 56_400, 57_000]);
  });

  it('recordSelection fills a trace written without the record with the same fields', async () => {
    const t = await hostedTrace();
    const golden = loadGolden(writeTinyGolden({ faults: FAULTS, latencyMs: 5 }));
    const filled = recordSelection(golden, strip(t));
    expect(filled.header.selectionRecorded).toBe(true);
    expect(filled.events).toEqual(t.events.map((e) => (e.type === 'header' ? filled.header : e)));
    // Pure of its inputs: the stripped trace is unchanged.
    const stripped = strip(t);
    recordSelection(golden, stripped);
    expect(stripped).toEqual(strip(t));
  });
});
