/**
 * The size of a golden's world, estimated from its spec BEFORE anything is generated, and held
 * against the caps of formats/limits.ts. A log rate of 1e9 or a one-slot-per-millisecond series would
 * otherwise grow arrays until V8 aborts the process (no exception, no message, a half-made run
 * folder). The estimate uses the generators' own semantics (label matrices, scrape intervals, the
 * Signal's level over time, bursts), so it is close to what building would make: log lines are an
 * expected count (a Poisson draw lands within a fraction of a percent of it at these sizes).
 */
import { InputError } from '../errors.js';
import type { Golden } from '../formats/golden/index.js';
import { LIMITS, overCap, windowMessage } from '../formats/limits.js';
import { locateInFile } from '../formats/load.js';
import type { RuleIssue } from '../formats/rules/index.js';
import { parseDuration, resolveTimeRef } from '../formats/time.js';
import { expectedLines, matrixSize } from './estimate.js';
import { countValues, expandValues, splitSeries } from './notation.js';

type Path = (string | number)[];

export interface WorldEstimate {
  series: number;
  samples: number;
  lines: number;
}

/** Rules (with dot paths into golden.yaml) for every cap the world would cross. */
export function worldLimitRules(g: Golden): RuleIssue[] {
  return measureWorld(g).rules;
}

/** What building the world would make, without building it (Infinity past any sane size). */
export function estimateWorld(g: Golden): WorldEstimate {
  return measureWorld(g).total;
}

function measureWorld(g: Golden): { total: WorldEstimate; rules: RuleIssue[] } {
  const total: WorldEstimate = { series: 0, samples: 0, lines: 0 };
  const rules: RuleIssue[] = [];
  const window = g.ms.end - g.ms.start;
  // A window running backwards is reported by the time rules; nothing is generated for it.
  if (!(window >= 0)) return { total, rules };
  if (window > LIMITS.windowMs) {
    rules.push({ path: ['time', 'end'], message: windowMessage(window), severity: 'error' });
    return { total, rules };
  }
  /** The block that adds most of each quantity: where an author looks when the world is too big. */
  const biggest: Record<keyof WorldEstimate, { path: Path; n: number }> = {
    series: { path: ['world'], n: -1 },
    samples: { path: ['world'], n: -1 },
    lines: { path: ['world'], n: -1 },
  };
  const add = (what: keyof WorldEstimate, n: number, path: Path) => {
    total[what] += n;
    if (n > biggest[what].n) biggest[what] = { path, n };
  };
  const err = (path: Path, message: string): void => {
    rules.push({ path, message, severity: 'error' });
  };
  g.world.metrics.forEach((b, i) => {
    const m = 'load' in b ? loadBlockSize(b, i, g, err) : generatorSize(b.generate, i, window, err);
    if (!m) return;
    add('series', m.series, m.seriesPath);
    add('samples', m.samples, m.samplesPath);
  });
  g.world.logs.forEach((b, i) => {
    const at: Path = ['world', 'logs', i];
    const streams = matrixSize(b.stream);
    add('series', streams, [...at, 'stream']);
    const perStream = (b.lines?.length ?? 0) + (b.generate ? expectedLines(g, b.generate) : 0);
    add(
      'lines',
      streams * perStream,
      b.generate ? [...at, 'generate', 'rate'] : [...at, b.file === undefined ? 'lines' : 'file'],
    );
  });
  const caps: [keyof WorldEstimate, string, number][] = [
    ['series', 'series and log streams', LIMITS.series],
    ['samples', 'samples', LIMITS.samples],
    ['lines', 'log lines', LIMITS.logLines],
  ];
  for (const [what, noun, cap] of caps) {
    if (total[what] > cap) err(biggest[what].path, `the world would hold ${overCap(noun, total[what], cap)}`);
  }
  return { total, rules };
}

type Err = (path: Path, message: string) => void;
type MetricBlock = Golden['world']['metrics'][number];
interface BlockSize {
  series: number;
  samples: number;
  seriesPath: Path;
  samplesPath: Path;
}

