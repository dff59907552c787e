/**
 * `sum [by | without (…)] (<range aggregation>)` in one pass: each window value is added to its
 * group's step total as it is computed, instead of first building a sample per series and step
 * (hundreds of thousands of them when a parser makes every line its own series) and then
 * grouping them. The sums are the same to the bit: per step, members are added in the order
 * `aggregate` would add them (the order windowsOf puts them in its step vector), starting from 0,
 * and groups come out in the order of their first member.
 */
import type { LogSource } from '../../world/types.js';
import { keyOf } from '../pipeline/index.js';
import type { Grouping, RangeAggExpr } from '../syntax/index.js';
import { eachWindow, type Sample, type StepVectors } from './range-agg.js';
import { applyGrouping, collectSamples } from './samples.js';
import type { EvalStats } from './select.js';
import type { GroupOf } from './vector-agg.js';

export function sumOfRange(
  src: LogSource,
  r: RangeAggExpr,
  g: Grouping | undefined,
  steps: number[],
  stats: EvalStats,
  cache: Map<string, GroupOf>,
): StepVectors {
  const out: StepVectors = steps.map(() => []);
  if (!steps.length) return out;
  const series = collectSamples(src, r, steps, stats);
  const grouping = g ?? { without: false, labels: [] };
  const totals: (Map<string, Sample> | undefined)[] = steps.map(() => undefined);
  eachWindow(r, series, steps, stats.deadline, (si, key, s, v) => {
    let gk = cache.get(key);
    if (!gk) {
      const gl = applyGrouping(s.labels, grouping);
      gk = { labels: gl, key: keyOf(gl) };
      cache.set(key, gk);
    }
    let step = totals[si];
    if (!step) {
      step = new Map();
      totals[si] = step;
    }
    const total = step.get(gk.key);
    if (total) total.v += v;
    else {
      const first: Sample = { labels: gk.labels, key: gk.key, v: 0 + v };
      step.set(gk.key, first);
      out[si].push(first);
    }
  });
  return out;
}
