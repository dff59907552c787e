import { describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse, Backend } from '../../src/backend/api.js';
import { withFaults } from '../../src/backend/faults/layer.js';
import { VirtualClock } from '../../src/clock.js';
import type { FaultSpec } from '../../src/formats/golden/schema.js';
import { LOKI_TEXT } from '../../src/formats/imitated.js';
import { classify } from '../../src/protocol/classify.js';
import { makeGolden } from './fixtures.js';

/** A stand-in for the engine layer: fixed success bodies in each API's wire shape. */
const inner: Backend = {
  async handle(req: ApiRequest): Promise<ApiResponse> {
    const sample = (code: string) => ({ metric: { code }, value: [1, '1'] });
    const series = (code: string) => ({
      metric: { code },
      values: [
        [1, '1'],
        [2, '2'],
        [3, '3'],
        [4, '4'],
      ],
    });
    const stream = (level: string) => ({
      stream: { level },
      values: [
        ['4', 'd'],
        ['3', 'c'],
        ['2', 'b'],
        ['1', 'a'],
      ],
    });
    switch (req.api) {
      case 'prom.query':
        return {
          status: 200,
          json: { status: 'success', data: { resultType: 'vector', result: ['1', '2', '3'].map(sample) } },
        };
      case 'prom.query_range':
        return {
          status: 200,
          json: { status: 'success', data: { resultType: 'matrix', result: ['1', '2'].map(series) } },
        };
      case 'loki.query_range':
        return {
          status: 200,
          json: {
            status: 'success',
            data: { resultType: 'streams', result: ['a', 'b'].map(stream), stats: {} },
          },
        };
      default:
        return { status: 200, json: { status: 'success', data: ['a', 'b', 'c', 'd'] } };
    }
  },
};

function stack(faults: Partial<FaultSpec>[]) {
  const clock = new VirtualClock();
  const specs = faults.map((f, i) => ({ id: `f${i}`, match: {}, ...f }) as FaultSpec);
  return { clock, b: withFaults(inner, specs, makeGolden(), { clock, seed: 1 }) };
}
const prom = (query = 'up', extra: Record<string, string> = {}): ApiRequest => ({
  api: 'prom.query',
  params: { query, ...extra },
});
const loki = (query = '{app="payments"}'): ApiRequest => ({ api: 'loki.query_range', params: { query } });

describe('fault kinds, each exactly as configured', () => {
  it('failed-envelope: HTTP 200 with status "error" (Prometheus) or outcome "failed" (Loki)', async () => {
    const { b } = stack([{ kind: 'failed-envelope', message: 'boom' }]);
    const p = await b.handle(prom());
    expect(p).toMatchObject({
      status: 200,
      fault: 'f0',
      json: { status: 'error', errorType: 'execution', error: 'boom' },
    });
    const l = await b.handle(loki());
    expect(l.status).toBe(200);
    expect(l.json).toEqual({
      outcome: 'failed',
      n: 0,
      results: [{ query: '{app="payments"}', status: 'error', errorType: 'internal', error: 'boom' }],
    });
  });

  it('http-error: the status, errorType and message, as JSON for Prometheus and plain text for Loki', async () => {
    const { b } = stack([
      { kind: 'http-error', status: 502, errorType: 'unavailable', message: 'upstream down' },
    ]);
    const p = await b.handle(prom());
    expect(p.status).toBe(502);
    expect(p.json).toEqual({ status: 'error', errorType: 'unavailable', error: 'upstream down' });
    const l = await b.handle(loki());
    expect([l.status, l.text, l.json]).toEqual([502, 'upstream down\n', undefined]);
    expect(l.headers?.['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('empty: a success with an empty result', async () => {
    const { b } = stack([{ kind: 'empty' }]);
    expect((await b.handle(prom())).json).toEqual({
      status: 'success',
      data: { resultType: 'vector', result: [] },
    });
    const l = await b.handle(loki());
    expect(l.json).toMatchObject({ status: 'success', data: { resultType: 'streams', result: [] } });
    expect((await b.handle({ api: 'prom.labels', params: {} })).json).toEqual({
      status: 'success',
      data: [],
    });
  });

  it('partial: success with warnings and data cut to the kept share', async () => {
    const { b } = stack([{ kind: 'partial', keep: 0.5, warnings: ['cut'] }]);
    const r = (await b.handle({ api: 'prom.query_range', params: { query: 'x' } })).json as {
      data: { result: { values: unknown[] }[] };
      warnings: string[];
    };
    expect(r.warnings).toEqual(['cut']);
    expect(r.data.result).toHaveLength(1);
    expect(r.data.result[0].values).toEqual([
      [1, '1'],
      [2, '2'],
    ]);
    const l = (await b.handle(loki())).json as { warnings: string[] };
    expect(l.warnings).toEqual(['cut']);
  });

  it('latency: waits through the clock, then answers normally with the fault recorded', async () => {
    const { b, clock } = stack([{ kind: 'latency', latency: 250 }]);
    const r = await b.handle(prom());
    expect(clock.now()).toBe(250);
    expect(r).toMatchObject({ status: 200, fault: 'f0', json: { status: 'success' } });
  });

  it('timeout: waits, then 503 timeout (Prometheus) / 504 plain text (Loki)', async () => {
    const { b, clock } = stack([{ kind: 'timeout', latency: 1000 }]);
    const p = await b.handle(prom());
    expect(clock.now()).toBe(1000);
    expect(p.status).toBe(503);
    expect(p.json).toEqual({
      status: 'error',
      errorType: 'timeout',
      error: 'query timed out in expression evaluation',
    });
    const l = await b.handle(loki());
    expect(l.status).toBe(504);
    expect(l.text).toBe(`${LOKI_TEXT.timeout}\n`);
  });

  it('rate-limit: 429 with "too many outstanding requests"', async () => {
    const { b } = stack([{ kind: 'rate-limit' }]);
    const p = await b.handle(prom());
    expect(p.status).toBe(429);
    expect(p.json).toMatchObject({ status: 'error', error: 'too many outstanding requests' });
    expect(await b.handle(loki())).toMatchObject({ status: 429, text: 'too many outstanding requests\n' });
  });

  it('series-limit: Prometheus 422 execution, Loki 400 plain text', async () => {
    const { b } = stack([{ kind: 'series-limit' }]);
    const p = await b.handle(prom());
    expect(p.status).toBe(422);
    expect(p.json).toMatchObject({ status: 'error', errorType: 'execution' });
    const l = await b.handle(loki());
    expect(l.status).toBe(400);
    expect(l.text).toMatch(/^maximum number of series \(500\) reached for a single query/);
  });

  it('stale-catalog: status 0 with the transport marker', async () => {
    const { b } = stack([{ kind: 'stale-catalog' }]);
    const r = await b.handle(prom());
    expect(r.status).toBe(0);
    expect(r.headers?.['x-rematch-transport-error']).toBe('ECONNREFUSED');
  });
});

describe('untyped-200', () => {
  it('answers HTTP 200 with the error string in data, and carries the truth beside it', async () => {
    const { b } = stack([{ kind: 'untyped-200', message: 'upstream down' }]);
    const r = await b.handle(prom());
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ data: 'upstream down' });
    expect(r.truth).toEqual({
      outcome: 'failed',
      error: { type: 'untyped_failure', message: 'upstream down' },
    });
    expect(r.fault).toBe('f0');
  });

  it('shape empty-object answers {}, which the typed classifier reads as an empty success', async () => {
    const { b } = stack([{ kind: 'untyped-200', shape: 'empty-object' } as Partial<FaultSpec>]);
    const r = await b.handle(prom());
    expect(r.json).toEqual({});
    expect(classify(r).outcome).toBe('empty');
    expect(r.truth?.outcome).toBe('failed');
  });
});