/** A `load` block: one series per line, its values counted without expanding them. */
function loadBlockSize(
  b: Extract<MetricBlock, { load: string }>,
  i: number,
  g: Golden,
  err: Err,
): BlockSize | undefined {
  const at: Path = ['world', 'metrics', i];
  const step = parseDuration(b.load) ?? 0;
  if (!(step > 0)) {
    err([...at, 'load'], 'the load interval must be positive');
    return undefined;
  }
  const first = loadStart(b, g);
  let series = 0;
  let samples = 0;
  // A data file's lines are named by file:line; the rule sits on the block's `file` key.
  const where: Path = [...at, b.file === undefined ? 'series' : 'file'];
  const lineName = (n: number) => (b.file === undefined ? `series line ${n + 1}` : `${b.file}:${n + 1}`);
  (b.series ?? '').split('\n').forEach((line, n) => {
    const text = line.trim();
    if (text === '' || text.startsWith('#')) return;
    const values = splitSeries(text)[1];
    const count = countValues(values);
    if (count > LIMITS.seriesSlots)
      err(where, `${lineName(n)}: ${overCap('values', count, LIMITS.seriesSlots)}`);
    else if (first !== undefined) {
      const outside = sampleOutside(values, count, first, step, g.ms.end);
      if (outside !== undefined)
        err(
          where,
          `${lineName(n)}: sample ${outside + 1} lies at ${new Date(first + outside * step).toISOString()}, after time.end (every sample lies in [time.start, time.end]; shorten the line or start the block later with \`at:\`)`,
        );
    }
    series++;
    samples += count;
  });
  return { series, samples, seriesPath: where, samplesPath: where };
}

/** The block's first instant, or undefined when `at` is no time (the schema reports that). */
function loadStart(b: Extract<MetricBlock, { load: string }>, g: Golden): number | undefined {
  if (b.at === undefined) return g.ms.start;
  try {
    return resolveTimeRef(b.at, g.ms.start);
  } catch {
    return undefined;
  }
}

/**
 * The index of a line's first sample after `end`, if any. Only a line whose slots reach past `end`
 * is expanded (it is under the slot cap here), and a trailing `_` past `end` is no sample.
 */
function sampleOutside(values: string, count: number, first: number, step: number, end: number) {
  if (first + (count - 1) * step <= end) return undefined;
  let slots: (number | undefined)[];
  try {
    slots = expandValues(values);
  } catch {
    return undefined; // bad syntax: building the block reports it with its line
  }
  const lastInside = Math.floor((end - first) / step);
  for (let k = Math.max(0, lastInside + 1); k < slots.length; k++) if (slots[k] !== undefined) return k;
  return undefined;
}

/** A generator: one series per label set (a histogram adds one per bucket, +Inf, _sum, _count). */
function generatorSize(
  gen: Extract<MetricBlock, { generate: unknown }>['generate'],
  i: number,
  window: number,
  err: Err,
): BlockSize | undefined {
  const at: Path = ['world', 'metrics', i, 'generate'];
  const interval = parseDuration(gen.interval ?? '15s') ?? 0;
  if (!(interval > 0)) {
    err([...at, 'interval'], 'the scrape interval must be positive');
    return undefined;
  }
  const perSeries = Math.floor(window / interval) + 1;
  if (perSeries > LIMITS.seriesSlots)
    err([...at, 'interval'], overCap('samples in one series', perSeries, LIMITS.seriesSlots));
  const buckets = new Set((gen.buckets ?? []).filter((x) => Number.isFinite(x))).size;
  const series = matrixSize(gen.labels ?? {}) * (gen.type === 'histogram' ? buckets + 3 : 1);
  return {
    series,
    samples: series * perSeries,
    seriesPath: [...at, 'labels'],
    samplesPath: [...at, 'interval'],
  };
}

/** Throws an InputError placed in golden.yaml when the world would cross a cap. */
export function assertWorldFits(g: Golden): void {
  const rules = worldLimitRules(g);
  if (!rules.length) return;
  throw new InputError(`golden ${g.id}: the world is too large to build`, locateInFile(g.file, rules));
}
