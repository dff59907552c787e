/**
 * A documented LogQL conformance case: input streams, a query, and the output Loki's
 * documentation states (or that follows directly from its worked example). `doc` cites the page
 * path and the heading anchor.
 */
import type { StreamSpec } from '../helpers.js';

export type Expect =
  /** Returned lines regardless of order. */
  | { lines: string[] }
  /** Streams (any order), each with its lines in result order. */
  | { streams: { labels: Record<string, string>; lines: string[] }[] }
  /** Instant vector; `ordered` when the query defines the order (sort, sort_desc). */
  | { vector: [Record<string, string>, number][]; ordered?: boolean }
  /** Range query: series with points as [seconds after T0, value]. */
  | { matrix: [Record<string, string>, [number, number][]][] }
  | { scalar: number }
  /** A LogQLError whose message contains this text. */
  | { error: string };

export interface Case {
  /**
   * What the case pins: a documentation page path and heading anchor
   * (`/docs/loki/latest/query/<page>/#<anchor>`), or a Loki source file and function
   * (`loki:pkg/logql/log/parser.go#JSONParser.Process`).
   */
  doc: string;
  /** Set only with the reason the case cannot run; the ratchet counts it as not passing. */
  skip?: string;
  name: string;
  streams: StreamSpec[];
  query: string;
  /** Query end in seconds after T0 (default 300); start defaults to T0. */
  end?: number;
  start?: number;
  /** Range metric query step in seconds. */
  step?: number;
  limit?: number;
  direction?: 'forward' | 'backward';
  expect: Expect;
}

export const LQ = '/docs/loki/latest/query/log_queries/';
export const MQ = '/docs/loki/latest/query/metric_queries/';
export const TF = '/docs/loki/latest/query/template_functions/';
export const QR = '/docs/loki/latest/query/query_reference/';
export const QE = '/docs/loki/latest/query/query_examples/';
export const LOKI_SRC = 'loki:pkg/logql/';

/** One stream with lines one second apart starting at t = 1 s. */
export function stream(labels: Record<string, string>, ...lines: string[]): StreamSpec {
  return { labels, lines: lines.map((l, i) => [i + 1, l] as [number, string]) };
}
