/**
 * The engine pool answers exactly as in-process evaluation does: the world it hands its workers
 * (world-transfer.ts) keeps every series, stale marker and log line, and the handlers are the same.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { type ApiRequest, createEngineBackend, EnginePool } from '../../src/backend/index.js';
import type { SeriesStore } from '../../src/world/series-store.js';
import { STALE_NAN, type World } from '../../src/world/types.js';
import { END, makeGolden, makeWorld, NOW, START } from './fixtures.js';

const golden = makeGolden();
const base = makeWorld();
const metrics = base.metrics as SeriesStore;
// A series that goes stale halfway: its marker must survive the trip to the workers bit-exact.
for (let t = START, i = 0; t <= END; t += 15_000, i++)
  metrics.append({ __name__: 'queue_depth', job: 'worker' }, t, t === NOW - 60_000 ? STALE_NAN : i % 7);
const world: World = base;
const pool = new EnginePool(golden, world, golden.ms.now, { workers: 1, timeoutMs: 10_000 });
afterAll(() => pool.close());
const inline = createEngineBackend(golden, world);
// Straight to the pool: a backend over the same world would answer from the engine cache.
const pooled = { handle: (req: ApiRequest) => pool.run(req, Date.now()) };

const s = (ms: number) => String(ms / 1000);
const REQUESTS: ApiRequest[] = [
  { api: 'prom.query', params: { query: 'queue_depth', time: s(NOW) } },
  { api: 'prom.query', params: { query: 'queue_depth', time: s(NOW - 50_000) } },
  {
    api: 'prom.query_range',
    params: { query: 'queue_depth', start: s(NOW - 600_000), end: s(NOW), step: '15' },
  },
  {
    api: 'prom.query_range',
    params: {
      query: 'sum by (code) (rate(http_requests_total[5m]))',
      start: s(START),
      end: s(END),
      step: '60',
    },
  },
  { api: 'prom.series', params: { 'match[]': ['up', 'queue_depth'] } },
  { api: 'prom.labels', params: {} },
  { api: 'prom.query', params: { query: 'sum(rate(' } },
  {
    api: 'loki.query_range',
    params: { query: '{app="payments"} |= "pool"', start: s(START), end: s(END), limit: '1000' },
  },
  {
    api: 'loki.query',
    params: { query: 'sum by (level) (count_over_time({app="payments"} | logfmt [10m]))', time: s(NOW) },
  },
  { api: 'loki.index_stats', params: { query: '{app="payments"}', start: s(START), end: s(END) } },
  { api: 'loki.query', params: { query: '{app="payments"}', time: s(NOW) } },
];

describe('engine pool', () => {
  it('answers every API exactly as in-process evaluation', async () => {
    await pool.ready();
    for (const req of REQUESTS) {
      const [a, b] = await Promise.all([inline.handle(req), pooled.handle(req)]);
      expect({ req: req.params, status: b.status, body: b.json ?? b.text }).toEqual({
        req: req.params,
        status: a.status,
        body: a.json ?? a.text,
      });
    }
  });

  it('keeps the stale marker: the series is absent just after it, present again later', async () => {
    const result = async (r: ApiRequest) =>
      ((await pooled.handle(r)).json as { data: { result: unknown[] } }).data.result;
    expect(await result(REQUESTS[1])).toEqual([]);
    expect(await result(REQUESTS[0])).toHaveLength(1);
  });

  it('answers canceled for a request whose client left before it ran', async () => {
    const abort = new AbortController();
    abort.abort();
    const r = await pooled.handle({
      api: 'loki.query',
      params: { query: 'vector(1)' },
      signal: abort.signal,
    });
    expect([r.status, r.text]).toEqual([499, 'the request was cancelled by the client\n']);
  });
});
