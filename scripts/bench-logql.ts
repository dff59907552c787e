/**
 * `npm run bench:logql`: the LogQL engine at golden scale, in process. First, lines per second per
 * core for four pipelines (a line filter, json, logfmt, pattern) over every line of every distinct
 * world, next to the per-line figures Loki's maintainers published (LOKI below). Then, for every golden: each
 * measurement route on the logs, then per app stream a parser family (the stream's own format,
 * logfmt or json): a log query, an instant count, and 1h range queries (step 1m) of a count (which
 * the sum-of-counts pushdown serves) and of a rate (which it cannot: every parsed label set is its
 * own series until the sum). Medians of wall
 * and CPU time (`process.cpuUsage`, which the other processes on a shared machine do not inflate).
 *
 *   npm run bench:logql [-- goldens-dir] [--reps N] [--only substring]
 */
import { resolve } from 'node:path';
import Table from 'cli-table3';
import { goldenTime } from '../src/formats/golden/normalized.js';
import { loadGoldens } from '../src/formats/load.js';
import type { LogQueryOptions } from '../src/logql/api.js';
import { evalLogQL } from '../src/logql/index.js';
import { buildWorld } from '../src/world/build.js';

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const REPS = Number(flag('--reps') ?? 7);
const ONLY = flag('--only');
const dir = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? 'goldens';

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (v: number): string => `${v.toFixed(v < 10 ? 2 : 0)} ms`;

interface Case {
  golden: string;
  name: string;
  query: string;
  opts: LogQueryOptions;
}

