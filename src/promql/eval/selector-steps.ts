/**
 * A range query whose expression is a plain vector selector (`http_requests_total{code=~"5.."}`),
 * answered series by series instead of step by step: each series walks the steps once, its
 * samples stay in cache, and no Sample object is built per step. The lookback, staleness, `@` and
 * `offset` rules are evalVectorSelector's, step for step; what each step charges (the deadline,
 * the samples counted against maxSamples, the selector marked as read) is charged in step order
 * after the walk, so the answer, its errors and its stats are the step path's
 * (`test/promql/range-steps.test.ts` compares the two).
 */
import { isStaleNaN, type Labels } from '../../world/types.js';
import type { Point } from '../api.js';
import type { VectorSelector } from '../ast.js';
import { countSamples, type QueryContext } from './context.js';
import { keyOf } from './labels.js';
import { atTime, seriesOf, upperBoundFrom } from './selectors.js';

export interface SteppedSeries {
  labels: Labels;
  points: Point[];
}

/**
 * Every step of `vs` from `start` to `end`, or undefined when two selected series share a label
 * set (a source that is not a store may return such): the step path then reports the duplicate.
 */
export function selectorSteps(
  ctx: QueryContext,
  vs: VectorSelector,
  start: number,
  end: number,
  step: number,
): SteppedSeries[] | undefined {
  const all = seriesOf(ctx, vs);
  const seen = new Set<string>();
  for (const s of all) {
    const k = keyOf(s.labels);
    if (seen.has(k)) return undefined;
    seen.add(k);
  }
  // The times evalRange steps through, added up as it adds them.
  const times: number[] = [];
  for (let t = start; t <= end; t += step) times.push(t);
  const steps = times.length;
  const counts = new Int32Array(steps);
  const out: SteppedSeries[] = [];
  for (const s of all) {
    let points: Point[] | undefined;
    let hint = 0;
    for (let j = 0; j < steps; j++) {
      const t = times[j];
      const te = atTime(ctx, vs.at, t) - vs.offsetMs;
      const i = upperBoundFrom(s.ts, te, hint) - 1;
      hint = i + 1;
      if (i < 0 || s.ts[i] <= te - ctx.lookbackMs) continue;
      const v = s.vs[i];
      if (Number.isNaN(v) && isStaleNaN(v)) continue;
      counts[j]++;
      (points ??= []).push({ t, v });
    }
    ctx.deadline.spend(steps);
    if (points) out.push({ labels: s.labels, points });
  }
  for (let j = 0; j < steps; j++) {
    ctx.stepSamples = 0;
    // evaluate()'s unit for the node, then evalVectorSelector's per selected series.
    ctx.deadline.spend(1 + all.length);
    if (counts[j] > 0) ctx.matched.add(vs);
    countSamples(ctx, counts[j]);
  }
  return out;
}
