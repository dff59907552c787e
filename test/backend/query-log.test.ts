/** The query log: a ring of the newest entries, counters of all of them, subscribers that see each one. */
import { describe, expect, it } from 'vitest';
import {
  type ApiResponse,
  type Backend,
  type ObservedCall,
  QueryLog,
  startAgentServer,
  withQueryLog,
} from '../../src/backend/index.js';
import { VirtualClock } from '../../src/clock.js';
import { makeGolden, makeWorld } from './fixtures.js';

const answers: ApiResponse[] = [
  { status: 200, json: { status: 'success', data: [] } },
  { status: 400, text: 'parse error\n' },
  {
    status: 503,
    json: { status: 'error', errorType: 'timeout', error: 'query timed out in expression evaluation' },
  },
  { status: 503, json: { status: 'error', errorType: 'unavailable', error: 'down' } },
  { status: 504, text: 'request timed out\n' },
  { status: 499, text: 'the request was cancelled by the client\n' },
  { status: 0 },
];
let i = 0;
const inner: Backend = { handle: async () => answers[i++ % answers.length] };

describe('query log', () => {
  it('keeps the newest entries, counts every one, and shows each to its subscribers', async () => {
    const log = new QueryLog(3);
    const seen: number[] = [];
    const stop = log.subscribe((e) => seen.push(e.seq));
    const backend = withQueryLog(inner, new VirtualClock(), log);
    for (let n = 0; n < 7; n++)
      await backend.handle({ api: n % 2 ? 'loki.query' : 'prom.query', params: {} });
    expect(log.size).toBe(3);
    expect(log.entries().map((e) => [e.seq, e.outcome])).toEqual([
      [5, 'timeout'],
      [6, 'canceled'],
      [7, 'no_response'],
    ]);
    expect(log.counters()).toEqual({
      total: 7,
      byApi: { 'prom.query': 4, 'loki.query': 3 },
      byOutcome: { ok: 1, client_error: 1, timeout: 2, server_error: 1, canceled: 1, no_response: 1 },
    });
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7]);
    stop();
    await backend.handle({ api: 'prom.labels', params: {} });
    expect(seen).toHaveLength(7);
    expect(log.counters().total).toBe(8);
  });

  it('refuses a size that is not a positive whole number', () => {
    expect(() => new QueryLog(0)).toThrow(RangeError);
    expect(() => new QueryLog(2.5)).toThrow(RangeError);
    expect(() => new QueryLog(10, 0)).toThrow(RangeError);
  });

  it('keeps no more bytes than its cap, evicting the oldest first, and still counts and shows all', async () => {
    const log = new QueryLog(5000, 100_000);
    const seen: number[] = [];
    log.subscribe((e) => seen.push(e.seq));
    const backend = withQueryLog(inner, new VirtualClock(), log);
    const query = (n: number, size: number) => `up # ${String(n).padStart(4, '0')}${'x'.repeat(size)}`;
    for (let n = 0; n < 100; n++) {
      await backend.handle({ api: 'prom.query', params: { query: query(n, 10_000) } });
      expect(log.bytes).toBeLessThanOrEqual(100_000);
    }
    // Ten entries of about 10 KB fit under 100 KB; the newest are kept, oldest first.
    const kept = log.entries().map((e) => e.seq);
    expect(kept).toEqual([92, 93, 94, 95, 96, 97, 98, 99, 100]);
    expect(log.size).toBe(9);
    // One larger than the whole cap is not kept at all, nor does it keep the others.
    await backend.handle({ api: 'prom.query', params: { query: query(100, 200_000) } });
    expect([log.size, log.bytes]).toEqual([0, 0]);
    await backend.handle({ api: 'prom.query', params: { query: 'up' } });
    expect(log.entries().map((e) => e.seq)).toEqual([102]);
    expect(log.counters().total).toBe(102);
    expect(seen).toHaveLength(102);
  });

  it("gives a command seat's server every call, however few entries its log keeps", async () => {
    const calls: ObservedCall[] = [];
    const golden = makeGolden({ capacity: { prometheus: { latency: 0 }, loki: { latency: 0 } } });
    const server = await startAgentServer(golden, makeWorld(), {
      seed: 1,
      observe: (c) => calls.push(c),
      queryLogSize: 2,
      workers: 0,
    });
    try {
      for (let n = 0; n < 5; n++)
        await (await fetch(`${server.promUrl}/api/v1/query?query=up%2B${n}`)).text();
    } finally {
      await server.close();
    }
    expect(calls.map((c) => c.id)).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']);
    expect(server.queryLog.entries().map((e) => e.origin)).toEqual(['c4', 'c5']);
    expect(server.queryLog.counters().total).toBe(5);
  });
});
