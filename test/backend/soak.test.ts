/**
 * A short soak over loopback HTTP (`npm run bench:soak` is the long one): 20,000 requests keep the
 * query log at its bound with counters that count them all, and the process' memory does not
 * climb with the request count. Large distinct queries (`npm run bench:soak -- --large 3000` sends
 * 3,000 of 1 MB) keep the query log and the engine cache under their byte caps, and the heap flat.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackendStack, startHttpServer } from '../../src/backend/index.js';
import { RealClock } from '../../src/clock.js';
import { makeGolden, makeWorld, NOW } from './fixtures.js';

const golden = makeGolden();
const stack = createBackendStack(golden, makeWorld(), {
  faults: false,
  capacity: false,
  clock: new RealClock(),
  seed: 1,
  queryLogSize: 500,
});
const server = await startHttpServer(stack.backend, { golden });
afterAll(() => server.close());

// A full collection before each reading, so that garbage not yet collected is not counted.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const PATHS = [
  `/api/v1/query?query=${encodeURIComponent('sum(rate(http_requests_total[5m]))')}&time=${NOW / 1000}`,
  '/api/v1/labels',
  `/loki/api/v1/query?query=${encodeURIComponent('count_over_time({app="payments"}[5m])')}&time=${NOW / 1000}`,
  `/api/v1/query?query=${encodeURIComponent('sum(rate(')}`,
];

async function hammer(from: number, to: number, lanes = 32): Promise<void> {
  let next = from;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < to) {
        const i = next++;
        const r = await fetch(new URL(PATHS[i % PATHS.length], server.url));
        await r.arrayBuffer();
      }
    }),
  );
}

/**
 * A bound on a count of requests, not on time: 20,000 requests take about 20 s on a quiet 2-core
 * machine and took over 120 s beside a CPU-heavy load (issue 22's three runs under load), so the
 * timeout is only there to stop a hang.
 */
const HANG = 900_000;

describe('a bounded soak', () => {
  it(
    'keeps the query log at its bound and memory flat over 20,000 requests',
    async () => {
      await hammer(0, 2000);
      gc();
      const before = process.memoryUsage();
      await hammer(2000, 20_000);
      gc();
      const after = process.memoryUsage();
      expect(stack.queryLog.size).toBe(500);
      const c = stack.queryLog.counters();
      expect(c.total).toBe(20_000);
      expect(c.byOutcome).toEqual({ ok: 15_000, client_error: 5000 });
      expect(c.byApi['prom.labels']).toBe(5000);
      // The newest 500 answers (completion order; seq is arrival order, 32 in flight at a time).
      const seqs = stack.queryLog.entries().map((e) => e.seq);
      expect(new Set(seqs).size).toBe(500);
      expect(Math.min(...seqs)).toBeGreaterThan(19_000);
      // Generous, for a shared machine: what they would catch is growth per request (the unbounded
      // log retained ~260 B a request); the log's size and the heap are the sharp checks. RSS only
      // guards against a native leak of a whole buffer per request (18,000 × ≥ 16 KiB): the
      // allocator keeps what it took, and under load it took 97.8 MiB once against a 96 MiB bound.
      expect(after.rss - before.rss).toBeLessThan(256 * 2 ** 20);
      expect(after.heapUsed - before.heapUsed).toBeLessThan(16 * 2 ** 20);
    },
    HANG,
  );
});

describe('a soak of large queries', () => {
  const CAP = 4 * 2 ** 20;
  const big = createBackendStack(golden, makeWorld(), {
    faults: false,
    capacity: false,
    clock: new RealClock(),
    seed: 1,
    queryLogBytes: CAP,
    cacheBytes: CAP,
  });
  let bigServer: Awaited<ReturnType<typeof startHttpServer>>;
  afterAll(() => bigServer?.close());

  /** 120 distinct POST queries of 256 KB each after 20 to warm up: 30 MB through, each a new log entry and cache key. */
  async function post(from: number, to: number): Promise<void> {
    let next = from;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < to) {
          const query = `up # ${String(next++).padStart(6, '0')}${'x'.repeat(256 * 1024)}`;
          const r = await fetch(new URL('/api/v1/query', bigServer.url), {
            method: 'POST',
            body: new URLSearchParams({ query, time: String(NOW / 1000) }),
          });
          expect(r.status).toBe(200);
          await r.arrayBuffer();
        }
      }),
    );
  }

  it(
    'keeps the query log and the engine cache under their byte caps, and the heap flat',
    async () => {
      bigServer = await startHttpServer(big.backend, { golden });
      await post(0, 20);
      gc();
      const before = process.memoryUsage();
      await post(20, 140);
      gc();
      const after = process.memoryUsage();
      const heap = after.heapUsed - before.heapUsed;
      console.log(
        `large queries: 30 MB through; query log keeps ${big.queryLog.size}; heap ${heap >= 0 ? '+' : ''}${(heap / 2 ** 20).toFixed(1)} MiB, rss ${after.rss >= before.rss ? '+' : ''}${((after.rss - before.rss) / 2 ** 20).toFixed(1)} MiB`,
      );
      // Uncapped, the log and the cache's keys would each hold the 30 MB: a heap 60 MB larger.
      expect(heap).toBeLessThan(3 * CAP);
      const kept = big.retained();
      expect(kept.queryLogBytes).toBeLessThanOrEqual(CAP);
      expect(kept.cacheBytes).toBeLessThanOrEqual(CAP);
      expect(big.queryLog.size).toBeGreaterThan(0);
      expect(big.queryLog.counters().total).toBe(140);
    },
    HANG,
  );
});
