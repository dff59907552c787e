/**
 * `npm run bench:heavy [-- --golden id --seconds S --workers N]`: what heavy queries do to everyone
 * else (docs/backend.md, Limits). A golden's HTTP server on loopback (2 engine workers, no faults,
 * no capacity model) answers a loop of cheap uncached queries (the soak's routes, each at a new
 * instant so the engine cache cannot answer) three ways: alone; while two deeply nested subqueries
 * run to the query timeout (`--seconds`, default 10); and the same without the heavy lane (every
 * query in one lane, as before it existed). It prints the cheap queries' p50/p99, the heavy queries'
 * durations and the ratios.
 */
import Table from 'cli-table3';
import { createBackendStack, serverStackOptions, startHttpServer } from '../src/backend/index.js';
import { RealClock } from '../src/clock.js';
import { loadGolden } from '../src/formats/load.js';
import { buildWorld } from '../src/world/build.js';

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const GOLDEN = flag('golden') ?? 'checkout-db-pool';
const SECONDS = Number(flag('seconds') ?? 10);
const WORKERS = Number(flag('workers') ?? 2);

const golden = loadGolden(`goldens/${GOLDEN}`);
const world = buildWorld(golden);
const now = golden.ms.now / 1000;

const CHEAP: [string, Record<string, string>][] = [
  ['/api/v1/query', { query: 'sum by (service) (rate(http_requests_total[5m]))', time: 't' }],
  ['/api/v1/query', { query: 'up', time: 't' }],
  [
    '/api/v1/query_range',
    { query: 'sum(rate(http_requests_total[5m]))', start: 't-3600', end: 't', step: '60' },
  ],
  [
    '/loki/api/v1/query',
    { query: 'sum by (app) (count_over_time({namespace="shop"} |= "error" [5m]))', time: 't' },
  ],
  [
    '/loki/api/v1/query_range',
    { query: '{app="checkout"} |= "timeout"', start: 't-600', end: 't', limit: '20' },
  ],
];
const HEAVY = (i: number) =>
  `/api/v1/query?${new URLSearchParams({
    query: `max_over_time(max_over_time(rate(http_requests_total[5m])[1h:1s])[1h:1s]) + ${i}`,
    time: String(now),
  })}`;

/** Never the same instant twice, across phases too (the engine cache is the world's). */
let asked = 0;
function cheapPath(i: number): string {
  const [path, q] = CHEAP[i % CHEAP.length];
  const t = now - ++asked / 2;
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(q))
    u.set(k, v.startsWith('t') ? String(t + Number(v.slice(1) || 0)) : v);
  return `${path}?${u}`;
}

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(q * xs.length) - 1)];
const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;

interface Phase {
  name: string;
  cheap: number[];
  heavyMs: number[];
}

async function phase(name: string, heavyCost: number | undefined, heavy: boolean): Promise<Phase> {
  const stack = createBackendStack(golden, world, {
    faults: false,
    capacity: false,
    clock: new RealClock(),
    seed: 1,
    ...serverStackOptions({ workers: WORKERS, queryTimeoutMs: SECONDS * 1000, heavyCost }),
  });
  await stack.ready();
  const server = await startHttpServer(stack.backend, { golden });
  const get = async (path: string) => {
    const r = await fetch(new URL(path, server.url));
    await r.arrayBuffer();
    return r.status;
  };
  for (let i = 0; i < 20; i++) await get(cheapPath(i));
  const t0 = performance.now();
  const heavyMs: number[] = [];
  const load = heavy
    ? Promise.all([0, 1].map((i) => get(HEAVY(i)).then(() => heavyMs.push(performance.now() - t0))))
    : new Promise((done) => setTimeout(done, SECONDS * 1000));
  let running = true;
  void load.finally(() => {
    running = false;
  });
  const cheap: number[] = [];
  for (let i = 0; running; i++) {
    const s = performance.now();
    await get(cheapPath(i));
    if (running) cheap.push(performance.now() - s);
    await new Promise((done) => setTimeout(done, 5));
  }
  await server.close();
  await stack.close();
  return { name, cheap, heavyMs };
}

console.log(
  `bench:heavy: ${GOLDEN}, ${WORKERS} engine workers, heavy queries stopped at ${SECONDS} s, cheap queries one at a time (5 ms apart)`,
);
const phases = [
  await phase('cheap alone', undefined, false),
  await phase('2 heavy, heavy lane', undefined, true),
  await phase('2 heavy, one lane (before)', Number.POSITIVE_INFINITY, true),
];
const base = quantile(phases[0].cheap, 0.99);
const table = new Table({
  head: ['load', 'cheap n', 'cheap p50', 'cheap p99', 'p99 ÷ alone', 'heavy done at', 'p99 ÷ heavy'],
  style: { head: [], border: [] },
});
for (const p of phases) {
  const p99 = quantile(p.cheap, 0.99);
  const heavy = p.heavyMs.length ? Math.min(...p.heavyMs) : undefined;
  table.push([
    p.name,
    String(p.cheap.length),
    ms(quantile(p.cheap, 0.5)),
    ms(p99),
    `${(p99 / base).toFixed(1)}×`,
    p.heavyMs.length ? p.heavyMs.map((h) => `${(h / 1000).toFixed(1)} s`).join(', ') : '-',
    heavy ? `${((100 * p99) / heavy).toFixed(2)}%` : '-',
  ]);
}
console.log(table.toString());
