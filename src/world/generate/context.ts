/** What every generator needs: the seed, the world's time range, and time-reference resolution. */
import { labelsKey } from '../matchers.js';
import { hashString } from '../rng.js';
import type { Labels } from '../types.js';
import type { ResolveTime } from './signal.js';

export interface GenContext {
  readonly seed: number;
  /** time.start and time.end (ms): samples and lines lie in [start, end]. */
  readonly start: number;
  readonly end: number;
  readonly resolve: ResolveTime;
}

/**
 * Scrape times of one target: every `interval` from `start + phase` to `end`. The phase (1 ms to
 * interval−1 ms) is derived from the target's identity, as Prometheus spreads its scrapes; it keeps
 * samples off the minute grid, so range windows never start or end exactly on a sample.
 * The identity is `job`+`instance` when `instance` is present, else the label set without
 * `__name__` and `le`, so a histogram's `_bucket`, `_sum` and `_count` share their timestamps.
 */
export function scrapeTimes(ctx: GenContext, intervalMs: number, labels: Labels): number[] {
  const phase = intervalMs > 2 ? 1 + (hashString(targetKey(labels), ctx.seed) % (intervalMs - 1)) : 0;
  const out: number[] = [];
  for (let t = ctx.start + phase; t <= ctx.end; t += intervalMs) out.push(t);
  return out;
}

function targetKey(labels: Labels): string {
  if (labels.instance !== undefined) {
    return `job=${labels.job ?? ''},instance=${labels.instance ?? ''}`;
  }
  const rest: Record<string, string> = {};
  for (const [k, v] of Object.entries(labels)) if (k !== '__name__' && k !== 'le') rest[k] = v;
  return labelsKey(rest);
}
