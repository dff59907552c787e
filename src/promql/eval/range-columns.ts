/**
 * A range function over a plain range selector (`rate(x[5m])`), when the same call will be asked
 * again one step later: its values for a block of the coming steps, computed series by series.
 * Step by step, every step walks every series and misses the cache on each window (10× golden
 * scale: 1,200 series of 480 samples, most of a query's time); series by series, a series' samples
 * stay in cache for the whole block. The windows and the function are the ones the step path
 * uses, so the numbers are the same; what a step charges (its samples, the deadline) is charged
 * when that step asks (calls.ts).
 */
import type { Call, MatrixSelector } from '../ast.js';
import type { QueryContext } from './context.js';
import type { RangeCall, RangeFn } from './range-functions.js';
import { resetsOf, seriesOf, upperBoundFrom, windowOf } from './selectors.js';
import type { Column, Selected, Window } from './types.js';

const BLOCK = 64;
/** At most this many values a block (9 bytes each): a selector of 100k series takes 10 steps. */
const MAX_CELLS = 1 << 20;

/**
 * The block holding step `t` and its index there, or undefined to take the step path: no next step
 * (an instant query outside subqueries), a selector under `@` (one window for every step),
 * parameters that are not literals, or a call whose steps do not follow the grid (evalStepMs).
 */
export function columnAt(
  ctx: QueryContext,
  e: Call,
  ms: MatrixSelector,
  f: RangeFn,
  params: number[],
  literalParams: boolean,
  t: number,
): [Column, number] | undefined {
  const step = ctx.evalStepMs;
  if (step <= 0 || ms.vector.at || !literalParams) return undefined;
  const cur = ctx.columns.get(e);
  if (cur === null) return undefined;
  if (cur) {
    const j = (t - cur.start) / step;
    if (cur.step === step && Number.isInteger(j) && j >= 0 && j < cur.count) {
      cur.hits++;
      return [cur, j];
    }
    if (cur.hits < 2) {
      ctx.columns.set(e, null);
      return undefined;
    }
  }
  const col = compute(ctx, ms, f, params, t, step);
  col.hits = 1;
  ctx.columns.set(e, col);
  return [col, 0];
}

/** windowOf for a series without stale markers, into `w` instead of a new object. */
function slide(s: Selected, w: Window, from: number, to: number): Window | undefined {
  const lo = upperBoundFrom(s.ts, from, s.hintLo);
  const hi = upperBoundFrom(s.ts, to, s.hintHi, lo);
  s.hintLo = lo;
  s.hintHi = hi;
  if (lo >= hi) return undefined;
  s.resets ??= resetsOf(s.vs);
  w.lo = lo;
  w.hi = hi;
  w.resets = s.resets;
  return w;
}

function compute(
  ctx: QueryContext,
  ms: MatrixSelector,
  f: RangeFn,
  params: number[],
  start: number,
  step: number,
): Column {
  const series = seriesOf(ctx, ms.vector);
  const fit = Math.floor(MAX_CELLS / Math.max(1, series.length));
  const count = Math.max(1, Math.min(BLOCK, fit, Math.floor((ctx.endMs - start) / step) + 1));
  const values = new Float64Array(series.length * count);
  const has = new Uint8Array(series.length * count);
  const samples = new Float64Array(count);
  const call: RangeCall = { rangeMs: ms.rangeMs, end: 0, evalT: 0, params };
  for (let i = 0; i < series.length; i++) {
    const s = series[i];
    // One window object per series, moved along: range functions read a window and keep nothing.
    const scratch: Window = { labels: s.labels, ts: s.ts, vs: s.vs, lo: 0, hi: 0, dropped: s.dropped };
    for (let j = 0; j < count; j++) {
      const t = start + j * step;
      const te = t - ms.vector.offsetMs;
      const w = s.stale ? windowOf(s, te - ms.rangeMs, te) : slide(s, scratch, te - ms.rangeMs, te);
      if (!w) continue;
      samples[j] += w.hi - w.lo;
      call.end = te;
      call.evalT = t;
      const v = f(w, call);
      if (v === undefined) continue;
      values[i * count + j] = v;
      has[i * count + j] = 1;
    }
  }
  return { start, step, count, series, values, has, samples, hits: 0 };
}