describe('fault matching', () => {
  it('calls.first: 2 fires twice, then stops', async () => {
    const { b } = stack([{ kind: 'http-error', status: 500, match: { calls: { first: 2 } } }]);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await b.handle(prom())).status);
    expect(statuses).toEqual([500, 500, 200, 200]);
  });

  it('calls.after and calls.every count only matching calls', async () => {
    const { b } = stack([
      { kind: 'http-error', status: 500, match: { query: 'errors', calls: { after: 1, every: 2 } } },
    ]);
    const out = [];
    for (const q of ['errors', 'other', 'errors', 'errors', 'other', 'errors', 'errors']) {
      out.push((await b.handle(prom(q))).status);
    }
    // matching calls 1..5 are the 'errors' ones; k = n - 1 fires when k is even: n = 3, 5.
    expect(out).toEqual([200, 200, 200, 500, 200, 200, 500]);
  });

  it('matches by API name or whole backend', async () => {
    const { b } = stack([
      { kind: 'rate-limit', match: { api: ['loki'] } },
      { kind: 'empty', match: { api: ['prom.labels'] } },
    ]);
    expect((await b.handle(prom())).status).toBe(200);
    expect((await b.handle(loki())).status).toBe(429);
    expect((await b.handle({ api: 'prom.labels', params: {} })).fault).toBe('f1');
  });

  it('tests the query regex on match[] selectors of listing APIs', async () => {
    const { b } = stack([{ kind: 'rate-limit', match: { query: 'payments' } }]);
    expect(
      (await b.handle({ api: 'prom.series', params: { 'match[]': ['up', 'x{app="payments"}'] } })).status,
    ).toBe(429);
    expect((await b.handle({ api: 'prom.series', params: { 'match[]': 'up' } })).status).toBe(200);
  });

  it('matches time ranges by overlap, counting an instant query range selector as read', async () => {
    // from/to are offsets from time.start (13:00): the fault covers 14:30–15:00.
    const { b } = stack([{ kind: 'rate-limit', match: { from: '90m', to: '2h' } }]);
    const at1420 = String(Date.parse('2026-03-14T14:20:00Z') / 1000);
    expect((await b.handle(prom('up', { time: at1420 }))).status).toBe(200);
    expect((await b.handle(prom('rate(x[15m])', { time: at1420 }))).status).toBe(200);
    const at1440 = String(Date.parse('2026-03-14T14:40:00Z') / 1000);
    expect((await b.handle(prom('up', { time: at1440 }))).status).toBe(429);
    expect(
      (
        await b.handle({
          api: 'loki.query_range',
          params: { query: '{a="b"}', start: '2026-03-14T14:00:00Z', end: '2026-03-14T14:31:00Z' },
        })
      ).status,
    ).toBe(429);
  });

  it('lets latency add up and the first other firing fault decide', async () => {
    const { b, clock } = stack([
      { kind: 'latency', latency: 100 },
      { kind: 'latency', latency: { dist: 'fixed', ms: 50 } },
      { kind: 'rate-limit' },
      { kind: 'http-error', status: 500 },
    ]);
    const r = await b.handle(prom());
    expect(clock.now()).toBe(150);
    expect([r.status, r.fault]).toEqual([429, 'f2']);
  });
});
