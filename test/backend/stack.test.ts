import { describe, expect, it } from 'vitest';
import { createBackendStack } from '../../src/backend/index.js';
import { VirtualClock } from '../../src/clock.js';
import { makeGolden, makeWorld } from './fixtures.js';

describe('createBackendStack', () => {
  it('composes engines → faults → capacity → log: a fault latency holds its slot, the log sees it all', async () => {
    const golden = makeGolden({
      capacity: { prometheus: { slots: 1, latency: 100 } },
      faults: [{ id: 'slow-first', kind: 'latency', latency: 50, match: { calls: { first: 1 } } }],
    });
    const clock = new VirtualClock();
    const { backend, queryLog } = createBackendStack(golden, makeWorld(), { faults: true, clock, seed: 3 });
    const q = { api: 'prom.query' as const, params: { query: 'up' }, origin: 'c1' };
    const res = await Promise.all([backend.handle(q), backend.handle(q), backend.handle(q)]);
    expect(res.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(res.map((r) => r.timing)).toEqual([
      { queueMs: 0, serviceMs: 150 },
      { queueMs: 150, serviceMs: 100 },
      { queueMs: 250, serviceMs: 100 },
    ]);
    expect(queryLog.entries().map((e) => [e.seq, e.at, e.fault, e.queueMs, e.origin])).toEqual([
      [1, 0, 'slow-first', 0, 'c1'],
      [2, 0, undefined, 150, 'c1'],
      [3, 0, undefined, 250, 'c1'],
    ]);
    expect(queryLog.entries().every((e) => e.bytes > 50)).toBe(true);
  });

  it('leaves faults out when asked, and capacity out when asked', async () => {
    const golden = makeGolden({ faults: [{ id: 'down', kind: 'http-error', status: 503 }] });
    const clock = new VirtualClock();
    const off = createBackendStack(golden, makeWorld(), { faults: false, clock, seed: 1, capacity: false });
    const r = await off.backend.handle({ api: 'prom.query', params: { query: 'up' } });
    expect([r.status, r.timing, clock.now()]).toEqual([200, undefined, 0]);
    const on = createBackendStack(golden, makeWorld(), { faults: true, clock, seed: 1 });
    expect((await on.backend.handle({ api: 'prom.query', params: { query: 'up' } })).status).toBe(503);
  });
});
