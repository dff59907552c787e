/**
 * The servers' default limits at the HTTP surface of `bench serve` (the built CLI), with no fault
 * declared: Loki's max entries (5000), max query series (500), max query length (30d1h) and its
 * 11,000 points per series; Prometheus' 11,000 (exactly 11,000 intervals pass) and max samples;
 * then a golden's `limits:` raising and lowering each, and the 10 MiB form body limit.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOKI_TEXT, PROM_TEXT } from '../../src/formats/imitated.js';
import { benchServe } from '../e2e/bench-serve.js';

const dir = mkdtempSync(join(tmpdir(), 'rematch-defaults-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PODS = Array.from({ length: 510 }, (_, i) => `p${String(i).padStart(3, '0')}`);

/** A golden whose logs have 510 streams (one per pod) and 6,120 lines, and one scraped counter. */
function golden(id: string, limits = ''): string {
  const folder = join(dir, id);
  const lines = Array.from({ length: 12 }, (_, i) => `        - { at: ${5 + i * 5}m, line: "tick ${i}" }`);
  const yaml = `id: ${id}
title: default limits
description: a world sized to cross the servers' default limits
time: { start: 2026-03-14T13:00:00Z, end: 2026-03-14T15:00:00Z, now: 1h40m }
alert:
  name: Ticks
  labels: { severity: page, service: fleet }
  expr: 'sum(rate(ticks_total[5m])) > 1'
  activeAt: 1h04m
  summary: ticks
prompt: report tick_rate (ticks per second) and tick_lines (lines of pod p000)
parts:
  A:
    question: rate?
    measurements:
      - { id: tick_rate, unit: per_second, truth: 2, tolerance: { abs: 0.1 }, source: metrics, route: 'sum(rate(ticks_total[5m]))' }
  B:
    question: lines?
    measurements:
      - { id: tick_lines, unit: count, truth: 12, tolerance: { abs: 0 }, source: logs, route: 'sum(count_over_time({app="fleet",pod="p000"}[2h]))' }
rootCause: { component: fleet, mechanism: ticks, accept: [[tick]] }
world:
  seed: 1
  metrics:
    - load: 15s
      series: |
        ticks_total{service="fleet"} 0+30x479
  logs:
    - stream: { app: fleet, pod: [${PODS.join(', ')}] }
      lines:
${lines.join('\n')}
${limits}`;
  mkdirSync(folder);
  writeFileSync(join(folder, 'golden.yaml'), yaml);
  return folder;
}

const NOW = Date.parse('2026-03-14T14:40:00Z') / 1000;
const served = await benchServe([golden('defaults'), '--no-faults']);
const tuned = await benchServe([
  golden(
    'tuned',
    `limits:
  loki: { maxEntriesLimitPerQuery: 10000, maxQuerySeries: 600, maxQueryLength: 1h }
  prometheus: { maxSamples: 100 }`,
  ),
  '--no-faults',
]);

async function get(base: string, path: string, q: Record<string, string>) {
  const r = await fetch(`${base}${path}?${new URLSearchParams(q)}`);
  return { status: r.status, type: r.headers.get('content-type'), body: await r.text() };
}

const BY_POD = 'sum by (pod) (count_over_time({app="fleet"}[2h]))';

