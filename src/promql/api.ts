/**
 * The PromQL engine's public contract (implemented in ./index.ts). The backend, the HTTP adapter,
 * `bench validate` and the tools call only these. Results mirror Prometheus' API value types.
 */

import { TypedError } from '../errors.js';
import type { Selection } from '../formats/run/index.js';
import type { Deadline } from '../world/deadline.js';
import type { Labels } from '../world/types.js';

export interface Point {
  t: number;
  v: number;
}
export interface InstantSample {
  labels: Labels;
  t: number;
  v: number;
}
export interface RangeSeries {
  labels: Labels;
  points: Point[];
}

export type PromValue =
  | { type: 'vector'; samples: InstantSample[] }
  | { type: 'matrix'; series: RangeSeries[] }
  | { type: 'scalar'; t: number; v: number }
  | { type: 'string'; t: number; v: string };

export interface PromResult {
  value: PromValue;
  /** Annotations, Prometheus style: "PromQL warning: ..." and "PromQL info: ...". */
  warnings: string[];
  infos: string[];
  /** Samples touched, for the cost model and bench figures. */
  samplesRead: number;
  /** Which selectors read data (eval/selection.ts): a vacuous empty is told from a measured one by it. */
  selection: Selection;
}

/** Prometheus API error types (DESIGN §8). */
export type PromErrorType =
  | 'bad_data'
  | 'execution'
  | 'canceled'
  | 'timeout'
  | 'internal'
  | 'not_found'
  | 'unavailable';

/**
 * Thrown by the engine. `message` is what Prometheus would put in `error`, e.g.
 * `1:13: parse error: unexpected <EOF>` (the HTTP layer prefixes `invalid parameter "query": `).
 */
export class PromQLError extends TypedError<PromErrorType> {}

export interface EngineOptions {
  /** Default 5 minutes. */
  lookbackDeltaMs?: number;
  /** Prometheus refuses range queries with more than 11,000 points per series. */
  maxPointsPerSeries?: number;
  /** Abort evaluation after this many samples (maps to `execution` errors). */
  maxSamples?: number;
  /**
   * Checked as evaluation goes (per node, step and selected series): when it expires the query
   * throws `timeout` ("query timed out in expression evaluation"), when canceled `canceled`.
   */
  deadline?: Deadline;
  /**
   * What the served world's times are moved by (a shifted `bench serve`, a command seat's server):
   * the functions that read the evaluation clock (`time()`, `timestamp()`, the date functions
   * without arguments) answer the shifted time. Default 0.
   */
  timeShiftMs?: number;
}
