import { describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse, Backend } from '../../src/backend/api.js';
import { withCapacity } from '../../src/backend/capacity.js';
import { VirtualClock } from '../../src/clock.js';

const ok: Backend = {
  handle: async (): Promise<ApiResponse> => ({ status: 200, json: { status: 'success' } }),
};
const q = (api: ApiRequest['api'] = 'prom.query'): ApiRequest => ({ api, params: { query: 'up' } });

describe('capacity model on a virtual clock', () => {
  it('queues FIFO: 2 slots, 5 simultaneous calls of 100 ms wait 0, 0, 100, 100, 200', async () => {
    const clock = new VirtualClock();
    const b = withCapacity(
      ok,
      { prometheus: { slots: 2, latency: 100 }, loki: { slots: 1, latency: 5 } },
      clock,
      1,
    );
    const res = await Promise.all([1, 2, 3, 4, 5].map(() => b.handle(q())));
    expect(res.map((r) => r.timing?.queueMs)).toEqual([0, 0, 100, 100, 200]);
    expect(res.map((r) => r.timing?.serviceMs)).toEqual([100, 100, 100, 100, 100]);
    expect(clock.now()).toBe(300);
  });

  it('gives each backend its own slots', async () => {
    const clock = new VirtualClock();
    const b = withCapacity(
      ok,
      { prometheus: { slots: 1, latency: 100 }, loki: { slots: 1, latency: 100 } },
      clock,
      1,
    );
    const res = await Promise.all([b.handle(q('prom.query')), b.handle(q('loki.query_range'))]);
    expect(res.map((r) => r.timing?.queueMs)).toEqual([0, 0]);
  });

  it('draws seeded latencies: same seed and call order, same schedule; another seed differs', async () => {
    const run = async (seed: number) => {
      const clock = new VirtualClock();
      const dist = { dist: 'lognormal' as const, median: 50, sigma: 0.8 };
      const b = withCapacity(
        ok,
        { prometheus: { slots: 2, latency: dist }, loki: { slots: 2, latency: dist } },
        clock,
        seed,
      );
      const res = await Promise.all(Array.from({ length: 6 }, () => b.handle(q())));
      return res.map((r) => [r.timing?.queueMs, r.timing?.serviceMs]);
    };
    const a = await run(7);
    expect(await run(7)).toEqual(a);
    expect(await run(8)).not.toEqual(a);
    expect(a.slice(2).some(([queue]) => (queue ?? 0) > 0)).toBe(true);
  });

  it('answers 499 canceled to a call aborted while queued, and frees nothing it did not hold', async () => {
    const clock = new VirtualClock();
    const b = withCapacity(
      ok,
      { prometheus: { slots: 1, latency: 100 }, loki: { slots: 1, latency: 1 } },
      clock,
      1,
    );
    const ac = new AbortController();
    const first = b.handle(q());
    const second = b.handle({ ...q(), signal: ac.signal });
    const third = b.handle(q());
    ac.abort();
    const [r1, r2, r3] = await Promise.all([first, second, third]);
    expect(r2.status).toBe(499);
    expect(r2.json).toMatchObject({ status: 'error', errorType: 'canceled' });
    expect([r1.status, r3.status]).toEqual([200, 200]);
    expect(r3.timing?.queueMs).toBe(100);
  });
});