describe("Loki's default limits, no fault declared", () => {
  it('refuses a log query asking for more than 5000 entries, and serves 5000', async () => {
    const q = { query: '{app="fleet"}', start: String(NOW - 3600), end: String(NOW) };
    expect(await get(served.url, '/loki/api/v1/query_range', { ...q, limit: '5001' })).toEqual({
      status: 400,
      type: 'text/plain; charset=utf-8',
      body: 'max entries limit per query exceeded, limit > max_entries_limit_per_query (5001 > 5000)\n',
    });
    const ok = await get(served.url, '/loki/api/v1/query_range', { ...q, limit: '5000' });
    expect(ok.status).toBe(200);
    // A metric query is not held to the entries limit ("entry limit does not apply to metric queries").
    const metric = await get(served.url, '/loki/api/v1/query', {
      query: 'sum(count_over_time({app="fleet"}[2h]))',
      time: String(NOW),
      limit: '9000',
    });
    expect(metric.status).toBe(200);
  });

  it('refuses a metric answer of more than 500 series, and answers 500', async () => {
    const r = await get(served.url, '/loki/api/v1/query', { query: BY_POD, time: String(NOW) });
    expect(r).toEqual({
      status: 400,
      type: 'text/plain; charset=utf-8',
      body: 'maximum number of series (500) reached for a single query; consider reducing query cardinality by adding more specific stream selectors, reducing the time range, or aggregating results with functions like sum(), count() or topk()\n',
    });
    const five = await get(served.url, '/loki/api/v1/query', {
      query: 'sum by (pod) (count_over_time({app="fleet",pod!~"p50[0-9]"}[2h]))',
      time: String(NOW),
    });
    expect(five.status).toBe(200);
    expect(JSON.parse(five.body).data.result).toHaveLength(500);
  });

  it('refuses a range over 30d1h with the length as Go prints it', async () => {
    const r = await get(served.url, '/loki/api/v1/query_range', {
      query: 'sum(count_over_time({app="fleet"}[1m]))',
      start: String(NOW - 31 * 86400),
      end: String(NOW),
      step: '3600',
    });
    expect(r.status).toBe(400);
    expect(r.body).toBe('the query time range exceeds the limit (query length: 744h0m0s, limit: 30d1h)\n');
    const ok = await get(served.url, '/loki/api/v1/query_range', {
      query: 'sum(count_over_time({app="fleet"}[1m]))',
      start: String(NOW - 30 * 86400),
      end: String(NOW),
      step: '3600',
    });
    expect(ok.status).toBe(200);
  });

  it("refuses more than 11,000 points per series in Loki 3.7's words; exactly 11,000 intervals pass", async () => {
    const q = {
      query: 'sum(count_over_time({app="fleet"}[1m]))',
      start: String(NOW - 11_001),
      end: String(NOW),
    };
    const over = await get(served.url, '/loki/api/v1/query_range', { ...q, step: '1' });
    expect([over.status, over.body]).toEqual([400, `${LOKI_TEXT.tooManyPoints}\n`]);
    const edge = await get(served.url, '/loki/api/v1/query_range', {
      ...q,
      start: String(NOW - 11_000),
      step: '1',
    });
    expect(edge.status).toBe(200);
  });
});

describe("Prometheus' defaults", () => {
  it('refuses 11,001 intervals and answers 11,000', async () => {
    const q = { query: 'vector(1)', end: String(NOW), step: '1' };
    const over = await get(served.url, '/api/v1/query_range', { ...q, start: String(NOW - 11_001) });
    expect([over.status, JSON.parse(over.body).error]).toEqual([400, PROM_TEXT.tooManyPoints]);
    const edge = await get(served.url, '/api/v1/query_range', { ...q, start: String(NOW - 11_000) });
    expect(JSON.parse(edge.body).data.result[0].values).toHaveLength(11_001);
  });

  it('reads the default --query.max-samples: a 480-sample query is far below it', async () => {
    const r = await get(served.url, '/api/v1/query', {
      query: 'count_over_time(ticks_total[2h])',
      time: String(NOW),
    });
    expect(r.status).toBe(200);
  });
});

describe("a golden's limits: raise and lower each", () => {
  it('raises max entries and max query series', async () => {
    const logs = await get(tuned.url, '/loki/api/v1/query_range', {
      query: '{app="fleet"}',
      start: String(NOW - 3000),
      end: String(NOW),
      limit: '6000',
    });
    expect(logs.status).toBe(200);
    const over = await get(tuned.url, '/loki/api/v1/query_range', {
      query: '{app="fleet"}',
      start: String(NOW - 3000),
      end: String(NOW),
      limit: '10001',
    });
    expect(over.body).toBe(
      'max entries limit per query exceeded, limit > max_entries_limit_per_query (10001 > 10000)\n',
    );
    const r = await get(tuned.url, '/loki/api/v1/query', {
      query: 'sum by (pod) (count_over_time({app="fleet"}[50m]))',
      time: String(NOW),
    });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body).data.result).toHaveLength(510);
  });

  it('lowers max query length and max samples', async () => {
    const long = await get(tuned.url, '/loki/api/v1/query', { query: BY_POD, time: String(NOW) });
    expect(long.body).toBe('the query time range exceeds the limit (query length: 2h0m0s, limit: 1h)\n');
    const many = await get(tuned.url, '/api/v1/query', {
      query: 'count_over_time(ticks_total[2h])',
      time: String(NOW),
    });
    expect([many.status, JSON.parse(many.body)]).toEqual([
      422,
      { status: 'error', errorType: 'execution', error: PROM_TEXT.tooManySamples },
    ]);
    const few = await get(tuned.url, '/api/v1/query', {
      query: 'count_over_time(ticks_total[10m])',
      time: String(NOW),
    });
    expect(few.status).toBe(200);
  });
});

