/**
 * `sum [by (l, …)] (count_over_time | bytes_over_time (…))` and `max`/`min [by (…)]` of
 * `max_over_time`/`min_over_time (… | unwrap x …)`, evaluated without one sample series per
 * distinct parsed label set. The plain evaluation groups samples by every label the parsers
 * extract (one series per line when a line carries a request id) and only then aggregates; here
 * each line goes straight to its `by` group, and json/logfmt extract only the labels the query
 * reads (Loki's parser hints).
 *
 * The result is the same to the bit: counts and byte sizes are integers, so a sum of per-series
 * counts equals the group's count in any order; the max of maxima is the group's maximum in any
 * order (NaN only when all are NaN), except that of 0 and -0 the first seen wins, so a -0 sample
 * sends the query back to the plain path. Group order can differ from the plain path's per-step
 * order, so this applies only where order is not observable (the caller says so: a top-level
 * aggregation, whose vector the result sorts by labels). A line that ends with an `__error__`
 * label makes the plain path fail with that line's full label set in the message: then too this
 * returns undefined and the caller evaluates the plain way.
 */
import type { Labels, LogSource } from '../../world/types.js';
import { compilePipeline, type Entry, ERROR_DETAILS_LABEL, ERROR_LABEL, keyOf } from '../pipeline/index.js';
import type { Grouping, LabelFilterExpr, MetricExpr, RangeAggExpr, Stage } from '../syntax/index.js';
import { sampleExtractor } from './extract.js';
import { type StepVectors, windowsOf } from './range-agg.js';
import { applyGrouping, pushSample, readStreams, type SampleSeries } from './samples.js';
import { byteLen, countLine, type EvalStats } from './select.js';

type VaggExpr = Extract<MetricExpr, { kind: 'vagg' }>;

/** Stages that read labels only by name (filters) or not at all. */
const NAME_ONLY_STAGES = new Set<Stage['kind']>([
  'lineFilter',
  'labelFilter',
  'json',
  'logfmt',
  'regexp',
  'pattern',
  'unpack',
  'decolorize',
]);

/** Outer aggregation → the range aggregations it composes with exactly (see above). */
const COMPOSES: Partial<Record<VaggExpr['op'], readonly RangeAggExpr['op'][]>> = {
  sum: ['count_over_time', 'bytes_over_time'],
  max: ['max_over_time'],
  min: ['min_over_time'],
};

export function pushdownRange(e: VaggExpr): RangeAggExpr | undefined {
  if (e.grouping?.without) return undefined;
  const r = e.expr;
  if (r.kind !== 'range' || r.grouping || !COMPOSES[e.op]?.includes(r.op)) return undefined;
  return r.log.stages.every((s) => NAME_ONLY_STAGES.has(s.kind)) ? r : undefined;
}

/** The step vectors of the inner range aggregation, one series per `by` group; see above. */
export function evalPushdown(
  src: LogSource,
  e: VaggExpr,
  r: RangeAggExpr,
  steps: number[],
  stats: EvalStats,
): StepVectors | undefined {
  if (!steps.length) return steps.map(() => []);
  const by = [...new Set(e.grouping?.labels ?? [])].sort();
  const grouping: Grouping = { without: false, labels: by };
  const hints = new Set([...by, ERROR_LABEL, ERROR_DETAILS_LABEL]);
  for (const s of r.log.stages) if (s.kind === 'labelFilter') filterNames(s.filter, hints);
  const uw = r.unwrap;
  if (uw) hints.add(uw.label);
  for (const f of uw?.post ?? []) filterNames(f, hints);
  const pipe = compilePipeline(r.log.stages, hints);
  const bytes = r.op === 'bytes_over_time';
  const extractor = sampleExtractor(pipe, uw, bytes);
  const { entry } = extractor;
  const before = { ...stats };
  // Keyed by (presence, value) per `by` label: the same content as keyOf of the group labels.
  const groups = new Map<string, SampleSeries>();
  const add = (id: string, labels: () => Labels, t: number, v: number) => {
    let s = groups.get(id);
    if (!s) groups.set(id, (s = { labels: labels(), ts: [], vs: [], unsorted: false }));
    pushSample(s, t, v);
  };
  for (const st of readStreams(src, r, steps, stats)) {
    // Unwritten labels are the stream's own (finalLabels() returns them as they are).
    const streamLabels = applyGrouping(st.labels, grouping);
    const streamId = idOf(by, (n) => st.labels[n]);
    for (const { t, line } of st.entries) {
      const len = byteLen(line);
      countLine(stats, len);
      if (pipe.lineOnly && !uw) {
        if (pipe.lineOnly(line)) add(streamId, () => streamLabels, t, bytes ? len : 1);
        continue;
      }
      const v = extractor.valueOf(line, t, st.labels);
      if (v === undefined) continue;
      if (entry.finalValue(ERROR_LABEL) !== undefined || Object.is(v, -0)) {
        Object.assign(stats, before);
        return undefined;
      }
      if (!entry.written()) add(streamId, () => streamLabels, t, v);
      else
        add(
          idOf(by, (n) => entry.finalValue(n)),
          () => writtenGroup(by, entry),
          t,
          v,
        );
    }
  }
  // Ids and label keys correspond one to one (both say, per `by` label, absent or which value).
  const series = new Map<string, SampleSeries>();
  for (const s of groups.values()) {
    if (s.unsorted) sortSeries(s);
    series.set(keyOf(s.labels), s);
  }
  return windowsOf(r, series, steps, stats.deadline);
}

function idOf(by: readonly string[], get: (name: string) => string | undefined): string {
  let id = '';
  for (const n of by) {
    const v = get(n);
    id += v === undefined ? '\u0000' : `\u0001${v}\u0002`;
  }
  return id;
}

function writtenGroup(by: readonly string[], e: Entry): Labels {
  const out: Record<string, string> = {};
  for (const n of by) {
    const v = e.finalValue(n);
    if (v !== undefined) out[n] = v;
  }
  return out;
}

function filterNames(f: LabelFilterExpr, into: Set<string>): void {
  switch (f.kind) {
    case 'and':
    case 'or':
      filterNames(f.left, into);
      filterNames(f.right, into);
      return;
    case 'match':
      into.add(f.matcher.name);
      return;
    default:
      into.add(f.name);
  }
}

function sortSeries(s: SampleSeries): void {
  const idx = s.ts.map((_, i) => i).sort((a, b) => s.ts[a] - s.ts[b] || a - b);
  s.ts = idx.map((i) => s.ts[i]);
  s.vs = idx.map((i) => s.vs[i]);
  s.unsorted = false;
}
