/**
 * Intervals that fit bounded data (DESIGN §11): Wilson for a pass rate, a seeded percentile
 * bootstrap for a mean of [0,1] scores and for paired differences. A percentile interval of a
 * bounded statistic never leaves the statistic's range, unlike a Student-t interval over a [0,1]
 * score (which gave `0.76 [0.49, 1.03]`).
 */
import { SeededRandom, seedFor } from '../random.js';
import { quantileSorted } from './stats.js';
import type { Rounded } from './types.js';

/** Resamples per interval: 2,000 puts the 2.5% / 97.5% percentiles within ~0.01 of their limit. */
export const BOOTSTRAP_RESAMPLES = 2000;

const Z95 = 1.959963984540054;

/** The Wilson score interval of `passes` out of `n` (95%); null for no trials. Always in [0,1]. */
export function wilson(passes: number, n: number): Rounded | null {
  if (n <= 0) return null;
  const p = passes / n;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { lo: Math.max(0, centre - half), hi: Math.min(1, centre + half) };
}

/**
 * The 95% percentile bootstrap interval of a statistic over `n` items, resampled with replacement
 * by a generator seeded from (`seed`, `key`): the same inputs give the same interval on every
 * machine, and two rows never share a stream. `stat` gets each resample as the items' indices (one
 * buffer, refilled): a statistic reads precomputed per-item values through them instead of copying
 * items (the scorecard's intervals took a second of a default run as copies and comparator sorts).
 * Null below two items (one item has no spread to resample).
 */
export function resampled(
  n: number,
  stat: (indices: Int32Array) => number,
  seed: number,
  key: string,
): Rounded | null {
  if (n < 2) return null;
  const rng = new SeededRandom(seedFor(seed, key));
  const values = new Float64Array(BOOTSTRAP_RESAMPLES);
  const indices = new Int32Array(n);
  for (let b = 0; b < BOOTSTRAP_RESAMPLES; b++) {
    for (let i = 0; i < n; i++) indices[i] = rng.int(0, n - 1);
    values[b] = stat(indices);
  }
  // a typed array sorts numerically (ascending, as the comparator `a - b` did for these finite values)
  values.sort();
  return { lo: quantileSorted(values, 0.025), hi: quantileSorted(values, 0.975) };
}

/** The mean of `values` at `indices`, summed in index order (the same float as `mean` of that sample). */
export function meanAt(values: ArrayLike<number>, indices: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < indices.length; i++) sum += values[indices[i]];
  return indices.length ? sum / indices.length : 0;
}

/** `resampled` of the mean of `values`. */
export function bootstrapMean(values: readonly number[], seed: number, key: string): Rounded | null {
  return resampled(values.length, (idx) => meanAt(values, idx), seed, key);
}

/** `resampled` of any statistic of the items themselves (each resample copied into one array). */
export function bootstrap<T>(
  items: readonly T[],
  stat: (sample: readonly T[]) => number,
  seed: number,
  key: string,
): Rounded | null {
  const sample: T[] = new Array(items.length);
  return resampled(
    items.length,
    (idx) => {
      for (let i = 0; i < idx.length; i++) sample[i] = items[idx[i]];
      return stat(sample);
    },
    seed,
    key,
  );
}