describe('a form body over 10 MiB (Go: maxFormSize)', () => {
  const big = `query=${encodeURIComponent('up')}&pad=${'a'.repeat(10 << 20)}`;
  const post = async (path: string) => {
    const r = await fetch(`${served.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: big,
    });
    return { status: r.status, body: await r.text() };
  };

  it('Loki refuses it before any handler, 400 http: POST too large', async () => {
    expect(await post('/loki/api/v1/query_range')).toEqual({ status: 400, body: 'http: POST too large\n' });
  });

  it('Prometheus /series says so; /query reads the URL alone, as a real one does', async () => {
    expect(await post('/api/v1/series')).toEqual({
      status: 400,
      body: JSON.stringify({
        status: 'error',
        errorType: 'bad_data',
        error: 'error parsing form values: http: POST too large',
      }),
    });
    const q = await post('/api/v1/query');
    expect([q.status, JSON.parse(q.body).error]).toEqual([
      400,
      'invalid parameter "query": 1:1: parse error: no expression found in input',
    ]);
  });

  it('a body under the limit is read whole (no cut at 1 MiB)', async () => {
    const pad = 'a'.repeat(3 << 20);
    const r = await fetch(`${served.url}/api/v1/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `pad=${pad}&query=${encodeURIComponent('count(ticks_total)')}&time=${NOW}`,
    });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { data: { result: unknown[] } }).data.result).toHaveLength(1);
  });
});

describe("Loki 3.7's parameter refusals (pkg/loghttp), plain text, 400", () => {
  const refused = async (path: string, q: Record<string, string>) => {
    const r = await get(served.url, `/loki/api/v1/${path}`, q);
    return [r.status, r.body];
  };
  const q = '{app="fleet"}';

  it('words each bad parameter as Loki does, unprefixed or wrapped by bounds()', async () => {
    expect(await refused('query_range', { query: q, limit: 'x' })).toEqual([
      400,
      'strconv.Atoi: parsing "x": invalid syntax\n',
    ]);
    expect(await refused('query_range', { query: q, limit: '0' })).toEqual([
      400,
      'limit must be a positive value\n',
    ]);
    expect(await refused('query_range', { query: q, end: 'soon' })).toEqual([
      400,
      `could not parse 'end' parameter: strconv.ParseInt: parsing "soon": invalid syntax\n`,
    ]);
    expect(await refused('query_range', { query: q, start: 'x' })).toEqual([
      400,
      `could not parse 'start' parameter: strconv.ParseInt: parsing "x": invalid syntax\n`,
    ]);
    expect(await refused('query_range', { query: q, since: 'x' })).toEqual([
      400,
      `could not parse 'since' parameter: not a valid duration string: "x"\n`,
    ]);
    expect(await refused('query_range', { query: `sum(count_over_time(${q}[1m]))`, step: 'x' })).toEqual([
      400,
      'cannot parse "x" to a valid duration\n',
    ]);
    expect(await refused('query', { query: `sum(count_over_time(${q}[1m]))`, time: 'x' })).toEqual([
      400,
      'strconv.ParseInt: parsing "x": invalid syntax\n',
    ]);
    expect(await refused('query_range', { query: q, direction: 'up' })).toEqual([
      400,
      "invalid direction 'up'\n",
    ]);
  });

  it('checks end before start ahead of the limit, as ParseRangeQuery does', async () => {
    expect(
      await refused('query_range', { query: q, start: String(NOW), end: String(NOW - 60), limit: 'x' }),
    ).toEqual([400, `${LOKI_TEXT.endBeforeStart}\n`]);
  });
});
