/**
 * `npm run bench:regex`: the regexes a query may bring, over the largest golden world's log lines
 * (unanchored, as `|~`) and every label value of its series (anchored, as `=~`), three ways: the
 * engine world/re2.ts picks, RE2JS alone, and V8's RegExp (what the engines used before RE2, and
 * no answer at all for the catastrophic rows). Medians of CPU time (`process.cpuUsage`).
 *
 *   npm run bench:regex [-- goldens-dir] [--reps N]
 */
import { resolve } from 'node:path';
import Table from 'cli-table3';
import { RE2JS } from 're2js';
import { loadGoldens } from '../src/formats/load.js';
import { buildWorld } from '../src/world/build.js';
import { compileRegexp } from '../src/world/re2.js';

const args = process.argv.slice(2);
const i = args.indexOf('--reps');
const REPS = i >= 0 ? Number(args[i + 1]) : 7;
const dir = args.find((a, k) => !a.startsWith('--') && args[k - 1] !== '--reps') ?? 'goldens';

const LINE_RES = [
  'timeout',
  'status=5..',
  'error|warn',
  '(?i)ERROR',
  'pool (exhausted|wait)',
  'duration=\\d+ms',
  '\\pL+ing',
  '(?P<code>[45]\\d\\d)\\b',
  '.*zzz',
  '\\w+zzz',
  '[a-z].*zzz',
];
const LABEL_RES = ['5..', 'api.*', '.*pay.*', 'cart|checkout|orders', '(?i)Payments', '[a-z]+-[0-9]+'];
const CATASTROPHIC = ['(.*a){20}', '(a+)+$', '(a|aa)*b'];

function cpuMedian(run: () => number): { ms: number; hits: number } {
  const xs: number[] = [];
  let hits = 0;
  for (let r = 0; r < REPS; r++) {
    const c0 = process.cpuUsage();
    hits = run();
    const c = process.cpuUsage(c0);
    xs.push((c.user + c.system) / 1000);
  }
  xs.sort((a, b) => a - b);
  return { ms: xs[Math.floor(xs.length / 2)], hits };
}

const count = (test: (s: string) => boolean, xs: string[]): number => {
  let n = 0;
  for (const x of xs) if (test(x)) n++;
  return n;
};

const goldens = loadGoldens([resolve(dir)]);
const worlds = goldens.map((g) => buildWorld(g)).sort((a, b) => b.logs.size.lines - a.logs.size.lines);
const w = worlds[0];
const lines = w.logs.select([], w.start, w.end).flatMap((s) => s.entries.map((e) => e.line));
// Every label value of every series of every world, as a selector's matchers meet them.
const values = worlds.flatMap((x) =>
  x.metrics.select([], x.start, x.end).flatMap((s) => Object.values(s.labels)),
);
console.log(`bench:regex: ${lines.length} log lines, ${values.length} label values; CPU medians of ${REPS}`);

const table = new Table({
  head: ['where', 'regex', 'engine', 'chosen', 'RE2JS only', 'V8 RegExp', 'hits'],
  style: { head: [], border: [] },
});
const fmt = (v: number): string => `${v.toFixed(v < 10 ? 2 : 0)} ms`;
const rows: [string, string[], string[], boolean][] = [
  ['|~ lines', LINE_RES, lines, false],
  ['=~ labels', LABEL_RES, values, true],
];
for (const [where, res, xs, anchored] of rows) {
  for (const p of res) {
    const re = compileRegexp(p, { anchored, dotNL: anchored });
    const full = anchored ? `^(?s:${p})$` : p;
    const r2 = RE2JS.compile(full);
    const js = /\(\?i\)|\\pL|\(\?P/.test(p)
      ? null
      : new RegExp(anchored ? `^(?:${p})$` : p, anchored ? 's' : '');
    const a = cpuMedian(() => count((s) => re.test(s), xs));
    const b = cpuMedian(() => count((s) => r2.test(s), xs));
    const c = js ? fmt(cpuMedian(() => count((s) => js.test(s), xs)).ms) : 'n/a';
    table.push([where, p, re.engine, fmt(a.ms), fmt(b.ms), c, a.hits]);
  }
}
const long = `${'a'.repeat(30)}${'x'.repeat(20_000)}`;
for (const p of CATASTROPHIC) {
  const re = compileRegexp(p, { anchored: false });
  const a = cpuMedian(() => count((s) => re.test(s), [long]));
  table.push(['|~ one 20k line', p, re.engine, fmt(a.ms), '', 'exponential', a.hits]);
}
console.log(table.toString());