function measure(run: () => unknown): { wall: number; cpu: number } {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < REPS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    run();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

/**
 * What Loki publishes per core. Loki's docs give no end-to-end lines per second per querier core
 * (the sizing page, https://grafana.com/docs/loki/latest/setup/size/, sizes queriers in CPU
 * requests only); these are its maintainers' Go benchmarks of one stage on one line, from the pull
 * requests that changed them: no chunk decoding, no selection, no aggregation, another machine.
 */
const LOKI: Record<string, { nsPerLine: number; what: string; url: string } | undefined> = {
  filter: {
    nsPerLine: 9.8,
    what: 'BenchmarkContainsFilter, |= "foo" on a 19-byte line',
    url: 'https://github.com/grafana/loki/pull/1405',
  },
  json: {
    nsPerLine: 1470,
    what: 'Benchmark_Parser/json/labels_hints (2,160 ns without hints)',
    url: 'https://github.com/grafana/loki/pull/7723',
  },
  logfmt: {
    nsPerLine: 790,
    what: 'Benchmark_Parser/logfmt/labels_hints (1,671 ns without hints)',
    url: 'https://github.com/grafana/loki/pull/3080',
  },
  pattern: undefined,
};

interface PerCore {
  family: string;
  /** One query per distinct world: the streams it reads and the pipeline. */
  queries: { logs: ReturnType<typeof buildWorld>['logs']; query: string; opts: LogQueryOptions }[];
}

/** lines / CPU seconds of this process (user + system, every thread: GC helpers count), per evaluation. */
function linesPerCoreSecond(c: PerCore): { lines: number; rate: number } {
  const rates: number[] = [];
  let lines = 0;
  for (let i = 0; i < REPS; i++) {
    let cpu = 0;
    lines = 0;
    for (const q of c.queries) {
      const c0 = process.cpuUsage();
      const r = evalLogQL(q.logs, q.query, q.opts);
      const d = process.cpuUsage(c0);
      cpu += (d.user + d.system) / 1e6;
      lines += r.stats.linesProcessed;
    }
    rates.push(lines / cpu);
  }
  return { lines, rate: median(rates) };
}

const perCore: PerCore[] = ['filter', 'json', 'logfmt', 'pattern'].map((family) => ({ family, queries: [] }));
const perCoreWorlds = new Set<string>();
for (const g of loadGoldens([resolve(dir)])) {
  const worldKey = `${g.world.seed}:${JSON.stringify(g.world.logs)}`;
  if (perCoreWorlds.has(worldKey)) continue;
  perCoreWorlds.add(worldKey);
  const w = buildWorld(g);
  const json: string[] = [];
  const text: string[] = [];
  for (const app of w.logs.labelValues('app', w.start, w.end)) {
    const first = w.logs.select([{ name: 'app', op: '=', value: app }], w.start, w.end)[0]?.entries[0];
    (first?.line.startsWith('{') ? json : text).push(app);
  }
  // One instant count over the whole world: every line is read once, and counted by level.
  const range = `${Math.ceil((w.end - w.start) / 60_000) + 1}m`;
  const opts = { start: w.end, end: w.end };
  const sel = (apps: string[]): string => `{app=~"${apps.join('|')}"}`;
  const add = (family: string, query: string): void => {
    perCore.find((c) => c.family === family)?.queries.push({ logs: w.logs, query, opts });
  };
  add('filter', `sum(count_over_time({app=~".+"} |= "x" [${range}]))`);
  if (json.length) add('json', `sum by (level) (count_over_time(${sel(json)} | json [${range}]))`);
  if (text.length) {
    add('logfmt', `sum by (level) (count_over_time(${sel(text)} | logfmt [${range}]))`);
    add(
      'pattern',
      `sum by (level) (count_over_time(${sel(text)} | pattern "<_> level=<level> <_>" [${range}]))`,
    );
  }
}
const perCoreTable = new Table({
  head: ['pipeline', 'lines', 'ours: lines/s per core', 'Loki (published)', 'Loki benchmark', 'source'],
  style: { head: [], border: [] },
});
const rate = (v: number): string => `${(v / 1e6).toFixed(2)} M`;
for (const c of perCore) {
  if (ONLY && !c.family.includes(ONLY)) continue;
  const r = linesPerCoreSecond(c);
  const loki = LOKI[c.family];
  perCoreTable.push([
    c.family,
    r.lines.toLocaleString('en-US'),
    rate(r.rate),
    loki ? rate(1e9 / loki.nsPerLine) : 'none found',
    loki?.what ?? 'no published per-line or per-core figure',
    loki?.url ?? '-',
  ]);
}
console.log(
  `bench:logql per core: medians of ${REPS}; lines = the engine's linesProcessed over every distinct world's lines, CPU = process.cpuUsage() (user + system) around each evaluation`,
);
console.log(perCoreTable.toString());

const table = new Table({
  head: ['golden', 'case', 'wall median', 'CPU median', 'result'],
  style: { head: [], border: [] },
});
const seenWorlds = new Set<string>();
let total = 0;
for (const g of loadGoldens([resolve(dir)])) {
  const w = buildWorld(g);
  const now = g.ms.now;
  const cases: Case[] = [];
  for (const m of [...g.parts.A.measurements, ...g.parts.B.measurements]) {
    if (!m.route || m.source !== 'logs') continue;
    const t = m.at ? goldenTime(g, m.at) : now;
    cases.push({ golden: g.id, name: `route ${m.id}`, query: m.route, opts: { start: t, end: t } });
  }
  // Parser families once per distinct world (two goldens may share one).
  const worldKey = `${g.world.seed}:${JSON.stringify(g.world.logs)}`;
  if (!seenWorlds.has(worldKey)) {
    seenWorlds.add(worldKey);
    for (const app of w.logs.labelValues('app', w.start, w.end)) {
      const sel = `{app="${app}"}`;
      const first = w.logs.select([{ name: 'app', op: '=', value: app }], w.start, w.end)[0]?.entries[0];
      const parser = first?.line.startsWith('{') ? 'json' : 'logfmt';
      const hour = { start: now - 3_600_000, end: now };
      cases.push(
        { golden: g.id, name: `${app} log | ${parser}`, query: `${sel} | ${parser}`, opts: hour },
        {
          golden: g.id,
          name: `${app} instant by level`,
          query: `sum by (level) (count_over_time(${sel} | ${parser} [1h]))`,
          opts: { start: now, end: now },
        },
        {
          golden: g.id,
          name: `${app} range 1h/1m`,
          query: `sum by (level) (count_over_time(${sel} | ${parser} [5m]))`,
          opts: { ...hour, step: 60_000 },
        },
        {
          golden: g.id,
          name: `${app} rate range 1h/1m`,
          query: `sum by (level) (rate(${sel} | ${parser} [5m]))`,
          opts: { ...hour, step: 60_000 },
        },
      );
    }
  }
  for (const c of cases) {
    if (ONLY && !`${c.golden} ${c.name}`.includes(ONLY)) continue;
    let result = '';
    const r = measure(() => {
      const v = evalLogQL(w.logs, c.query, c.opts).value;
      result =
        v.type === 'vector'
          ? v.samples.length === 1
            ? String(v.samples[0].v)
            : `${v.samples.length} samples`
          : v.type === 'streams'
            ? `${v.streams.length} streams`
            : v.type === 'matrix'
              ? `${v.series.length} series`
              : String(v.v);
    });
    total += r.cpu;
    table.push([c.golden, c.name, ms(r.wall), ms(r.cpu), result]);
  }
}
console.log(`bench:logql: medians of ${REPS} evaluations, embedded engine, no backend`);
console.log(table.toString());
console.log(`sum of CPU medians: ${ms(total)}`);
