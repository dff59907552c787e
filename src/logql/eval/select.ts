/** Stream selection with RE2 regex matchers, and the work counters every evaluation reports. */
import { type Deadline, NO_DEADLINE } from '../../world/deadline.js';
import type { LogSource, LogStream, Matcher } from '../../world/types.js';
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
  return regex.length ? streams.filter((s) => regex.every((t) => t(labelsGetter(s.labels)))) : streams;
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
