/** In-memory log store: the LogSource the LogQL engine reads. */
import { labelsKey, matchesAll } from './matchers.js';
import type { Labels, LogEntry, LogSource, LogStream, Matcher } from './types.js';

interface Building {
  labels: Labels;
  entries: LogEntry[];
}

export class LogStore implements LogSource {
  private readonly streams = new Map<string, Building>();
  private frozen: LogStream[] | null = null;

  /** One entry; `metadata` is its structured metadata (an empty value is kept, as Loki keeps it). */
  push(labels: Labels, t: number, line: string, metadata?: Labels): void {
    this.frozen = null;
    const meta = metadata && sortedMetadata(metadata);
    this.building(labels).entries.push(meta ? { t, line, metadata: meta } : { t, line });
  }

  /**
   * Generators push a stream's lines with the same label object: key it once, not per line. So a
   * label object must not be mutated once pushed (a copy is taken only at a stream's first line).
   */
  private lastLabels: Labels | undefined;
  private lastBuilding: Building | undefined;

  private building(labels: Labels): Building {
    if (labels === this.lastLabels && this.lastBuilding) return this.lastBuilding;
    const key = labelsKey(labels);
    let b = this.streams.get(key);
    if (!b) {
      const sorted: Record<string, string> = {};
      for (const k of Object.keys(labels).sort()) sorted[k] = labels[k];
      b = { labels: sorted, entries: [] };
      this.streams.set(key, b);
    }
    this.lastLabels = labels;
    this.lastBuilding = b;
    return b;
  }

  /** All streams sorted by label key, entries ascending by time (stable for equal times). */
  all(): LogStream[] {
    if (this.frozen) return this.frozen;
    const keys = [...this.streams.keys()].sort();
    this.frozen = keys.map((k) => {
      const b = this.streams.get(k)!;
      // A copy, so that later pushes never reach a stream handed out; Array#sort is stable.
      const entries = b.entries.slice();
      if (!ascending(entries)) entries.sort((x, y) => x.t - y.t);
      return { labels: b.labels, entries };
    });
    return this.frozen;
  }

  get size(): { streams: number; lines: number; bytes: number } {
    let lines = 0;
    let bytes = 0;
    for (const s of this.all()) {
      lines += s.entries.length;
      for (const e of s.entries) bytes += Buffer.byteLength(e.line);
    }
    return { streams: this.all().length, lines, bytes };
  }

  select(matchers: readonly Matcher[], minT: number, maxT: number): LogStream[] {
    const out: LogStream[] = [];
    for (const s of this.all()) {
      if (!matchesAll(matchers, s.labels)) continue;
      const lo = lowerBound(s.entries, minT);
      const hi = lowerBound(s.entries, maxT + 1);
      if (hi > lo) out.push({ labels: s.labels, entries: s.entries.slice(lo, hi) });
    }
    return out;
  }

  labelNames(minT: number, maxT: number): string[] {
    const names = new Set<string>();
    for (const s of this.select([], minT, maxT)) for (const k of Object.keys(s.labels)) names.add(k);
    return [...names].sort();
  }

  labelValues(name: string, minT: number, maxT: number): string[] {
    const values = new Set<string>();
    for (const s of this.select([], minT, maxT)) if (s.labels[name] !== undefined) values.add(s.labels[name]);
    return [...values].sort();
  }
}

function sortedMetadata(m: Labels): Labels | undefined {
  const keys = Object.keys(m);
  if (keys.length === 0) return undefined;
  const out: Record<string, string> = {};
  for (const k of keys.sort()) out[k] = m[k];
  return out;
}

function ascending(entries: readonly LogEntry[]): boolean {
  for (let i = 1; i < entries.length; i++) if (entries[i].t < entries[i - 1].t) return false;
  return true;
}

function lowerBound(entries: readonly LogEntry[], t: number): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (entries[mid].t < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
