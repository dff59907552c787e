/**
 * `npm run bench:world`: how long the largest golden world takes to build and how much memory it
 * holds, and the median latency of every golden's measurement routes on the embedded engines.
 *
 *   npm run bench:world [-- goldens-dir] [--builds N] [--reps N]
 *
 * Memory: peak RSS is the process' high-water mark (`process.resourceUsage().maxRSS`), which a
 * timer could not sample during a synchronous build; the retained heap is measured after a full
 * GC when node runs with `--expose-gc` (the npm script passes it), else it is reported as n/a.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Table from 'cli-table3';
import { type Golden, goldenTime } from '../src/formats/golden/normalized.js';
import { loadGolden, loadGoldens } from '../src/formats/load.js';
import { evalLogQL } from '../src/logql/index.js';
import { instantQuery } from '../src/promql/index.js';
import { buildWorld } from '../src/world/build.js';
import type { World } from '../src/world/types.js';

const args = process.argv.slice(2);
const flag = (name: string, dflt: number): number => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const BUILDS = flag('--builds', 5);
const REPS = flag('--reps', 20);
const dir = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? 'goldens';
const gc = (globalThis as { gc?: () => void }).gc;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (v: number): string => `${v.toFixed(v < 10 ? 2 : 0)} ms`;
const plain = { head: [] as string[], border: [] as string[] };

const buildOnly = args.indexOf('--build-only');
if (buildOnly >= 0) console.log(JSON.stringify(measureBuilds(loadGolden(args[buildOnly + 1]), BUILDS)));
else main();

function main(): void {
  const goldens = loadGoldens([resolve(dir)]);
  const worlds = new Map<string, World>();
  const worldTable = new Table({
    head: ['golden', 'hours', 'series', 'samples', 'streams', 'lines', 'log bytes'],
    style: plain,
  });
  for (const g of goldens) {
    const w = buildWorld(g);
    worlds.set(g.id, w);
    const m = w.metrics.size;
    const l = w.logs.size;
    worldTable.push([
      g.id,
      ((w.end - w.start) / 3600_000).toFixed(1),
      m.series,
      m.samples,
      l.streams,
      l.lines,
      mb(l.bytes),
    ]);
  }
  console.log('Worlds\n' + worldTable.toString());

  const weight = (w: World): number => w.metrics.size.samples + w.logs.size.lines;
  const largest = goldens.reduce((a, b) => (weight(worlds.get(b.id)!) > weight(worlds.get(a.id)!) ? b : a));
  worlds.clear();
  console.log(
    `\nLargest world: ${largest.id}; ${BUILDS} builds in a fresh process (its peak RSS is this world's alone)`,
  );
  const child = execFileSync(
    process.execPath,
    [
      ...process.execArgv,
      '--expose-gc',
      fileURLToPath(import.meta.url),
      '--build-only',
      largest.file,
      '--builds',
      String(BUILDS),
    ],
    { encoding: 'utf8' },
  );
  const b = JSON.parse(child) as {
    times: number[];
    cpu: number[];
    peakRss: number;
    baseRss: number;
    retained: number | null;
  };
  const buildTable = new Table({
    head: [
      'build median (wall)',
      'min',
      'max',
      'CPU median',
      'peak RSS',
      'RSS before build',
      'retained heap',
    ],
    style: plain,
  });
  buildTable.push([
    ms(median(b.times)),
    ms(Math.min(...b.times)),
    ms(Math.max(...b.times)),
    ms(median(b.cpu)),
    mb(b.peakRss),
    mb(b.baseRss),
    b.retained === null ? 'n/a (no --expose-gc)' : mb(b.retained),
  ]);
  console.log(buildTable.toString());

  console.log(`\nRoute latency (median of ${REPS} evaluations each, embedded engines, no backend)`);
  const routeTable = new Table({
    head: ['golden', 'measurement', 'lang', 'median', 'p95', 'value', 'truth'],
    style: plain,
  });
  for (const g of goldens) {
    const w = buildWorld(g);
    for (const m of [...g.parts.A.measurements, ...g.parts.B.measurements]) {
      if (!m.route) continue;
      const t = m.at ? goldenTime(g, m.at) : g.ms.now;
      const lat: number[] = [];
      let value = 'n/a';
      for (let i = 0; i < REPS; i++) {
        const t0 = performance.now();
        value = evaluate(g, w, m.source, m.route, t);
        lat.push(performance.now() - t0);
      }
      const p95 = [...lat].sort((a, b) => a - b)[Math.min(lat.length - 1, Math.ceil(lat.length * 0.95) - 1)];
      routeTable.push([
        g.id,
        m.id,
        m.source === 'logs' ? 'logql' : 'promql',
        ms(median(lat)),
        ms(p95),
        value,
        m.truth ?? '-',
      ]);
    }
  }
  console.log(routeTable.toString());
}

/** Builds `g` n times; the world of each build stays alive until the next one starts. */
function measureBuilds(g: Golden, n: number) {
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const baseRss = process.resourceUsage().maxRSS * 1024;
  const times: number[] = [];
  const cpu: number[] = [];
  let retained = 0;
  let keep: World | undefined;
  for (let i = 0; i < n; i++) {
    keep = undefined;
    gc?.();
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    keep = buildWorld(g);
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    gc?.();
    retained = Math.max(retained, process.memoryUsage().heapUsed - heapBefore);
  }
  const peakRss = process.resourceUsage().maxRSS * 1024;
  return { times, cpu, peakRss, baseRss, retained: gc && keep ? retained : null };
}

function evaluate(_g: Golden, w: World, source: string, q: string, t: number): string {
  try {
    const v =
      source === 'logs'
        ? evalLogQL(w.logs, q, { start: t, end: t }).value
        : instantQuery(w.metrics, q, t).value;
    if (v.type === 'scalar') return fmt(v.v);
    if (v.type === 'vector')
      return v.samples.length === 1 ? fmt(v.samples[0].v) : `${v.samples.length} samples`;
    return v.type;
  } catch (e) {
    return `error: ${e instanceof Error ? e.message.slice(0, 40) : String(e)}`;
  }
}

function fmt(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toPrecision(4);
}
