/** Values flowing between evaluator nodes at one evaluation timestamp. */
import type { Labels } from '../../world/types.js';

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
