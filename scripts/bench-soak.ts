/**
 * `npm run bench:soak [-- --requests N --concurrency C --golden id --query-log-size N --workers N
 * --capacity --large N --query-log-mb N --engine-cache-mb N]`:
 * a golden's HTTP backend on loopback, in this process, hammered with a mix of Prometheus and Loki
 * requests (mostly repeated routes that the engine cache answers; one in MISS_EVERY with a new
 * evaluation time, so the engine pool and the cache's eviction are exercised too), over keep-alive
 * sockets. It prints RSS and heap at intervals, and at the end the latency percentiles and the
 * query log's bound and counters. A leak shows as RSS that keeps climbing after warm-up.
 *
 * `--large N` sends N distinct POST queries of about 1 MB each instead (the HTTP adapter's body
 * limit: `up # <1 MB comment>`, cheap to evaluate, each a new cache key and log entry):
 * what the query log and the engine cache retain must stay within their byte caps, so RSS after
 * the run (after a full GC) stays near RSS before it.
 */
import { Agent, request } from 'node:http';
import { createBackendStack, serverStackOptions, startHttpServer } from '../src/backend/index.js';
import { RealClock } from '../src/clock.js';
import { loadGolden } from '../src/formats/load.js';
import { buildWorld } from '../src/world/build.js';

