/** The Grafana surface on the backend's HTTP server: datasources, proxy/resources, search, ds/query. */
import { afterAll, describe, expect, it } from 'vitest';
import { createBackendStack, startHttpServer } from '../../src/backend/index.js';
import { RealClock } from '../../src/clock.js';
import { makeGolden, makeWorld, NOW } from './fixtures.js';

const golden = makeGolden({
  capacity: { prometheus: { latency: 0 }, loki: { latency: 0 } },
  faults: [
    { id: 'logs-500', kind: 'http-error', status: 500, message: 'ingester down', match: { query: 'broken' } },
    { id: 'prom-envelope', kind: 'failed-envelope', match: { api: ['prom.query'], query: 'envelope' } },
    { id: 'swallow', kind: 'empty', match: { api: ['loki.query_range'], query: 'swallowed' } },
  ],
});
const { backend, queryLog } = createBackendStack(golden, makeWorld(), {
  faults: true,
  clock: new RealClock(),
  seed: 1,
});
const server = await startHttpServer(backend, { golden });
afterAll(() => server.close());

async function get(path: string, q: Record<string, string> = {}) {
  const u = new URL(path, server.url);
  for (const [k, v] of Object.entries(q)) u.searchParams.append(k, v);
  const r = await fetch(u);
  return { status: r.status, body: await r.text() };
}

async function dsQuery(body: unknown, opts: { headers?: Record<string, string>; query?: string } = {}) {
  const r = await fetch(new URL(`/api/ds/query${opts.query ?? ''}`, server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...opts.headers },
    body: JSON.stringify(body),
  });
  return { status: r.status, json: (await r.json()) as { results: Record<string, Record<string, unknown>> } };
}

const prom = { uid: 'rematch-prometheus', type: 'prometheus' };
const loki = { uid: 'rematch-loki', type: 'loki' };
const nowSec = String(NOW / 1000);

describe('Grafana surface', () => {
  it('lists two datasources with stable uids pointing at this server', async () => {
    const r = await get('/api/datasources');
    const list = JSON.parse(r.body) as { uid: string; type: string; url: string; id: number }[];
    expect(list.map((d) => [d.id, d.uid, d.type])).toEqual([
      [1, 'rematch-prometheus', 'prometheus'],
      [2, 'rematch-loki', 'loki'],
    ]);
    expect(list[0].url).toBe(server.url);
    expect(JSON.parse((await get('/api/datasources/uid/rematch-loki')).body).type).toBe('loki');
    expect(JSON.parse((await get('/api/datasources/name/Prometheus')).body).uid).toBe('rematch-prometheus');
    expect((await get('/api/datasources/uid/nope')).status).toBe(404);
    expect(JSON.parse((await get('/api/health')).body).database).toBe('ok');
  });

  it('proxies Prometheus and Loki through the uid, id and resources routes with the bare answers', async () => {
    const q = { query: 'sum(http_requests_total)', time: nowSec };
    const direct = await get('/api/v1/query', q);
    for (const path of [
      '/api/datasources/proxy/uid/rematch-prometheus/api/v1/query',
      '/api/datasources/proxy/1/api/v1/query',
      '/api/datasources/uid/rematch-prometheus/resources/api/v1/query',
    ]) {
      const r = await get(path, q);
      expect(r.status).toBe(200);
      expect(r.body).toBe(direct.body);
    }
    const labels = await get('/api/datasources/uid/rematch-loki/resources/loki/api/v1/label/app/values');
    expect(JSON.parse(labels.body).data).toEqual(['payments']);
    // a Loki path on the Prometheus datasource does not exist
    expect((await get('/api/datasources/proxy/uid/rematch-prometheus/loki/api/v1/labels')).status).toBe(404);
  });

  it('applies faults on the proxy routes and records them in the query log', async () => {
    const r = await get('/api/datasources/proxy/uid/rematch-loki/loki/api/v1/query_range', {
      query: '{app="payments"} |= "broken"',
    });
    expect(r.status).toBe(500);
    expect(r.body).toBe('ingester down\n');
    expect(queryLog.entries().at(-1)).toMatchObject({ fault: 'logs-500', origin: 'grafana' });
  });

  it('answers /api/ds/query with frames per refId and 200 when every refId succeeded', async () => {
    const r = await dsQuery({
      from: String(NOW - 600_000),
      to: String(NOW),
      queries: [
        { refId: 'A', datasource: prom, expr: 'sum(http_requests_total{code="500"})', instant: true },
        { refId: 'B', datasource: loki, expr: '{app="payments", level="error"}', maxLines: 3 },
        { refId: 'C', datasource: prom, expr: 'up', intervalMs: 60_000 },
      ],
    });
    expect(r.status).toBe(200);
    const a = r.json.results.A as { status: number; frames: { data: { values: number[][] } }[] };
    expect(a.status).toBe(200);
    expect(a.frames[0].data.values).toEqual([[NOW], [15 * 240]]);
    const b = r.json.results.B as {
      frames: { schema: { fields: { name: string }[] }; data: { values: unknown[][] } }[];
    };
    expect(b.frames[0].schema.fields.map((f) => f.name)).toEqual(['labels', 'Time', 'Line', 'tsNs', 'id']);
    expect(b.frames[0].data.values[2]).toHaveLength(3);
    const c = r.json.results.C as { frames: { data: { values: number[][] } }[] };
    expect(c.frames[0].data.values[0]).toHaveLength(11);
  });

  it('answers 400 with both refIds in the body when one fails, 207 with the multi-status toggle', async () => {
    const body = {
      from: 'now-10m',
      to: 'now',
      queries: [
        { refId: 'A', datasource: prom, expr: 'up', instant: true },
        { refId: 'B', datasource: loki, expr: 'sum(count_over_time({app="payments"} |= "broken" [5m]))' },
      ],
    };
    const r = await dsQuery(body);
    expect(r.status).toBe(400);
    expect(r.json.results.A).toMatchObject({ status: 200 });
    expect(r.json.results.B).toMatchObject({ status: 500, error: 'ingester down', frames: [] });
    expect((await dsQuery(body, { headers: { 'x-rematch-multistatus': 'true' } })).status).toBe(207);
    expect((await dsQuery(body, { query: '?multistatus=true' })).status).toBe(207);
  });

  it('turns a failed envelope into a per-refId error and a swallowing fault into empty frames', async () => {
    const r = await dsQuery({
      queries: [
        { refId: 'A', datasource: prom, expr: 'up{job="envelope"}', instant: true },
        { refId: 'B', datasource: loki, expr: '{app="payments"} |= "swallowed"' },
      ],
    });
    expect(r.status).toBe(400);
    expect(r.json.results.A.error).toMatch(/execution/);
    expect(r.json.results.B).toMatchObject({ status: 200 });
    expect((r.json.results.B.frames as { data: { values: unknown[][] } }[])[0].data.values[2]).toEqual([]);
  });

  it('serves synthetic dashboards whose panels hold the alert expression', async () => {
    const hits = JSON.parse((await get('/api/search', { query: '' })).body) as {
      uid: string;
      type: string;
    }[];
    expect(hits.length).toBeGreaterThan(0);
    const dash = JSON.parse((await get(`/api/dashboards/uid/${hits[0].uid}`)).body);
    expect(dash.dashboard.panels[0].targets[0].expr).toBe('up == 0');
  });
});
