/**
 * The golden's alert evaluated as a Prometheus alerting rule: pending → firing after `for`, the
 * ALERTS / ALERTS_FOR_STATE series agreeing with /api/v1/alerts at every evaluation time, the
 * /api/v1/rules filters, /api/v1/targets from `up`, and the rule against every shipped golden.
 */
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ApiResponse, createEngineBackend } from '../../src/backend/index.js';
import type { Golden } from '../../src/formats/golden/normalized.js';
import { loadGolden } from '../../src/formats/load.js';
import { buildWorld } from '../../src/world/build.js';
import { LogStore } from '../../src/world/log-store.js';
import { SeriesStore } from '../../src/world/series-store.js';
import type { World } from '../../src/world/types.js';
import { makeGolden, START } from './fixtures.js';

const MIN = 60_000;
const at = (m: number) => START + m * MIN;

/** `up{job="api"}` every 15 s: 1, then 0 for [30m, 40m), then 1 again. */
function outageWorld(): World {
  const metrics = new SeriesStore();
  for (let t = START; t <= at(120); t += 15_000) {
    metrics.append(
      { __name__: 'up', job: 'api', instance: 'api-0:8080' },
      t,
      t >= at(30) && t < at(40) ? 0 : 1,
    );
  }
  const logs = new LogStore();
  metrics.all();
  logs.all();
  return { start: START, end: at(120), metrics, logs };
}

const world = outageWorld();
const base = makeGolden({
  alert: {
    name: 'ApiDown',
    labels: { severity: 'page' },
    expr: 'up{job="api"} == 0',
    activeAt: '30m',
    for: '2m',
    summary: 'api is down',
    annotations: { summary: '{{ $labels.instance }} is down', value: '{{ $value }}' },
  },
});

/** The same golden with its "now" moved: what the endpoints answer at that time. */
function at_(now: number): Golden {
  return { ...base, ms: { ...base.ms, now } };
}

// biome-ignore lint/suspicious/noExplicitAny: the Prometheus API bodies under test are read field by field; each field's shape is what the expectations check
type Json = Record<string, any>;
async function call(g: Golden, api: string, params: Record<string, string | string[]> = {}) {
  const res: ApiResponse = await createEngineBackend(g, world).handle({ api: api as never, params });
  return { status: res.status, json: res.json as Json };
}

