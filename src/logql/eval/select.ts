/** Stream selection with RE2 regex matchers, and the work counters every evaluation reports. */
import { type Deadline, NO_DEADLINE } from '../../world/deadline.js';
import type { LogSource, LogStream, Matcher } from '../../world/types.js';
import type { LokiStats } from '../api.js';
import { labelsGetter, matcherTest } from '../pipeline/label-filter.js';

/**
 * The per-query evaluation state every stage is handed: the work counters Loki reports, and the
 * query's deadline, spent where the counters count (a line, a window).
 */
export interface EvalStats extends LokiStats {
  readonly deadline: Deadline;
}

export function newStats(deadline: Deadline = NO_DEADLINE): EvalStats {
  return { bytesProcessed: 0, linesProcessed: 0, entriesReturned: 0, deadline };
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

export function byteLen(line: string): number {
  return Buffer.byteLength(line);
}
