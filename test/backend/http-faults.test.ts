import { describe, expect, it } from 'vitest';
import { serveTest } from './server.js';

const { get, server, queryLog } = await serveTest({
  faults: [
    {
      id: 'logs-failed',
      kind: 'failed-envelope',
      match: { api: ['loki.query_range'], query: 'pool', calls: { first: 2 } },
    },
    {
      id: 'prom-502',
      kind: 'http-error',
      status: 502,
      message: 'bad gateway',
      match: { query: 'bad_gateway' },
    },
    { id: 'gone', kind: 'stale-catalog', match: { api: ['prom.labels'] } },
    { id: 'throttle', kind: 'rate-limit', match: { api: ['loki.labels'] } },
  ],
});

describe('faults over HTTP', () => {
  it('fires a failed envelope exactly for the first two matching calls', async () => {
    const q = { query: '{app="payments"} |= "pool"' };
    const bodies = [];
    for (let i = 0; i < 3; i++) {
      const r = await get('/loki/api/v1/query_range', q);
      bodies.push([r.status, JSON.parse(r.body).outcome ?? JSON.parse(r.body).status]);
    }
    expect(bodies).toEqual([
      [200, 'failed'],
      [200, 'failed'],
      [200, 'success'],
    ]);
    expect((await get('/loki/api/v1/query_range', { query: '{app="payments"}' })).status).toBe(200);
    expect(queryLog.entries().filter((e) => e.fault === 'logs-failed')).toHaveLength(2);
  });

  it('sends http-error as a Prometheus JSON error with the configured status', async () => {
    const r = await get('/api/v1/query', { query: 'bad_gateway_total' });
    expect(r.status).toBe(502);
    expect(JSON.parse(r.body)).toEqual({ status: 'error', errorType: 'internal', error: 'bad gateway' });
  });

  it('sends Loki rate limits as plain text 429', async () => {
    const r = await get('/loki/api/v1/labels');
    expect([r.status, r.type, r.body]).toEqual([
      429,
      'text/plain; charset=utf-8',
      'too many outstanding requests\n',
    ]);
  });

  it('drops the connection for stale-catalog', async () => {
    await expect(fetch(new URL('/api/v1/labels', server.url))).rejects.toThrow(/fetch failed/);
    expect(queryLog.entries().at(-1)).toMatchObject({ api: 'prom.labels', status: 0, fault: 'gone' });
  });
});
