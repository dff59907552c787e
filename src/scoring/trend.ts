/**
 * A row's pass rate over runs, and where it moved (`bench history --golden G --seat S`, the
 * viewer's runs page). Runs are read oldest first in stretches: a stretch pools the trials of the
 * runs since the last move, and its Wilson 95% interval is where the row's pass rate has been. A
 * run whose own Wilson interval lies wholly below the stretch's is where a regression BEGAN (wholly
 * above: an improvement); that run starts the next stretch, so the runs after it that stay down
 * are not marked again. Comparing whole intervals, not a point with an interval, keeps one unlucky
 * run of few trials (9/10 after 100/100) from being called a regression. Pure.
 */
import { wilson } from './intervals.js';
import type { Rounded } from './types.js';

export type TrendMark = 'regressed' | 'improved';

export interface TrendInput {
  passes: number;
  n: number;
}

export interface TrendPoint {
  /** The run's own interval (null: nothing scored). */
  ci95: Rounded | null;
  /** The interval of the stretch before this run (null: the first run with trials). */
  before: Rounded | null;
  /** Where a move began; absent: inside the stretch. */
  mark?: TrendMark;
}

export function trendOf(points: readonly TrendInput[]): TrendPoint[] {
  let pooled = { passes: 0, n: 0 };
  return points.map((p) => {
    const ci95 = wilson(p.passes, p.n);
    if (!ci95) return { ci95, before: null };
    const before = wilson(pooled.passes, pooled.n);
    const mark: TrendMark | undefined =
      before && ci95.hi < before.lo ? 'regressed' : before && ci95.lo > before.hi ? 'improved' : undefined;
    pooled = mark ? { passes: p.passes, n: p.n } : { passes: pooled.passes + p.passes, n: pooled.n + p.n };
    return mark ? { ci95, before, mark } : { ci95, before };
  });
}

const BARS = '▁▂▃▄▅▆▇█';

/** A rate in [0,1] per point as one line of block characters (a space: no value). */
export function sparkline(values: readonly (number | null)[]): string {
  return values
    .map((v) =>
      v === null ? ' ' : BARS[Math.min(BARS.length - 1, Math.max(0, Math.round(v * (BARS.length - 1))))],
    )
    .join('');
}
