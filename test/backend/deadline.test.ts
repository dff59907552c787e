/**
 * The servers' evaluation deadline over loopback HTTP: a heavy query answers Prometheus' 503
 * `timeout` / Loki's 504 within its deadline plus slack while simple queries keep answering in
 * milliseconds (evaluation runs on the engine pool); a client that goes away cancels its query,
 * and the query log records it as 499 canceled.
 *
 * Wall-clock bounds here sit far from both the expected time and the failure's, so that a loaded
 * machine cannot break them: what proves that the simple queries were not held behind the heavy
 * one is that several of them were answered before it was.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createBackendStack, startHttpServer } from '../../src/backend/index.js';
import { RealClock } from '../../src/clock.js';
import { loadGolden } from '../../src/formats/load.js';
import { buildWorld } from '../../src/world/build.js';

const TIMEOUT_MS = 1000;
/** Slack past a deadline: an answer that never comes (the failure) is far beyond it. */
const SLACK_MS = 4000;
/** A server whose own deadline is far: a `timeout` parameter is what stops its queries. */
const LONG_TIMEOUT_MS = 30_000;
const golden = loadGolden('goldens/checkout-db-pool-logs-failed');
const world = buildWorld(golden);
const options = { faults: false, capacity: false, clock: new RealClock(), seed: 1, queryLogSize: 100 };
const stack = createBackendStack(golden, world, { ...options, workers: 2, queryTimeoutMs: TIMEOUT_MS });
const long = createBackendStack(golden, world, { ...options, workers: 1, queryTimeoutMs: LONG_TIMEOUT_MS });
await Promise.all([stack.ready(), long.ready()]);
const server = await startHttpServer(stack.backend, { golden });
const longServer = await startHttpServer(long.backend, { golden });
afterAll(async () => {
  await Promise.all([server.close(), longServer.close()]);
  await Promise.all([stack.close(), long.close()]);
});

const NOW = golden.ms.now / 1000;
/**
 * Linear but heavy: 720,000 inner steps of a subquery, two regex relabels of 30 series each, yet
 * far under the 50 M sample budget (a `rate(...[5m])` inner query reaches that budget in about a
 * second on a fast machine and answers 422 instead: a race with the deadline).
 */
const HEAVY_PROM =
  'max_over_time(count(label_replace(label_replace(up, "a", "$1", "instance", "(.*)"), "b", "$1", "job", "(.*)"))[2h:10ms])';
/** Linear but heavy: every logfmt line its own series, one window per second of an hour each. */
const HEAVY_LOKI = 'sum by (level) (rate({namespace="shop"} | logfmt [1h]))';

async function get(path: string, q: Record<string, string>, signal?: AbortSignal, base = server.url) {
  const u = new URL(path, base);
  for (const [k, v] of Object.entries(q)) u.searchParams.set(k, v);
  const t0 = Date.now();
  const r = await fetch(u, { signal });
  return { status: r.status, body: await r.text(), ms: Date.now() - t0 };
}

/** Distinct (cache-missing) simple queries, one every 50 ms, until `done` settles. */
async function simpleWhile(done: Promise<unknown>): Promise<number[]> {
  let over = false;
  void done.finally(() => {
    over = true;
  });
  const ms: number[] = [];
  for (let i = 0; !over; i++) {
    const r = await get('/api/v1/query', { query: `up * ${i + 1}`, time: String(NOW) });
    expect(r.status).toBe(200);
    ms.push(r.ms);
    await new Promise((res) => setTimeout(res, 50));
  }
  return ms;
}

describe('query deadline over HTTP', () => {
  it('answers a heavy PromQL query 503 timeout within its deadline, other queries answering meanwhile', async () => {
    const heavy = get('/api/v1/query', { query: HEAVY_PROM, time: String(NOW) });
    const simple = await simpleWhile(heavy);
    const r = await heavy;
    expect(r.status).toBe(503);
    expect(JSON.parse(r.body)).toEqual({
      status: 'error',
      errorType: 'timeout',
      error: 'query timed out in expression evaluation',
    });
    expect(r.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    expect(simple.length).toBeGreaterThan(3);
    // none waited out the heavy query's deadline behind it
    expect(Math.max(...simple)).toBeLessThan(TIMEOUT_MS);
  });

  it('takes a shorter Prometheus `timeout` parameter, never a longer one', async () => {
    // 200 ms asked of a server whose own deadline is 30 s: answered long before that one
    const q = { query: `${HEAVY_PROM} + 1`, time: String(NOW), timeout: '200ms' };
    const r = await get('/api/v1/query', q, undefined, longServer.url);
    expect(r.status).toBe(503);
    expect(r.ms).toBeLessThan(LONG_TIMEOUT_MS / 2);
  });

  it('answers a heavy LogQL query 504 with Loki text within its deadline', async () => {
    const heavy = get('/loki/api/v1/query_range', {
      query: HEAVY_LOKI,
      start: String(NOW - 3600),
      end: String(NOW),
      step: '1',
    });
    const simple = await simpleWhile(heavy);
    const r = await heavy;
    expect(r.status).toBe(504);
    expect(r.body).toMatch(/^request timed out, decrease the duration of the request/);
    expect(r.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    expect(simple.length).toBeGreaterThan(1);
    expect(Math.max(...simple)).toBeLessThan(TIMEOUT_MS);
  });

  it('bounds a pathological regex whatever the regex engine', async () => {
    const heavy = get('/loki/api/v1/query', {
      query: 'sum(count_over_time({namespace="shop"} |~ "(.*a){20}" [2h]))',
      time: String(NOW),
    });
    const simple = await simpleWhile(heavy);
    const r = await heavy;
    // Linear-time regexes may finish in time; a backtracking one is stopped by the deadline.
    expect([200, 504]).toContain(r.status);
    expect(r.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    expect(Math.max(...simple)).toBeLessThan(TIMEOUT_MS);
  });

  it('cancels the query of a client that goes away, and logs it 499 canceled', async () => {
    const abort = new AbortController();
    const q = `${HEAVY_PROM} * 2`;
    const gone = get('/api/v1/query', { query: q, time: String(NOW) }, abort.signal).catch((e: Error) => e);
    await new Promise((res) => setTimeout(res, 200));
    abort.abort();
    expect(await gone).toBeInstanceOf(Error);
    const t0 = Date.now();
    let entry = stack.queryLog.entries().find((e) => e.params.query === q);
    while (!entry && Date.now() - t0 < 20_000) {
      await new Promise((res) => setTimeout(res, 20));
      entry = stack.queryLog.entries().find((e) => e.params.query === q);
    }
    // Canceled, not timed out: the worker stopped when told, before its deadline (one that ran on
    // would have answered 503 timeout at the deadline, 800 ms after the abort).
    expect(entry).toMatchObject({ status: 499, outcome: 'canceled', api: 'prom.query' });
    expect(stack.queryLog.counters().byOutcome.canceled).toBe(1);
  });
});
