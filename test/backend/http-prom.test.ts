import { describe, expect, it } from 'vitest';
import { PROMETHEUS_VERSION } from '../../src/formats/imitated.js';
import { sec, serveTest } from './server.js';

const { get, post, queryLog } = await serveTest();
const AT = sec('2026-03-14T14:00:00Z');

describe('Prometheus API over HTTP', () => {
  it('answers /api/v1/query with a vector of string values, time defaulting to the golden now', async () => {
    const r = await get('/api/v1/query', { query: 'sum by (code) (http_requests_total)' });
    expect(r.status).toBe(200);
    expect(r.type).toBe('application/json');
    const body = JSON.parse(r.body);
    expect(body.status).toBe('success');
    expect(body.data.resultType).toBe('vector');
    const byCode = Object.fromEntries(
      body.data.result.map((s: { metric: { code: string }; value: [number, string] }) => [
        s.metric.code,
        s.value,
      ]),
    );
    expect(byCode).toEqual({ '200': [Number(AT), '36000'], '500': [Number(AT), '3600'] });
    expect(body).not.toHaveProperty('warnings');
  });

  it('takes RFC3339 times and formats scalars, NaN and infinities as strings', async () => {
    const r = JSON.parse((await get('/api/v1/query', { query: '1/0', time: '2026-03-14T14:00:00Z' })).body);
    expect(r.data).toEqual({ resultType: 'scalar', result: [Number(AT), '+Inf'] });
    const nan = JSON.parse((await get('/api/v1/query', { query: '0/0', time: AT })).body);
    expect(nan.data.result[1]).toBe('NaN');
  });

  it('answers /api/v1/query_range with a matrix, and [] for no data', async () => {
    const r = JSON.parse(
      (
        await get('/api/v1/query_range', {
          query: 'up',
          start: AT,
          end: String(Number(AT) + 120),
          step: '1m',
        })
      ).body,
    );
    expect(r.data.resultType).toBe('matrix');
    expect(r.data.result).toEqual([
      { metric: { __name__: 'up', job: 'checkout' }, values: [0, 60, 120].map((d) => [Number(AT) + d, '1']) },
    ]);
    const none = JSON.parse(
      (await get('/api/v1/query_range', { query: 'nope', start: AT, end: AT, step: '15' })).body,
    );
    expect(none).toEqual({ status: 'success', data: { resultType: 'matrix', result: [] } });
  });

  it('rejects a malformed query with 400 bad_data and the Prometheus message', async () => {
    const r = await get('/api/v1/query', { query: 'sum(rate(x[5m])' });
    expect(r.status).toBe(400);
    const body = JSON.parse(r.body);
    expect(body.status).toBe('error');
    expect(body.errorType).toBe('bad_data');
    expect(body.error).toMatch(/^invalid parameter "query": 1:\d+: parse error: /);
  });

  it('rejects bad parameters as Prometheus does', async () => {
    const bad = async (q: Record<string, string>) => {
      const r = await get('/api/v1/query_range', { query: 'up', ...q });
      return [r.status, JSON.parse(r.body).error];
    };
    expect(await bad({ start: 'x', end: AT, step: '15' })).toEqual([
      400,
      'invalid parameter "start": cannot parse "x" to a valid timestamp',
    ]);
    expect(await bad({ start: AT, end: String(Number(AT) - 1), step: '15' })).toEqual([
      400,
      'invalid parameter "end": end timestamp must not be before start time',
    ]);
    expect(await bad({ start: AT, end: AT, step: '0' })).toEqual([
      400,
      'invalid parameter "step": zero or negative query resolution step widths are not accepted. Try a positive integer',
    ]);
    // Prometheus refuses (end − start) / step over 11,000: exactly 11,000 intervals pass.
    const edge = await get('/api/v1/query_range', {
      query: 'vector(1)',
      start: AT,
      end: String(Number(AT) + 11_000),
      step: '1',
    });
    expect(edge.status).toBe(200);
    expect(JSON.parse(edge.body).data.result[0].values).toHaveLength(11_001);
    expect(await bad({ start: AT, end: String(Number(AT) + 11_001), step: '1' })).toEqual([
      400,
      'exceeded maximum resolution of 11,000 points per timeseries. Try decreasing the query resolution (?step=XX)',
    ]);
    expect(await bad({ start: AT, end: AT, step: 'soon' })).toEqual([
      400,
      'invalid parameter "step": cannot parse "soon" to a valid duration',
    ]);
  });

  it('takes form POSTs', async () => {
    const r = await post('/api/v1/query', { query: 'up', time: AT });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body).data.result).toHaveLength(1);
  });

  it('serves labels, label values and series with repeated match[]', async () => {
    const labels = JSON.parse((await get('/api/v1/labels')).body);
    expect(labels).toEqual({ status: 'success', data: ['__name__', 'code', 'job', 'service'] });
    const names = JSON.parse((await get('/api/v1/label/__name__/values')).body);
    expect(names.data).toEqual(['http_requests_total', 'up']);
    const codes = JSON.parse(
      (await get('/api/v1/label/code/values', { 'match[]': 'http_requests_total' })).body,
    );
    expect(codes.data).toEqual(['200', '500']);
    const series = JSON.parse(
      (await get('/api/v1/series', { 'match[]': ['up', 'http_requests_total{code="500"}'] })).body,
    );
    expect(series.data).toEqual([
      { __name__: 'http_requests_total', code: '500', service: 'checkout' },
      { __name__: 'up', job: 'checkout' },
    ]);
    const missing = await get('/api/v1/series');
    expect([missing.status, JSON.parse(missing.body).error]).toEqual([400, 'no match[] parameter provided']);
  });

  it("serves buildinfo with the imitated version, and Go's plain 404 for unknown API paths", async () => {
    expect(JSON.parse((await get('/api/v1/status/buildinfo')).body).data.version).toBe(PROMETHEUS_VERSION);
    const r = await get('/api/v1/nope');
    expect([r.status, r.type, r.body]).toEqual([404, 'text/plain; charset=utf-8', '404 page not found\n']);
    expect((await get('/other')).status).toBe(404);
  });

  it('logs every request', () => {
    expect(queryLog.size).toBeGreaterThan(10);
    const entry = queryLog.entries().find((e) => e.api === 'prom.query' && e.status === 400);
    expect(entry).toMatchObject({ origin: 'http', params: { query: 'sum(rate(x[5m])' } });
    expect(entry?.bytes).toBeGreaterThan(0);
  });
});
