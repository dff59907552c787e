/**
 * The limit faults over the HTTP surface, with the servers' own texts and statuses: the shipped
 * golden's Loki max query length (over 30m refused, 30m answered), max entries, too many samples,
 * the series limit with a limit, and the size matches (range, steps, series) any fault can use.
 */
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackendStack, startHttpServer } from '../../src/backend/index.js';
import { RealClock } from '../../src/clock.js';
import { loadGolden } from '../../src/formats/load.js';
import { buildWorld } from '../../src/world/build.js';
import { serveTest } from './server.js';

const golden = loadGolden(resolve(__dirname, '../../goldens/scrape-gap-false-positive'));
const stack = createBackendStack(golden, buildWorld(golden), {
  faults: true,
  clock: new RealClock(),
  seed: 1,
  capacity: false,
});
const server = await startHttpServer(stack.backend);
afterAll(() => server.close());
const NOW = golden.ms.now / 1000;

async function loki(path: string, q: Record<string, string>) {
  const r = await fetch(`${server.url}/loki/api/v1/${path}?${new URLSearchParams(q)}`);
  return { status: r.status, type: r.headers.get('content-type'), body: await r.text() };
}

describe("Loki's max query length (scrape-gap-false-positive: 30m)", () => {
  it("refuses an instant count over 31 minutes with Loki's text, and answers one over 30", async () => {
    const long = await loki('query', {
      query: 'sum(count_over_time({app="prometheus"} |= "Scrape failed" [31m]))',
      time: String(NOW),
    });
    expect(long).toEqual({
      status: 400,
      type: 'text/plain; charset=utf-8',
      body: 'the query time range exceeds the limit (query length: 31m0s, limit: 30m)\n',
    });
    const ok = await loki('query', {
      query: 'sum(count_over_time({app="prometheus"} |= "Scrape failed" [30m]))',
      time: String(NOW),
    });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body).data.resultType).toBe('vector');
  });

  it('measures a range query by its span, then by the span its windows read', async () => {
    const q = 'sum(count_over_time({app="prometheus"} [5m]))';
    const hour = await loki('query_range', {
      query: q,
      start: String(NOW - 3600),
      end: String(NOW),
      step: '60',
    });
    expect(hour.body).toBe('the query time range exceeds the limit (query length: 1h0m0s, limit: 30m)\n');
    const reach = await loki('query_range', {
      query: q,
      start: String(NOW - 1740),
      end: String(NOW),
      step: '60',
    });
    expect(reach.body).toBe('the query time range exceeds the limit (query length: 34m0s, limit: 30m)\n');
    const fits = await loki('query_range', {
      query: q,
      start: String(NOW - 1500),
      end: String(NOW),
      step: '60',
    });
    expect(fits.status).toBe(200);
  });

  it('leaves log line queries alone in this golden (its match is scoped to `_over_time(`)', async () => {
    const r = await loki('query_range', {
      query: '{app="prometheus"}',
      start: String(NOW - 3600),
      end: String(NOW),
      limit: '5',
    });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body).data.result.length).toBeGreaterThan(0);
  });
});

const { get } = await serveTest({
  faults: [
    { id: 'steps', kind: 'timeout', latency: 0, match: { api: ['prom.query_range'], stepsOver: 100 } },
    { id: 'entries', kind: 'max-entries', limit: 1000 },
    { id: 'samples', kind: 'too-many-samples', limit: 100 },
    {
      id: 'series',
      kind: 'series-limit',
      limit: 1,
      match: { api: ['loki.query_range'], query: '^count_over_time' },
    },
  ],
});

describe('the other limit kinds and size matches', () => {
  const T = '1773496800'; // 14:00, the fixture world's now

  it('refuses a log query asking for more lines than max_entries_limit_per_query, and not a metric one', async () => {
    const r = await get('/loki/api/v1/query_range', { query: '{app="payments"}', limit: '5000', end: T });
    expect(r).toMatchObject({
      status: 400,
      body: 'max entries limit per query exceeded, limit > max_entries_limit_per_query (5000 > 1000)\n',
    });
    expect(
      (await get('/loki/api/v1/query_range', { query: '{app="payments"}', limit: '1000', end: T })).status,
    ).toBe(200);
    const metric = await get('/loki/api/v1/query_range', {
      query: 'sum(count_over_time({app="payments"}[5m]))',
      limit: '5000',
      end: T,
      step: '300',
    });
    expect(metric.status).toBe(200);
  });

  it('refuses a PromQL query that reads more samples than --query.max-samples, with 422 execution', async () => {
    const r = await get('/api/v1/query', { query: 'sum(rate(http_requests_total[30m]))', time: T });
    expect(r.status).toBe(422);
    expect(JSON.parse(r.body)).toEqual({
      status: 'error',
      errorType: 'execution',
      error: 'query processing would load too many samples into memory in query execution',
    });
    expect((await get('/api/v1/query', { query: 'up', time: T })).status).toBe(200);
  });

  it('refuses an answer with more series than the series limit, naming it', async () => {
    const r = await get('/loki/api/v1/query_range', {
      query: 'count_over_time({app="payments"}[5m])',
      end: T,
      step: '300',
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatch(
      /^maximum number of series \(1\) reached for a single query; consider reducing query cardinality/,
    );
  });

  it('matches any fault on the step count: a range query of more than 100 steps times out', async () => {
    const over = await get('/api/v1/query_range', { query: 'up', start: '1773493200', end: T, step: '15' });
    expect(over.status).toBe(503);
    expect(JSON.parse(over.body).error).toBe('query timed out in expression evaluation');
    const under = await get('/api/v1/query_range', { query: 'up', start: '1773493200', end: T, step: '60' });
    expect(under.status).toBe(200);
  });
});

const long = await serveTest({
  faults: [{ id: 'long', kind: 'timeout', latency: 0, match: { rangeOver: '6h' } }],
});

describe('a range condition is about the APIs that read a range', () => {
  it('never fires on build info, metadata, alerts, rules or targets', async () => {
    for (const path of [
      '/api/v1/status/buildinfo',
      '/api/v1/metadata',
      '/api/v1/alerts',
      '/api/v1/rules',
      '/api/v1/targets',
    ])
      expect((await long.get(path, {})).status, path).toBe(200);
    const T = '1773496800';
    const wide = await long.get('/api/v1/query_range', {
      query: 'up',
      start: '1773460800',
      end: T,
      step: '600',
    });
    expect(wide.status).toBe(503);
    const narrow = await long.get('/api/v1/query_range', {
      query: 'up',
      start: '1773493200',
      end: T,
      step: '60',
    });
    expect(narrow.status).toBe(200);
  });
});
