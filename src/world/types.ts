/**
 * The data model every engine and the backend read: metric series and log streams.
 * Times are integer milliseconds since the Unix epoch everywhere inside the bench; Loki's
 * nanosecond strings are produced only at the HTTP edge.
 */

/** A label set, including `__name__` for metric series. Keys are kept sorted by the stores. */
export type Labels = Readonly<Record<string, string>>;

/** The staleness marker: a NaN with the payload Prometheus uses (0x7ff0000000000002). */
export const STALE_NAN: number = (() => {
  const buf = new DataView(new ArrayBuffer(8));
  buf.setUint32(0, 0x7ff00000);
  buf.setUint32(4, 0x00000002);
  return buf.getFloat64(0);
})();

export function isStaleNaN(v: number): boolean {
  if (!Number.isNaN(v)) return false;
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, v);
  return buf.getUint32(0) === 0x7ff00000 && buf.getUint32(4) === 0x00000002;
}

/** One float series: timestamps ascending, parallel arrays. A stale marker is STALE_NAN. */
export interface Series {
  readonly labels: Labels;
  readonly ts: Float64Array;
  readonly vs: Float64Array;
}

export type MatchOp = '=' | '!=' | '=~' | '!~';

/** A label matcher; regexes are fully anchored, as in Prometheus and Loki. */
export interface Matcher {
  readonly name: string;
  readonly op: MatchOp;
  readonly value: string;
}

/** What the PromQL engine evaluates against. Implemented by the in-memory SeriesStore. */
export interface SeriesSource {
  /** Series matching all matchers with at least one sample in [minT, maxT] (ms, inclusive). */
  select(matchers: readonly Matcher[], minT: number, maxT: number): Series[];
  labelNames(matchers: readonly Matcher[][], minT: number, maxT: number): string[];
  labelValues(name: string, matchers: readonly Matcher[][], minT: number, maxT: number): string[];
}

/**
 * One log line with its timestamp (ms) and, optionally, its structured metadata: Loki 3's
 * per-entry key/value pairs, not part of the stream's identity, read by queries as labels.
 */
export interface LogEntry {
  readonly t: number;
  readonly line: string;
  /** Absent when the entry has none (never an empty object). Keys sorted. */
  readonly metadata?: Labels;
}

/** A log stream: a label set and entries ascending by time. */
export interface LogStream {
  readonly labels: Labels;
  readonly entries: readonly LogEntry[];
}

/** What the LogQL engine evaluates against. Implemented by the in-memory LogStore. */
export interface LogSource {
  /** Streams whose labels match all matchers; entries restricted to [minT, maxT] (ms, inclusive). */
  select(matchers: readonly Matcher[], minT: number, maxT: number): LogStream[];
  labelNames(minT: number, maxT: number): string[];
  labelValues(name: string, minT: number, maxT: number): string[];
}

/** A golden's telemetry, built deterministically from its spec and seed. */
export interface World {
  readonly start: number;
  readonly end: number;
  readonly metrics: SeriesSource & { readonly size: { series: number; samples: number } };
  readonly logs: LogSource & { readonly size: { streams: number; lines: number; bytes: number } };
}
