/**
 * The LogQL engine's public contract (implemented in ./index.ts). Results mirror Loki's API:
 * log queries return streams, metric queries return vectors or matrices.
 */

import { TypedError } from '../errors.js';
import type { Selection } from '../formats/run/index.js';
import type { InstantSample, RangeSeries } from '../promql/api.js';
import type { Deadline } from '../world/deadline.js';
import type { Labels, LogEntry } from '../world/types.js';

export interface StreamResult {
  labels: Labels;
  entries: LogEntry[];
}

export type LokiValue =
  | { type: 'streams'; streams: StreamResult[] }
  | { type: 'vector'; samples: InstantSample[] }
  | { type: 'matrix'; series: RangeSeries[] }
  | { type: 'scalar'; t: number; v: number };

export interface LokiStats {
  bytesProcessed: number;
  linesProcessed: number;
  entriesReturned: number;
}

export interface LokiResult {
  value: LokiValue;
  warnings: string[];
  stats: LokiStats;
  /** Which stream selectors read data (eval/selection.ts). */
  selection: Selection;
}

export type LogDirection = 'forward' | 'backward';

export interface LogQueryOptions {
  /** Range [start, end] in ms; Loki's end is exclusive for log queries. */
  start: number;
  end: number;
  /** Metric range queries: step in ms. Instant metric queries pass start === end and no step. */
  step?: number;
  limit?: number;
  direction?: LogDirection;
  /**
   * Checked per line and per window batch: when it expires the query throws `timeout` (Loki's 504
   * text), when canceled `canceled` (499).
   */
  deadline?: Deadline;
  /** The served world's time shift: `__timestamp__` in templates answers shifted times. Default 0. */
  timeShiftMs?: number;
}

/** Loki error kinds: `bad_data` answers 400 with a plain-text body. */
export type LokiErrorType = 'bad_data' | 'canceled' | 'timeout' | 'internal';

export class LogQLError extends TypedError<LokiErrorType> {}
