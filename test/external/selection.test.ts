/**
 * A command seat's trace, rebuilt from the calls its gated server answered (engine worker threads,
 * the answer cache, the gated surface under `all`, the time shift), carries the same selection
 * record a hosted trial does (docs/trace.md#selection): Prometheus and Loki queries over HTTP, and
 * the Grafana datasource route, whose refIds are calls of their own; a record the agent's own trace
 * claims for a call no server of ours answered is dropped. recordSelection fills a copy stripped
 * of the record with the same fields.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startAgentServer } from '../../src/backend/index.js';
import { recordSelection } from '../../src/backend/record-selection.js';
import { runCommandSeat } from '../../src/external/index.js';
import { loadGolden, loadSeat } from '../../src/formats/load.js';
import type { ToolCallEvent, ToolResultEvent, Trace } from '../../src/formats/run/trace.js';
import { gatedBackend } from '../../src/host/surface/index.js';
import { buildWorld } from '../../src/world/build.js';
import { writeTinyGolden } from '../e2e/tiny-golden.js';
import { tempDir } from '../formats/helpers.js';

/** An agent that asks a fixed list of queries, sequentially, then writes an empty-handed Theory. */
const AGENT = `
import { writeFileSync } from 'node:fs';
const env = process.env;
const now = Date.parse(env.REMATCH_NOW);
const sec = (ms) => String(ms / 1000);
const get = (base, path, params) => fetch(base + path + '?' + new URLSearchParams(params)).then((r) => r.text());
await get(env.REMATCH_PROMETHEUS_URL, '/api/v1/query', {
  query: 'sum(rate(http_requests_total{service="checkout",code="500"}[5m]))', time: sec(now) });
await get(env.REMATCH_PROMETHEUS_URL, '/api/v1/query', {
  query: 'sum(rate(http_requests_total{service="chekout"}[5m])) or vector(0)', time: sec(now) });
await get(env.REMATCH_LOKI_URL, '/loki/api/v1/query', {
  query: 'sum(count_over_time({app="payments"} |= "no such line" [1h])) or vector(0)', time: sec(now) });
await get(env.REMATCH_LOKI_URL, '/loki/api/v1/query_range', {
  query: '{app="payments"} |= "pool exhausted"', start: sec(now - 3600e3), end: sec(now), limit: '5' });
await fetch(env.REMATCH_GRAFANA_URL + '/api/ds/query', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ from: String(now - 600e3), to: String(now), queries: [
    { refId: 'A', datasource: { uid: 'rematch-prometheus' }, expr: 'http_requests_total', intervalMs: 60000 },
  ] }),
}).then((r) => r.text());
// Its own trace claims a call no server of ours answered, with a record only our engines can write.
const line = (e) => JSON.stringify(e);
writeFileSync(env.REMATCH_TRACE_FILE, [
  line({ type: 'header', format: 'rematch.trace/1', golden: 'tiny-checkout', seat: 'lister', provider: 'command',
    model: 'x', shape: 'react', gateSet: 'all', gates: [], rep: 1, seed: 1, clock: 'real', startedAt: '' }),
  line({ type: 'tool_call', t: 1, id: 'own1', tool: 'query_logs', args: {}, wave: 0, class: 'live', node: 'agent',
    source: 'logs', query: '{app="payments"} |= "timeout"' }),
  line({ type: 'tool_result', t: 2, id: 'own1', outcome: 'empty', n: 0, latencyMs: 1,
    selection: { selectors: 1, unmatched: [] }, values: [0] }),
].join('\\n') + '\\n');
const part = { status: 'undetermined', findings: '', measurements: [], gaps: [] };
writeFileSync(env.REMATCH_THEORY_FILE, JSON.stringify({
  summary: 'unknown', rootCause: { component: 'x', mechanism: 'y', explanation: '' }, parts: { A: part, B: part } }));
`;

