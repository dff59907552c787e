/** Small stores and result accessors shared by the LogQL tests. */

import type { LogQueryOptions, LokiResult } from '../../src/logql/api.js';
import { evalLogQL } from '../../src/logql/index.js';
import { LogStore } from '../../src/world/log-store.js';
import type { Labels } from '../../src/world/types.js';

export const T0 = Date.UTC(2026, 2, 14, 13, 0, 0);

export interface StreamSpec {
  labels: Record<string, string>;
  /** [offset seconds from T0, line] */
  lines: [number, string][];
}

export function storeOf(streams: StreamSpec[]): LogStore {
  const s = new LogStore();
  for (const st of streams) for (const [sec, line] of st.lines) s.push(st.labels, T0 + sec * 1000, line);
  return s;
}

export function run(streams: StreamSpec[], q: string, opts: Partial<LogQueryOptions> = {}): LokiResult {
  return evalLogQL(storeOf(streams), q, { start: T0, end: T0 + 3600_000, ...opts });
}

/** Log query result as `labels → lines` in result order. */
export function linesOf(r: LokiResult): { labels: Labels; lines: string[] }[] {
  if (r.value.type !== 'streams') throw new Error(`expected streams, got ${r.value.type}`);
  return r.value.streams.map((s) => ({ labels: s.labels, lines: s.entries.map((e) => e.line) }));
}

export function allLines(r: LokiResult): string[] {
  return linesOf(r).flatMap((s) => s.lines);
}

/** Instant vector result as [labels, value] pairs. */
export function vectorOf(r: LokiResult): [Labels, number][] {
  if (r.value.type !== 'vector') throw new Error(`expected vector, got ${r.value.type}`);
  return r.value.samples.map((s) => [s.labels, s.v]);
}