function flag(name: string, def: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return def;
  const n = Number(process.argv[i + 1]);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} expects a whole number`);
  return n;
}
function text(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? def : (process.argv[i + 1] ?? def);
}

const REQUESTS = flag('requests', 1_000_000);
const CONCURRENCY = flag('concurrency', 64);
const LOG_SIZE = flag('query-log-size', 5000);
const WORKERS = flag('workers', 2);
const GOLDEN = text('golden', 'checkout-db-pool-logs-failed');
/** The golden's capacity model sleeps 25–40 ms a request: off unless asked, to load the server itself. */
const CAPACITY = process.argv.includes('--capacity');
const LARGE = flag('large', 0);
const LOG_MB = flag('query-log-mb', 0);
const CACHE_MB = flag('engine-cache-mb', 0);
const MISS_EVERY = 20;
const REPORTS = 10;

const golden = loadGolden(`goldens/${GOLDEN}`);
const world = buildWorld(golden);
const stack = createBackendStack(golden, world, {
  faults: true,
  capacity: CAPACITY,
  clock: new RealClock(),
  seed: golden.world.seed,
  ...serverStackOptions({
    queryLogSize: LOG_SIZE,
    workers: WORKERS,
    ...(LOG_MB ? { queryLogBytes: LOG_MB * 2 ** 20 } : {}),
    ...(CACHE_MB ? { cacheBytes: CACHE_MB * 2 ** 20 } : {}),
  }),
});
await stack.ready();
const server = await startHttpServer(stack.backend, { golden });
const now = golden.ms.now / 1000;

/** The mix: [path, params]. `t` is replaced by the evaluation time. */
const MIX: [string, Record<string, string>][] = [
  ['/api/v1/query', { query: 'sum by (service) (rate(http_requests_total[5m]))', time: 't' }],
  ['/api/v1/query', { query: 'up', time: 't' }],
  [
    '/api/v1/query_range',
    { query: 'sum(rate(http_requests_total[5m]))', start: 't-3600', end: 't', step: '60' },
  ],
  ['/api/v1/labels', {}],
  ['/api/v1/series', { 'match[]': 'up' }],
  ['/api/v1/query', { query: 'sum(rate(http_requests_total[5m]', time: 't' }],
  [
    '/loki/api/v1/query',
    { query: 'sum by (app) (count_over_time({namespace="shop"} |= "error" [5m]))', time: 't' },
  ],
  [
    '/loki/api/v1/query_range',
    { query: '{app="checkout"} |= "timeout"', start: 't-600', end: 't', limit: '20' },
  ],
  ['/loki/api/v1/labels', {}],
  ['/loki/api/v1/index/stats', { query: '{namespace="shop"}', start: 't-3600', end: 't' }],
];

function pathOf(i: number): string {
  const [path, q] = MIX[i % MIX.length];
  // A miss asks about a new minute of the hour before now (60 of them per route: bounded).
  const t = i % MISS_EVERY === 0 ? now - 60 * ((i / MISS_EVERY) % 60) : now;
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(q))
    u.set(k, v.startsWith('t') ? String(t + Number(v.slice(1) || 0)) : v);
  return `${path}?${u}`;
}

/** Log-spaced latency buckets (constant memory, whatever the request count): 1 µs … ~100 s. */
const BUCKETS = new Float64Array(800);
const bucketOf = (ms: number) =>
  Math.min(BUCKETS.length - 1, Math.max(0, Math.floor(Math.log10(ms * 1000) * 100)));
function percentile(p: number, n: number): number {
  let seen = 0;
  for (let b = 0; b < BUCKETS.length; b++) {
    seen += BUCKETS[b];
    if (seen >= p * n) return 10 ** ((b + 1) / 100) / 1000;
  }
  return Number.NaN;
}

/**
 * A distinct ~1 MB query, just under the adapter's 1 MiB body limit: `up` and a 1 MB comment, which
 * the parser skips (a 1 MB string literal would measure its unquoting, about a second, instead).
 */
function largeBody(i: number): string {
  const query = `up # ${String(i).padStart(8, '0')}${'x'.repeat(1_000_000)}`;
  return new URLSearchParams({ query, time: String(now) }).toString();
}

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const url = new URL(server.url);
function once(path: string, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        agent,
        ...(body === undefined
          ? {}
          : { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const mb = (n: number) => (n / 2 ** 20).toFixed(1);
const mem = () => process.memoryUsage();
/** With --expose-gc (the npm script passes it), heap figures at start and end are what is retained. */
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const start = mem();
const TOTAL = LARGE || REQUESTS;
console.log(
  `soak: golden ${GOLDEN}, ${LARGE ? `${LARGE} distinct ~1 MB POST queries` : `${REQUESTS} requests`}, concurrency ${CONCURRENCY}, query log ${LOG_SIZE} entries / ${stack.queryLog.maxBytes / 2 ** 20} MiB, ${WORKERS} engine worker(s), capacity model ${CAPACITY ? 'on' : 'off'}`,
);
console.log(`start: rss ${mb(start.rss)} MB, heap ${mb(start.heapUsed)} MB`);

let next = 0;
let done = 0;
let failed = 0;
const t0 = performance.now();
let maxRss = start.rss;
const every = Math.max(1, Math.floor(TOTAL / REPORTS));
async function lane(): Promise<void> {
  while (next < TOTAL) {
    const i = next++;
    const s = performance.now();
    const status = LARGE ? await once('/api/v1/query', largeBody(i)) : await once(pathOf(i));
    BUCKETS[bucketOf(performance.now() - s)]++;
    if (status === 0 || status >= 500) failed++;
    if (++done % every === 0) {
      const m = mem();
      maxRss = Math.max(maxRss, m.rss);
      const secs = (performance.now() - t0) / 1000;
      console.log(
        `${String(done).padStart(9)} req  ${(done / secs).toFixed(0).padStart(6)} req/s  rss ${mb(m.rss)} MB  heap ${mb(m.heapUsed)} MB  log ${stack.queryLog.size} (${mb(stack.queryLog.bytes)} MB)`,
      );
    }
  }
}
await Promise.all(Array.from({ length: CONCURRENCY }, lane));
const secs = (performance.now() - t0) / 1000;
gc?.();
const end = mem();
const c = stack.queryLog.counters();
console.log(
  `end: rss ${mb(end.rss)} MB (max ${mb(Math.max(maxRss, end.rss))}; ${end.rss >= start.rss ? '+' : ''}${mb(end.rss - start.rss)} MB), heap ${mb(end.heapUsed)} MB`,
);
console.log(
  `${done} requests in ${secs.toFixed(1)} s (${(done / secs).toFixed(0)} req/s); 5xx/none: ${failed}; latency p50 ${percentile(0.5, done).toFixed(2)} ms, p99 ${percentile(0.99, done).toFixed(2)} ms`,
);
console.log(
  `query log: ${stack.queryLog.size} kept of ${c.total} (${mb(stack.queryLog.bytes)} MB); outcomes ${JSON.stringify(c.byOutcome)}`,
);
agent.destroy();
await server.close();
await stack.close();
