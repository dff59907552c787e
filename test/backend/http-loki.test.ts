import { describe, expect, it } from 'vitest';
import { serveTest } from './server.js';

const { get, post } = await serveTest();
const T1400_NS = String(BigInt(Date.parse('2026-03-14T14:00:00Z')) * 1_000_000n);
const T1410_NS = String(BigInt(Date.parse('2026-03-14T14:10:00Z')) * 1_000_000n);

interface Streams {
  status: string;
  data: {
    resultType: string;
    result: { stream: Record<string, string>; values: [string, string][] }[];
    stats: unknown;
  };
}

describe('Loki API over HTTP', () => {
  it('answers query_range with streams whose values are [ns string, line], newest first by default', async () => {
    const r = await get('/loki/api/v1/query_range', {
      query: '{app="payments", level="error"}',
      start: T1400_NS,
      end: T1410_NS,
    });
    expect(r.status).toBe(200);
    expect(r.type).toMatch(/^application\/json/);
    const body = JSON.parse(r.body) as Streams;
    expect(body.status).toBe('success');
    expect(body.data.resultType).toBe('streams');
    expect(body.data.result).toHaveLength(1);
    const { stream, values } = body.data.result[0];
    expect(stream).toEqual({ app: 'payments', level: 'error' });
    expect(values).toHaveLength(10);
    expect(values[0]).toEqual([
      String(BigInt(Date.parse('2026-03-14T14:09:00.500Z')) * 1_000_000n),
      'level=error msg="pool exhausted" n=69',
    ]);
    expect(values.every(([ns]) => /^\d{19}$/.test(ns))).toBe(true);
    expect(body.data.stats).toHaveProperty('summary');
  });

  it('reads unix seconds, RFC3339, limit and direction', async () => {
    const r = JSON.parse(
      (
        await get('/loki/api/v1/query_range', {
          query: '{app="payments"} |= "pool"',
          start: String(Date.parse('2026-03-14T14:00:00Z') / 1000),
          end: '2026-03-14T14:10:00Z',
          limit: '3',
          direction: 'forward',
        })
      ).body,
    ) as Streams;
    const values = r.data.result.flatMap((s) => s.values.map((v) => v[1]));
    expect(values).toEqual(['n=60', 'n=61', 'n=62'].map((n) => `level=error msg="pool exhausted" ${n}`));
  });

  it('answers metric queries on /query with a vector and on /query_range with a matrix', async () => {
    const q = 'sum by (level) (count_over_time({app="payments"}[10m]))';
    const v = JSON.parse((await get('/loki/api/v1/query', { query: q, time: T1400_NS })).body);
    expect(v.data.resultType).toBe('vector');
    expect(v.data.result).toContainEqual({
      metric: { level: 'error' },
      value: [Date.parse('2026-03-14T14:00:00Z') / 1000, '10'],
    });
    const m = JSON.parse(
      (await post('/loki/api/v1/query_range', { query: q, start: T1400_NS, end: T1410_NS, step: '5m' })).body,
    );
    expect(m.data.resultType).toBe('matrix');
    expect(m.data.result[0].values).toHaveLength(3);
  });

  it('refuses a log query on /query with a plain-text 400', async () => {
    const r = await get('/loki/api/v1/query', { query: '{app="payments"}' });
    expect(r.status).toBe(400);
    expect(r.type).toBe('text/plain; charset=utf-8');
    expect(r.body.trim()).toBe(
      'log queries are not supported as an instant query type, please change your query to a range query type',
    );
  });

  it('answers bad LogQL with a plain-text 400', async () => {
    const r = await get('/loki/api/v1/query_range', { query: '{app="payments"} |= ' });
    expect(r.status).toBe(400);
    expect(r.type).toBe('text/plain; charset=utf-8');
    expect(r.body).toMatch(/parse error/);
    expect(() => JSON.parse(r.body)).toThrow();
  });

  it('serves labels, label values, series and index stats', async () => {
    expect(JSON.parse((await get('/loki/api/v1/labels')).body)).toEqual({
      status: 'success',
      data: ['app', 'level'],
    });
    expect(JSON.parse((await get('/loki/api/v1/label/level/values')).body).data).toEqual(['error', 'info']);
    const levels = await get('/loki/api/v1/label/level/values', { query: '{level=~"err.*"}' });
    expect(JSON.parse(levels.body).data).toEqual(['error']);
    const series = JSON.parse((await get('/loki/api/v1/series', { 'match[]': '{app="payments"}' })).body);
    expect(series.data).toEqual([
      { app: 'payments', level: 'error' },
      { app: 'payments', level: 'info' },
    ]);
    const stats = JSON.parse(
      (await get('/loki/api/v1/index/stats', { query: '{level="error"}', start: T1400_NS, end: T1410_NS }))
        .body,
    );
    expect(stats).toMatchObject({ streams: 1, entries: 10, chunks: 1 });
    expect(stats.bytes).toBeGreaterThan(300);
  });
});
