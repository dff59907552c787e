/**
 * Turns a log range expression into sample series: one value per surviving entry (1, its byte
 * length, or its unwrapped label), grouped by final labels. Times ascend within each series.
 */
import { labelsKey } from '../../world/matchers.js';
import type { Labels, LogSource, LogStream } from '../../world/types.js';
import { LogQLError } from '../api.js';
import { compilePipeline, ERROR_LABEL, keyOf } from '../pipeline/index.js';
import type { Grouping, RangeAggExpr } from '../syntax/index.js';
import { sampleExtractor } from './extract.js';
import { byteLen, countLine, type EvalStats, noteSelected, selectStreams, stepWindows } from './select.js';

export interface SampleSeries {
  labels: Labels;
  ts: number[];
  vs: number[];
  unsorted: boolean;
}

export function applyGrouping(labels: Labels, g: Grouping | undefined): Labels {
  if (!g) return labels;
  const out: Record<string, string> = {};
  for (const k of Object.keys(labels)) if (g.labels.includes(k) !== g.without) out[k] = labels[k];
  return out;
}

/**
 * The streams a range aggregation reads for `steps` (non-empty): entries in (first step − offset −
 * range, last step − offset], its selector noted as matched when one of them falls in a window.
 */
export function readStreams(
  src: LogSource,
  e: RangeAggExpr,
  steps: readonly number[],
  stats: EvalStats,
): LogStream[] {
  const minT = steps[0] - e.offsetMs - e.rangeMs;
  const maxT = steps[steps.length - 1] - e.offsetMs;
  const streams = selectStreams(src, e.log.selector, minT + 1, maxT);
  noteSelected(stats, e.log, streams, stepWindows(steps, e.rangeMs, e.offsetMs));
  return streams;
}

/** Samples of the entries readStreams returns for `steps` (non-empty). */
export function collectSamples(
  src: LogSource,
  e: RangeAggExpr,
  steps: readonly number[],
  stats: EvalStats,
): Map<string, SampleSeries> {
  const series = new Map<string, SampleSeries>();
  const pipe = compilePipeline(e.log.stages);
  const bytes = e.op === 'bytes_over_time' || e.op === 'bytes_rate';
  const uw = e.unwrap;
  const keep = !!uw && !!e.grouping && !e.grouping.without && e.grouping.labels.includes(uw.label);
  const extractor = sampleExtractor(pipe, uw, bytes, keep);
  const { entry } = extractor;
  const add = (labels: Labels, key: string, t: number, v: number) => {
    let s = series.get(key);
    if (!s) series.set(key, (s = { labels, ts: [], vs: [], unsorted: false }));
    pushSample(s, t, v);
  };
  for (const st of readStreams(src, e, steps, stats)) {
    const fast = pipe.lineOnly && !uw;
    const baseLabels = fast ? applyGrouping(st.labels, e.grouping) : st.labels;
    const baseKey = keyOf(baseLabels);
    for (const { t, line } of st.entries) {
      const len = byteLen(line);
      countLine(stats, len);
      if (fast) {
        if (pipe.lineOnly!(line)) add(baseLabels, baseKey, t, bytes ? len : 1);
        continue;
      }
      const v = extractor.valueOf(line, t, st.labels);
      if (v === undefined) continue;
      const final = entry.finalLabels();
      // A sample carrying __error__ fails the query, whatever the grouping keeps (Loki docs).
      if (final[ERROR_LABEL] !== undefined) throw pipelineError(final);
      const labels = applyGrouping(final, e.grouping);
      add(labels, keyOf(labels), t, v);
    }
  }
  for (const s of series.values()) if (s.unsorted) sortSeries(s);
  return series;
}

function sortSeries(s: SampleSeries): void {
  const idx = s.ts.map((_, i) => i).sort((a, b) => s.ts[a] - s.ts[b] || a - b);
  s.ts = idx.map((i) => s.ts[i]);
  s.vs = idx.map((i) => s.vs[i]);
  s.unsorted = false;
}

function pipelineError(labels: Labels): LogQLError {
  const err = labels[ERROR_LABEL];
  // The series as Loki prints it: `__error_details__` included, so Go's text reaches the message.
  const shown: Record<string, string> = { ...labels };
  return new LogQLError(
    'bad_data',
    `pipeline error: '${err}' for series: '${labelsKey(shown)}'. Use a label filter to intentionally skip this error. (e.g | __error__!="${err}"). To skip all potential errors you can match empty errors.(e.g __error__="") The label filter can also be specified after unwrap. (e.g | unwrap latency | __error__="" )`,
  );
}

/** Appends (t, v) to a series, noting when a sample arrives before the last one. */
export function pushSample(s: SampleSeries, t: number, v: number): void {
  if (s.ts.length && t < s.ts[s.ts.length - 1]) s.unsorted = true;
  s.ts.push(t);
  s.vs.push(v);
}
