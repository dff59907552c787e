/** Values flowing between evaluator nodes at one evaluation timestamp. */
import type { Labels, Series } from '../../world/types.js';
import type { Call } from '../ast.js';

/** One instant-vector element. `st` is the raw sample time, set only by selectors (for timestamp()). */
export interface Sample {
  labels: Labels;
  v: number;
  st?: number;
}

/** One series' samples inside a range window: indices [lo, hi) of parallel arrays, no stale markers. */
export interface Window {
  labels: Labels;
  ts: Float64Array;
  vs: Float64Array;
  lo: number;
  hi: number;
  /** `labels` without the metric name, when known up front. */
  dropped?: Labels;
  /** Prefix counts of decreases over `vs` (selectors.ts resetsOf), when the window indexes a series' own arrays. */
  resets?: Int32Array;
}

export type Value =
  | { kind: 'scalar'; v: number }
  | { kind: 'string'; v: string }
  | { kind: 'vector'; samples: Sample[] }
  /** A range vector: windows ending at `end` (ms, after @/offset) spanning `rangeMs`. */
  | { kind: 'matrix'; windows: Window[]; rangeMs: number; end: number };

export type VectorValue = Extract<Value, { kind: 'vector' }>;
export type MatrixValue = Extract<Value, { kind: 'matrix' }>;

/** The samples of an instant vector; any other value contributes none. */
export function vectorOf(v: Value): Sample[] {
  return v.kind === 'vector' ? v.samples : [];
}

/** A selected series with what every step needs precomputed. */
export interface Selected extends Series {
  stale: boolean;
  dropped: Labels;
  /** resetsOf(vs), made at the first window of a series without stale markers (its windows index `vs`). */
  resets: Int32Array | undefined;
  /** The last window's bounds: where the next step's search starts. */
  hintLo: number;
  hintHi: number;
}

/** A block of a range call's coming steps, computed series by series (range-columns.ts). */
export interface Column {
  readonly start: number;
  readonly step: number;
  readonly count: number;
  readonly series: Selected[];
  /** Series i at step j is `values[i * count + j]`, present when `has` says so. */
  readonly values: Float64Array;
  readonly has: Uint8Array;
  /** Samples in the step's windows: what the range selector counts against maxSamples. */
  readonly samples: Float64Array;
  /** Steps served: a block that served one step was the wrong guess of the next. */
  hits: number;
  /** Per series, filled in by the block's first step (calls.ts): the output labels and the metric name. */
  out?: { labels: Labels[]; names: (string | undefined)[] };
}

/** Per call node: its current block, or null once blocks proved useless for it. */
export type ColumnCache = Map<Call, Column | null>;
