/**
 * A world as plain data, to hand to an engine worker: every series (labels, typed arrays) and every
 * log stream (labels, times, lines, structured metadata), read through the public source interfaces so any World can go.
 * The worker rebuilds stores from it that answer exactly as the original: stores sort series and
 * streams by label key, and a series' stale markers survive because typed arrays are copied by
 * bytes (a JS array would canonicalize the NaN payload).
 */
import { LogStore } from '../../world/log-store.js';
import { SeriesStore } from '../../world/series-store.js';
import type { Labels, World } from '../../world/types.js';

export interface WorldData {
  start: number;
  end: number;
  series: { labels: Labels; ts: Float64Array; vs: Float64Array }[];
  /** `metadata[i]`: entry i's structured metadata; the array is absent when no entry has any. */
  streams: { labels: Labels; ts: Float64Array; lines: string[]; metadata?: (Labels | undefined)[] }[];
}

const ALL = [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY] as const;

export function worldData(world: World): WorldData {
  return {
    start: world.start,
    end: world.end,
    series: world.metrics.select([], ...ALL).map((s) => ({ labels: s.labels, ts: s.ts, vs: s.vs })),
    streams: world.logs.select([], ...ALL).map((s) => ({
      labels: s.labels,
      ts: Float64Array.from(s.entries, (e) => e.t),
      lines: s.entries.map((e) => e.line),
      ...(s.entries.some((e) => e.metadata) ? { metadata: s.entries.map((e) => e.metadata) } : {}),
    })),
  };
}

export function worldFromData(d: WorldData): World {
  const metrics = new SeriesStore();
  // addSeries only indexes its arrays; typed arrays keep stale markers bit-exact (see above).
  for (const s of d.series)
    metrics.addSeries(s.labels, s.ts as unknown as number[], s.vs as unknown as number[]);
  const logs = new LogStore();
  for (const s of d.streams)
    for (let i = 0; i < s.lines.length; i++) logs.push(s.labels, s.ts[i], s.lines[i], s.metadata?.[i]);
  metrics.all();
  logs.all();
  return { start: d.start, end: d.end, metrics, logs };
}