async function commandTrace(): Promise<{ trace: Trace; golden: ReturnType<typeof loadGolden> }> {
  const dir = tempDir();
  writeFileSync(join(dir, 'agent.mjs'), AGENT);
  writeFileSync(
    join(dir, 'seat.yaml'),
    `name: lister\nprovider: command\ncommand: [node, ${JSON.stringify(join(dir, 'agent.mjs'))}]\ntimeoutSeconds: 60\n`,
  );
  const golden = loadGolden(writeTinyGolden({ latencyMs: 0 }));
  const gateSet = {
    name: 'all',
    gates: ['failureClass', 'ledger', 'fanout', 'toolClasses', 'budgetFindings'] as const,
    settings: { steerAt: 2, haltAt: 3, fanoutCap: 8 },
  };
  const spec = { ...gateSet, gates: [...gateSet.gates] };
  const r = await runCommandSeat(
    {
      golden,
      seat: loadSeat(join(dir, 'seat.yaml')),
      gateSet: spec,
      rep: 1,
      seed: 1,
      dir: join(dir, 'trial'),
      env: process.env,
    },
    (observe) =>
      startAgentServer(golden, buildWorld(golden), {
        seed: 1,
        observe,
        workers: 1,
        wrap: (b) => gatedBackend(b, { golden, gateSet: spec, single: true }),
      }),
  );
  return { trace: r.trace, golden };
}

function results(t: Trace): { call: ToolCallEvent; result: ToolResultEvent }[] {
  const calls = new Map(t.events.flatMap((e) => (e.type === 'tool_call' ? [[e.id, e] as const] : [])));
  return t.events.flatMap((e) => {
    const call = e.type === 'tool_result' ? calls.get(e.id) : undefined;
    return call && e.type === 'tool_result' ? [{ call, result: e }] : [];
  });
}

function stripped(t: Trace): Trace {
  const { selectionRecorded: _s, ...header } = t.header;
  const events = t.events.map((e) => {
    if (e.type === 'header') return header;
    if (e.type !== 'tool_result') return e;
    const { selection: _a, values: _b, valuesTruncated: _c, ...rest } = e;
    return rest;
  });
  return { header, events };
}

describe('a command seat’s trace', () => {
  it('carries selection and values on every query, the Grafana route’s included', async () => {
    const { trace, golden } = await commandTrace();
    expect(trace.events.at(-1)).toMatchObject({ type: 'end', stop: 'submitted' });
    expect(trace.header.selectionRecorded).toBe(true);
    const all = results(trace);
    // the agent's own call joins the trace without the record it claimed for it
    const own = all.find((x) => x.call.id === 'own1');
    expect(own?.result).toMatchObject({ outcome: 'empty' });
    expect(own?.result.selection).toBeUndefined();
    expect(own?.result.values).toBeUndefined();
    const byQuery = new Map(all.filter((x) => x.call.id !== 'own1').map((x) => [x.call.query, x]));
    expect(byQuery.size).toBe(5);
    const get = (q: string) => {
      const hit = byQuery.get(q);
      if (!hit) throw new Error(`no call of ${q}`);
      return hit.result;
    };
    const errors = get('sum(rate(http_requests_total{service="checkout",code="500"}[5m]))');
    expect(errors).toMatchObject({ outcome: 'ok', selection: { selectors: 1, unmatched: [] } });
    // the agent's wall-clock seconds, moved back by the shift, land within a microsecond of now
    expect(errors.values).toHaveLength(1);
    expect(errors.values?.[0]).toBeCloseTo(1, 6);
    expect(get('sum(rate(http_requests_total{service="chekout"}[5m])) or vector(0)')).toMatchObject({
      selection: { selectors: 1, unmatched: ['http_requests_total{service="chekout"}'] },
      values: [0],
    });
    expect(get('sum(count_over_time({app="payments"} |= "no such line" [1h])) or vector(0)')).toMatchObject({
      selection: { selectors: 1, unmatched: [] },
      values: [0],
    });
    const streams = get('{app="payments"} |= "pool exhausted"');
    expect(streams).toMatchObject({ outcome: 'ok', selection: { selectors: 1, unmatched: [] } });
    expect(streams.values).toBeUndefined();
    // the Grafana refId: a range over the two series, with their per-step sums' extremes
    const grafana = get('http_requests_total');
    expect(grafana).toMatchObject({ outcome: 'ok', n: 2, selection: { selectors: 1, unmatched: [] } });
    expect(grafana.values).toContain(60_000); // code 200 at now (600 a minute for 100 minutes)
    expect(grafana.values).toContain(54_000 + 1_620); // per-step sum at now - 10m: 54000 + (60 + 60*26)

    const filled = recordSelection(golden, stripped(trace));
    expect(filled.events).toEqual(trace.events);
  }, 120_000);
});
