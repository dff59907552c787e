/** Stream selection with RE2 regex matchers, and the work counters every evaluation reports. */
import { type Deadline, NO_DEADLINE } from '../../world/deadline.js';
import type { Labels, LogEntry, LogSource, LogStream, Matcher } from '../../world/types.js';
import type { LokiStats } from '../api.js';
import { labelsGetter, matcherTest } from '../pipeline/index.js';
import type { LogQuery } from '../syntax/index.js';

/**
 * The per-query evaluation state every stage is handed: the work counters Loki reports, the
 * query's deadline, spent where the counters count (a line, a window), and the stream selectors
 * that read an entry (noteSelected).
 */
export interface EvalStats extends LokiStats {
  readonly deadline: Deadline;
  readonly matched: Set<LogQuery>;
}

export function newStats(deadline: Deadline = NO_DEADLINE): EvalStats {
  return { bytesProcessed: 0, linesProcessed: 0, entriesReturned: 0, deadline, matched: new Set() };
}

/**
 * Marks `q`'s selector matched when one of its streams holds an entry the evaluation asked about,
 * before any pipeline stage: a filter that then drops every line leaves it matched (a measured
 * nothing). `streams` are selectStreams' answer (entries already cut to the query's span);
 * `inWindow`, when given, narrows that span to the windows the steps really read.
 */
export function noteSelected(
  stats: EvalStats,
  q: LogQuery,
  streams: readonly LogStream[],
  inWindow?: (t: number) => boolean,
): void {
  if (stats.matched.has(q)) return;
  for (const s of streams) {
    if (s.entries.length === 0) continue;
    if (!inWindow || s.entries.some((e) => inWindow(e.t))) {
      stats.matched.add(q);
      return;
    }
  }
}

/** One line read: counted, and a unit of the deadline spent. */
export function countLine(stats: EvalStats, bytes: number): void {
  stats.linesProcessed++;
  stats.bytesProcessed += bytes;
  stats.deadline.spend(1);
}

/** Streams matching the selector with entries in [minT, maxT] (ms, inclusive). */
export function selectStreams(
  src: LogSource,
  selector: readonly Matcher[],
  minT: number,
  maxT: number,
): LogStream[] {
  if (maxT < minT) return [];
  const plain = selector.filter((m) => m.op === '=' || m.op === '!=');
  const regex = selector.filter((m) => m.op === '=~' || m.op === '!~').map(matcherTest);
  const streams = src.select(plain, minT, maxT);
  const picked = regex.length
    ? streams.filter((s) => regex.every((t) => t(labelsGetter(s.labels))))
    : streams;
  return picked.some(hasMetadata) ? picked.flatMap(withMetadata) : picked;
}

const hasMetadata = (s: LogStream): boolean => s.entries.some((e) => e.metadata !== undefined);

/**
 * A selected stream as the pipeline reads it: its entries grouped by their structured metadata,
 * each group one stream whose labels are the stream's with the metadata's (Loki promotes
 * structured metadata into the entry's labels; the selector has matched the stream labels only).
 * A metadata key that is also a stream label loses the name to the stream label and is kept as
 * `<key>_extracted` (a parser's conflicting key later takes that name: parsed wins it). Entries
 * stay in time order within each group.
 */
function withMetadata(s: LogStream): LogStream[] {
  if (!hasMetadata(s)) return [s];
  const groups = new Map<string, { labels: Labels; entries: LogEntry[] }>();
  for (const e of s.entries) {
    const key = e.metadata ? metadataKey(e.metadata) : '';
    let g = groups.get(key);
    if (!g) {
      g = { labels: e.metadata ? mergeMetadata(s.labels, e.metadata) : s.labels, entries: [] };
      groups.set(key, g);
    }
    g.entries.push(e);
  }
  return [...groups.values()];
}

function metadataKey(m: Labels): string {
  let out = '\u0000';
  for (const k in m) out += `${k}\u0001${m[k]}\u0002`;
  return out;
}

function mergeMetadata(stream: Labels, metadata: Labels): Labels {
  const out: Record<string, string> = { ...stream };
  for (const k of Object.keys(metadata)) {
    if (stream[k] === undefined) out[k] = metadata[k];
    else if (stream[`${k}_extracted`] === undefined) out[`${k}_extracted`] = metadata[k];
  }
  const sorted: Record<string, string> = {};
  for (const k of Object.keys(out).sort()) sorted[k] = out[k];
  return sorted;
}

/**
 * Whether a time falls in one of the range windows (t − offset − range, t − offset] of `steps`
 * (ascending); undefined when the windows tile their whole span without gaps (one step, or a step
 * no longer than the range), so that any entry selectStreams returned is inside one.
 */
export function stepWindows(
  steps: readonly number[],
  rangeMs: number,
  offsetMs: number,
): ((t: number) => boolean) | undefined {
  if (steps.length < 2 || steps[1] - steps[0] <= rangeMs) return undefined;
  return (t) => {
    // The first step whose window's end (step − offset) is at or after t.
    const from = t + offsetMs;
    let lo = 0;
    let hi = steps.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (steps[mid] < from) lo = mid + 1;
      else hi = mid;
    }
    return lo < steps.length && steps[lo] < from + rangeMs;
  };
}

export function byteLen(line: string): number {
  return Buffer.byteLength(line);
}