describe('the golden alert as a Prometheus alerting rule', () => {
  it('is pending for `for`, then firing, then resolved; activeAt and annotations as Prometheus fills them', async () => {
    const states: Record<number, string[]> = {};
    for (const m of [29, 30, 31, 32, 39, 40, 45]) {
      const { json } = await call(at_(at(m)), 'prom.alerts');
      states[m] = json.data.alerts.map((a: Json) => a.state);
    }
    expect(states).toEqual({
      29: [],
      30: ['pending'],
      31: ['pending'],
      32: ['firing'],
      39: ['firing'],
      40: [],
      45: [],
    });
    const { json } = await call(at_(at(35)), 'prom.alerts');
    expect(json).toEqual({
      status: 'success',
      data: {
        alerts: [
          {
            labels: { alertname: 'ApiDown', instance: 'api-0:8080', job: 'api', severity: 'page' },
            annotations: { summary: 'api-0:8080 is down', value: '0' },
            state: 'firing',
            activeAt: '2026-03-14T13:30:00Z',
            value: '0e+00',
          },
        ],
      },
    });
  });

  it('writes ALERTS and ALERTS_FOR_STATE so that they agree with /api/v1/alerts at every evaluation', async () => {
    for (let m = 25; m <= 50; m++) {
      const g = at_(at(m));
      const alerts = (await call(g, 'prom.alerts')).json.data.alerts as Json[];
      const series = (await call(g, 'prom.query', { query: 'ALERTS', time: String(at(m) / 1000) })).json.data
        .result as Json[];
      const got = series.map((s) => `${s.metric.alertstate}:${s.metric.instance}`);
      expect(got, `at ${m}m`).toEqual(alerts.map((a) => `${a.state}:${a.labels.instance}`));
      const forState = (
        await call(g, 'prom.query', { query: 'ALERTS_FOR_STATE', time: String(at(m) / 1000) })
      ).json.data.result as Json[];
      expect(forState.map((s) => s.value[1])).toEqual(alerts.map(() => String(at(30) / 1000)));
    }
    // The pending series goes stale the moment the alert fires: no 5-minute lookback tail.
    const firing = await call(at_(at(33)), 'prom.query', {
      query: 'ALERTS{alertstate="pending"}',
      time: String(at(33) / 1000),
    });
    expect(firing.json.data.result).toEqual([]);
  });

  it('lists the rule in /api/v1/rules, filtered by type, name and group, and refuses an unknown type', async () => {
    const g = at_(at(31));
    const all = (await call(g, 'prom.rules')).json.data.groups as Json[];
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ name: 'test-golden', interval: 60, limit: 0 });
    expect(all[0].rules[0]).toMatchObject({
      state: 'pending',
      name: 'ApiDown',
      query: 'up{job="api"} == 0',
      duration: 120,
      keepFiringFor: 0,
      labels: { severity: 'page' },
      health: 'ok',
      type: 'alerting',
      lastEvaluation: '2026-03-14T13:31:00Z',
    });
    expect(all[0].rules[0].alerts).toHaveLength(1);
    expect((await call(g, 'prom.rules', { type: 'record' })).json.data.groups).toEqual([]);
    expect((await call(g, 'prom.rules', { type: 'alert' })).json.data.groups).toHaveLength(1);
    expect((await call(g, 'prom.rules', { 'rule_name[]': 'Other' })).json.data.groups).toEqual([]);
    expect(
      (await call(g, 'prom.rules', { exclude_alerts: 'true' })).json.data.groups[0].rules[0].alerts,
    ).toEqual([]);
    const bad = await call(g, 'prom.rules', { type: 'bogus' });
    expect(bad).toEqual({
      status: 400,
      json: {
        status: 'error',
        errorType: 'bad_data',
        error: 'invalid parameter "type": not supported value "bogus"',
      },
    });
  });

  it('answers /api/v1/targets from the up series: down during the outage, up after', async () => {
    const during = (await call(at_(at(35)), 'prom.targets')).json.data;
    expect(during.droppedTargets).toEqual([]);
    expect(during.activeTargets).toHaveLength(1);
    expect(during.activeTargets[0]).toMatchObject({
      labels: { instance: 'api-0:8080', job: 'api' },
      scrapePool: 'api',
      scrapeUrl: 'http://api-0:8080/metrics',
      health: 'down',
      lastScrape: '2026-03-14T13:35:00Z',
      scrapeInterval: '15s',
      scrapeTimeout: '10s',
    });
    const after = (await call(at_(at(45)), 'prom.targets')).json.data;
    expect(after.activeTargets[0].health).toBe('up');
  });
});

describe('the alerting rule over every shipped golden', () => {
  const ROOT = resolve(__dirname, '../../goldens');
  for (const id of readdirSync(ROOT).sort()) {
    it(`${id}: the rule's alert becomes active at the golden's alert.activeAt`, async () => {
      const g = loadGolden(resolve(ROOT, id));
      const w = buildWorld(g);
      const atActive = { ...g, ms: { ...g.ms, now: g.ms.activeAt } };
      const res = await createEngineBackend(atActive, w).handle({ api: 'prom.alerts', params: {} });
      const alerts = (res.json as Json).data.alerts as Json[];
      expect(alerts.length).toBeGreaterThan(0);
      for (const a of alerts) {
        expect(a.activeAt).toBe(new Date(g.ms.activeAt).toISOString().replace('.000Z', 'Z'));
        expect(a.labels).toMatchObject({ alertname: g.alert.name, ...g.alert.labels });
      }
    });
  }
});

describe('one world, two goldens (a golden and its twin share their world and its answer cache)', () => {
  it('rules, alerts and the status pages name the golden that asked, whichever asked first', async () => {
    const shared = outageWorld();
    const twin: Golden = { ...base, id: `${base.id}~logs-failed` };
    for (const order of [
      [base, twin],
      [twin, base],
    ]) {
      const w = outageWorld();
      for (const g of order) {
        const rules = (await createEngineBackend(g, w).handle({ api: 'prom.rules', params: {} }))
          .json as Json;
        expect(rules.data.groups[0].name).toBe(g.id);
        const flags = (await createEngineBackend(g, w).handle({ api: 'prom.status_config', params: {} }))
          .json as Json;
        expect(flags.data.yaml).toContain(`${g.id}/golden.yaml`);
      }
    }
    // a query's answer is the world's alone: asked by either golden, one cached answer
    const q = { api: 'prom.query' as const, params: { query: 'up', time: String(at(35) / 1000) } };
    const a = await createEngineBackend(base, shared).handle(q);
    const b = await createEngineBackend(twin, shared).handle(q);
    expect(b.json).toBe(a.json);
  });
});
