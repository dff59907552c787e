/**
 * npm run bench:promql — our PromQL engine and a real Prometheus (Debian 2.42) on the same data and
 * the same queries, in one run: median latency per query family and the ratio, at golden scale (the
 * largest golden's metrics), at 10× and at 100× golden scale (every series copied 10 or 100 times
 * under a `replica` label). Prometheus is timed over HTTP on loopback (that is how it is used); ours
 * is timed in process and through our own HTTP adapter, so the ratio can be read both ways. Each
 * scale ends with the families whose in-process ratio is over 1.0.
 *
 *   npm run bench:promql [-- --scales 1,10,100] [--reps N] [--families a,b]   (REPS=N works too)
 */

import { createBackendStack, startHttpServer } from '../src/backend/index.js';
import { findPrometheusBinaries, startBackfilledPrometheus } from '../src/backend/oracle/process.js';
import { RealClock } from '../src/clock.js';
import { loadGoldens } from '../src/formats/load.js';
import { instantQuery, rangeQuery } from '../src/promql/index.js';
import { buildWorld } from '../src/world/build.js';
import { SeriesStore } from '../src/world/series-store.js';
import type { World } from '../src/world/types.js';

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const REPS = Number(flag('--reps') ?? process.env.REPS ?? 15);
const SCALES = (flag('--scales') ?? '1,10,100').split(',').map(Number);
const ONLY = flag('--families')?.split(',');
for (const f of SCALES) {
  if (!Number.isInteger(f) || f < 1) throw new Error(`--scales: ${f} is not a positive integer`);
}
const FAMILIES: Record<string, string[]> = {
  selector: ['http_requests_total', 'http_requests_total{code=~"5.."}'],
  rate: ['rate(http_requests_total[5m])', 'increase(http_requests_total[10m])'],
  aggregation: ['sum by (service) (rate(http_requests_total[5m]))', 'topk(5, rate(http_requests_total[5m]))'],
  binary: [
    'sum by (service) (rate(http_requests_total{code=~"5.."}[5m])) / sum by (service) (rate(http_requests_total[5m]))',
  ],
  histogram: [
    'histogram_quantile(0.99, sum by (le, service) (rate(http_request_duration_seconds_bucket[5m])))',
  ],
  over_time: [
    'max_over_time(db_pool_connections_in_use[30m])',
    'avg_over_time(db_pool_connections_in_use[10m])',
  ],
  subquery: ['max_over_time(sum(rate(http_requests_total{code=~"5.."}[5m]))[1h:1m])'],
};

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function scaled(world: World, factor: number): SeriesStore {
  const store = new SeriesStore();
  for (const s of world.metrics.select([], -Infinity, Infinity)) {
    for (let r = 0; r < factor; r++) {
      const labels = factor === 1 ? s.labels : { ...s.labels, replica: String(r) };
      store.addSeries(labels, Array.from(s.ts), Array.from(s.vs));
    }
  }
  store.all();
  return store;
}

async function time(fn: () => Promise<unknown> | unknown): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

async function main(): Promise<void> {
  const bin = findPrometheusBinaries();
  if (!bin) throw new Error('Prometheus binaries not found: run scripts/install-prometheus.sh');
  // The largest golden by series count (checkout-db-pool and its logs twin share one world).
  let golden = loadGoldens(['goldens'])[0];
  let world = buildWorld(golden);
  for (const g of loadGoldens(['goldens']).slice(1)) {
    const w = buildWorld(g);
    if (w.metrics.size.series > world.metrics.size.series) [golden, world] = [g, w];
  }
  const t = golden.ms.now + 7000;
  const qs = { start: t - 3_600_000, end: t, step: 60_000 };
  console.log(
    `bench:promql — ${REPS} repetitions per query, medians in ms; ratio = ours / Prometheus (below 1: we are faster)`,
  );
  console.log(`largest golden: ${golden.id}, ${world.metrics.size.series} series`);
  for (const factor of SCALES) {
    const store = scaled(world, factor);
    const prom = await startBackfilledPrometheus(bin, store.all());
    const ourWorld: World = { ...world, metrics: store };
    const { backend } = createBackendStack(golden, ourWorld, {
      faults: false,
      clock: new RealClock(),
      seed: 1,
      capacity: false,
    });
    const http = await startHttpServer(backend);
    console.log(
      `\n${factor === 1 ? 'golden scale' : `${factor}× golden scale`}: ${store.size.series} series, ${store.size.samples} samples`,
    );
    console.log(
      'family       mode     ours(in-proc)  ours(HTTP)  Prometheus(HTTP)  ratio(in-proc)  ratio(HTTP)',
    );
    const over: string[] = [];
    try {
      for (const [family, queries] of Object.entries(FAMILIES)) {
        if (ONLY && !ONLY.includes(family)) continue;
        for (const mode of ['instant', 'range'] as const) {
          const ours: number[] = [];
          const oursHttp: number[] = [];
          const theirs: number[] = [];
          for (let i = 0; i < REPS; i++) {
            for (const q of queries) {
              const params = new URLSearchParams(
                mode === 'instant'
                  ? { query: q, time: String(t / 1000) }
                  : { query: q, start: String(qs.start / 1000), end: String(qs.end / 1000), step: '60' },
              );
              const path = mode === 'instant' ? '/api/v1/query' : '/api/v1/query_range';
              ours.push(
                await time(() =>
                  mode === 'instant'
                    ? instantQuery(store, q, t)
                    : rangeQuery(store, q, qs.start, qs.end, qs.step),
                ),
              );
              oursHttp.push(
                await time(async () =>
                  (await fetch(`${http.promUrl}${path}`, { method: 'POST', body: params })).text(),
                ),
              );
              theirs.push(
                await time(async () =>
                  (await fetch(`${prom.url}${path}`, { method: 'POST', body: params })).text(),
                ),
              );
            }
          }
          const [a, b, c] = [median(ours), median(oursHttp), median(theirs)];
          if (a / c > 1) over.push(`${family} ${mode} (${(a / c).toFixed(2)})`);
          console.log(
            `${family.padEnd(12)} ${mode.padEnd(8)} ${a.toFixed(2).padStart(13)} ${b.toFixed(2).padStart(11)} ${c.toFixed(2).padStart(17)} ${(a / c).toFixed(2).padStart(15)} ${(b / c).toFixed(2).padStart(12)}`,
          );
        }
      }
      console.log(`over 1.0 at ${factor}×: ${over.length ? over.join(', ') : 'none'}`);
    } finally {
      await http.close();
      await prom.stop();
    }
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
