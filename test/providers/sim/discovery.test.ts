/**
 * Where Part B starts: from the alert's labels when the route's stream selector uses label names the
 * alert and the prompt never mention. `diligent` discovers the label the logs use and lands on the
 * route's selector; `tweaker` keeps the label names and changes values and ranges; and no sim names
 * a query it never ran as a failed gap.
 */
import { describe, expect, it } from 'vitest';
import type { Golden } from '../../../src/formats/golden/normalized.js';
import { loadGolden } from '../../../src/formats/load.js';
import type { Model, ToolCall } from '../../../src/protocol/model.js';
import { createModel, isSkip } from '../../../src/providers/registry.js';
import { alertFirstQuery, routesOf } from '../../../src/providers/sim/routes.js';
import { drive, empty, simSeat, TOOL, tinyGolden, vector } from './fixture.js';

const q = (c: ToolCall) => String((c.args as { query?: string }).query ?? '');
const selector = (s: string) => /\{[^{}]*\}/.exec(s)?.[0];

function sim(policy: Parameters<typeof simSeat>[0], golden: Golden = tinyGolden(), seed = 7): Model {
  const m = createModel(simSeat(policy), golden, seed);
  if (isSkip(m)) throw new Error(m.skip);
  return m;
}

/** Logs labelled by `app`: a selector on `service` matches nothing; discovery tells where to look. */
const appLogs = (c: ToolCall) => {
  if (c.name === TOOL.labelNames)
    return { outcome: 'ok' as const, n: 3, data: ['app', 'namespace', 'level'] };
  if (c.name === TOOL.labelValues) {
    const label = (c.args as { label: string }).label;
    const data = label === 'app' ? ['payments', 'gateway', 'checkout'] : ['shop'];
    return { outcome: 'ok' as const, n: data.length, data };
  }
  if (c.name === TOOL.queryLogs) {
    if (!q(c).includes('app=')) return empty;
    return vector(q(c).includes('payments') ? 17 : 5);
  }
  return vector(0.2);
};

describe('where Part B starts', () => {
  it('from the alert labels only when the route uses label names the alert and prompt do not give', () => {
    const mismatch = loadGolden('goldens/latency-label-mismatch');
    const firsts = routesOf(mismatch, 'B').map((r) => alertFirstQuery(mismatch, r));
    expect(firsts.map((x) => selector(x ?? ''))).toEqual([
      '{service="search"}',
      '{service="search"}',
      '{service="search"}',
    ]);
    // Filters and pipelines are the route's.
    expect(firsts[1]).toBe('sum(count_over_time({service="search"} | logfmt | cache="miss" [1h]))');
    // Part A (metrics) and a prompt that says the streams are labelled by `app`: the route as is.
    expect(routesOf(mismatch, 'A').map((r) => alertFirstQuery(mismatch, r))).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    const told = loadGolden('goldens/checkout-db-pool');
    expect(routesOf(told, 'B').map((r) => alertFirstQuery(told, r))).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    // An alert with `job` only: the workload label is `job`; unrelated values are kept.
    const scrape = loadGolden('goldens/scrape-gap-false-positive');
    expect(routesOf(scrape, 'B').map((r) => selector(alertFirstQuery(scrape, r) ?? ''))).toEqual([
      '{job="inventory"}',
      '{job="inventory"}',
      '{job="prometheus"}',
    ]);
  });

  it('diligent: empty on the alert selector → label discovery → the route selector', async () => {
    const run = await drive(sim('diligent'), { answer: appLogs });
    const calls = run.turns.flat();
    const logs = calls.filter((c) => c.name === TOOL.queryLogs).map(q);
    expect(selector(logs[0])).toBe('{service="payments"}');
    const names = calls.findIndex((c) => c.name === TOOL.labelNames);
    const values = calls
      .filter((c) => c.name === TOOL.labelValues)
      .map((c) => (c.args as { label: string }).label);
    expect(names).toBeGreaterThan(0);
    expect(values).toContain('app');
    const routes = routesOf(tinyGolden(), 'B').map((r) => r.query);
    for (const r of routes) expect(logs).toContain(r);
    const B = run.theory!.parts.B;
    expect(B.status).toBe('resolved');
    expect(B.measurements.map((m) => [m.id, m.value])).toEqual([
      ['pool_timeouts', 17],
      ['retries', 5],
    ]);
  });

  it('tweaker: changes values and ranges on the empty selector, never label names, never discovers', async () => {
    const run = await drive(sim('tweaker'), { answer: appLogs });
    const calls = run.turns.flat();
    expect(calls.some((c) => c.name === TOOL.labelNames || c.name === TOOL.labelValues)).toBe(false);
    const logs = calls.filter((c) => c.name === TOOL.queryLogs).map(q);
    expect(logs.length).toBeGreaterThan(10);
    for (const x of logs) expect(selector(x)).toMatch(/^\{service="[^"]+"\}$/);
    // Values and ranges changed: many distinct texts, one label name.
    expect(new Set(logs).size).toBeGreaterThan(5);
    const B = run.theory!.parts.B;
    expect(B.status).toBe('resolved');
    expect(B.findings).toMatch(/no errors found/);
    expect(B.measurements.every((m) => m.value === 0)).toBe(true);
  });
});

describe('gaps name only calls that ran and failed', () => {
  it('a forced Theory before Part A ran names no Part A query as failed', async () => {
    // fanout spends its first turns on discovery; the host forces the Theory before any query ran.
    const run = await drive(sim('fanout'), { answer: appLogs, forceFrom: 2 });
    const ran = new Set(run.turns.flat().map((c) => c.id));
    for (const part of ['A', 'B'] as const) {
      for (const g of run.theory!.parts[part].gaps) {
        expect(g.failedQuery).toBeUndefined();
        if (g.callId) expect(ran.has(g.callId)).toBe(true);
      }
    }
  });

  it('a call the host blocked is not named as the failed query', async () => {
    const golden = tinyGolden();
    const blocked = (c: ToolCall) =>
      c.name === TOOL.queryLogs && q(c).includes('gateway')
        ? {
            outcome: 'rejected' as const,
            n: 0,
            error: { type: 'blocked', message: '[host:blocked] route exhausted' },
          }
        : c.name === TOOL.queryLogs
          ? vector(3)
          : vector(0.2);
    // The prompt names `app`: the sim runs the routes as they are.
    const told: Golden = { ...golden, prompt: `${golden.prompt} Log streams are labelled by \`app\`.` };
    const run = await drive(sim('diligent', told), { answer: blocked });
    const gap = run.theory!.parts.B.gaps.find((g) => g.measurement === 'retries');
    expect(gap).toBeDefined();
    expect(gap?.failedQuery).toBeUndefined();
    expect(gap?.callId).toBeUndefined();
    expect(gap?.reason).toMatch(/refused/);
  });
});
