/**
 * `npm run bench:http`: what the HTTP adapter adds to a query, at golden scale. Each query runs
 * three ways on the largest golden's world: the engine alone (in process), `Backend.handle` (the
 * engine plus the wire response object) and a real HTTP request on loopback (the above plus JSON
 * text, headers and the socket). The engine backend memoises answers (src/backend/engines/cache.ts), so every
 * `handle` and "miss" request carries a fresh dummy parameter to defeat it; "hit" repeats one
 * request (what a matrix of trials mostly sees). Medians of wall and CPU time; `miss ÷ engine` is
 * the overhead factor on wall time. The stack has no faults and no capacity model (they add
 * simulated time, not work).
 *
 *   npm run bench:http [-- --reps N] [--golden id]
 */
import Table from 'cli-table3';
import type { ApiParams, LokiApi, PromApi } from '../src/backend/api.js';
import { createBackendStack, startHttpServer } from '../src/backend/index.js';
import { RealClock } from '../src/clock.js';
import { loadGoldens } from '../src/formats/load.js';
import { evalLogQL } from '../src/logql/index.js';
import { instantQuery, rangeQuery } from '../src/promql/index.js';
import { buildWorld } from '../src/world/build.js';

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const REPS = Number(flag('--reps') ?? 15);
const GOLDEN = flag('--golden') ?? 'checkout-db-pool';

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (v: number): string => `${v.toFixed(v < 10 ? 2 : 0)} ms`;

async function measure(run: () => unknown): Promise<{ wall: number; cpu: number }> {
  await run(); // warm-up
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < REPS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await run();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

const golden = loadGoldens(['goldens']).find((g) => g.id === GOLDEN);
if (!golden) throw new Error(`no golden ${GOLDEN}`);
const world = buildWorld(golden);
const now = golden.ms.now;
const hourAgo = now - 3_600_000;
const { backend } = createBackendStack(golden, world, {
  faults: false,
  clock: new RealClock(),
  seed: 1,
  capacity: false,
});
const server = await startHttpServer(backend, { port: 0 });

interface Case {
  name: string;
  engine: () => unknown;
  api: PromApi | LokiApi;
  path: string;
  params: Record<string, string>;
}
const promRange = (name: string, query: string, step: number): Case => ({
  name,
  engine: () => rangeQuery(world.metrics, query, hourAgo, now, step * 1000),
  api: 'prom.query_range',
  path: '/api/v1/query_range',
  params: { query, start: String(hourAgo / 1000), end: String(now / 1000), step: String(step) },
});
const cases: Case[] = [
  promRange('prom range: all http_requests_total, 1h/15s', 'http_requests_total', 15),
  promRange(
    'prom range: sum by (service) rate, 1h/15s',
    'sum by (service) (rate(http_requests_total[5m]))',
    15,
  ),
  {
    name: 'prom instant: rate of every counter',
    engine: () => instantQuery(world.metrics, 'rate({__name__=~".+_total"}[5m])', now),
    api: 'prom.query',
    path: '/api/v1/query',
    params: { query: 'rate({__name__=~".+_total"}[5m])', time: String(now / 1000) },
  },
  {
    name: 'loki range: count by app, 1h/1m',
    engine: () =>
      evalLogQL(world.logs, 'sum by (app) (count_over_time({app=~".+"}[5m]))', {
        start: hourAgo,
        end: now,
        step: 60_000,
      }),
    api: 'loki.query_range',
    path: '/loki/api/v1/query_range',
    params: {
      query: 'sum by (app) (count_over_time({app=~".+"}[5m]))',
      start: String(hourAgo * 1e6),
      end: String(now * 1e6),
      step: '60',
    },
  },
  {
    name: 'loki log query: 1000 lines',
    engine: () =>
      evalLogQL(world.logs, '{app=~".+"}', { start: hourAgo, end: now, limit: 1000, direction: 'backward' }),
    api: 'loki.query_range',
    path: '/loki/api/v1/query_range',
    params: { query: '{app=~".+"}', start: String(hourAgo * 1e6), end: String(now * 1e6), limit: '1000' },
  },
];

const table = new Table({
  head: ['query', 'engine', 'handle', 'HTTP miss', 'miss CPU', 'HTTP hit', 'miss ÷ engine', 'body'],
  style: { head: [], border: [] },
});
let nonce = 0;
for (const c of cases) {
  const engine = await measure(c.engine);
  const handle = await measure(() =>
    backend.handle({ api: c.api, params: { ...c.params, nonce: String(nonce++) } as ApiParams }),
  );
  let bytes = 0;
  const get = async (fresh: boolean) => {
    const u = new URL(c.path, server.url);
    for (const [k, v] of Object.entries(c.params)) u.searchParams.set(k, v);
    if (fresh) u.searchParams.set('nonce', String(nonce++));
    const r = await fetch(u);
    const body = await r.text();
    if (r.status !== 200) throw new Error(`${c.name}: HTTP ${r.status}: ${body.slice(0, 200)}`);
    bytes = body.length;
  };
  const miss = await measure(() => get(true));
  const hit = await measure(() => get(false));
  table.push([
    c.name,
    ms(engine.wall),
    ms(handle.wall),
    ms(miss.wall),
    ms(miss.cpu),
    ms(hit.wall),
    `${(miss.wall / engine.wall).toFixed(1)}×`,
    `${(bytes / 1024).toFixed(0)} KiB`,
  ]);
}
await server.close();
console.log(`bench:http: ${golden.id}, medians of ${REPS} runs after one warm-up`);
console.log(table.toString());
