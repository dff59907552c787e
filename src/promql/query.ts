/** instantQuery / rangeQuery: parse, evaluate per timestamp, shape Prometheus API values. */
import { PROM_DEFAULTS, PROM_TEXT } from '../formats/imitated.js';
import { DeadlineExceeded, NO_DEADLINE } from '../world/deadline.js';
import type { Labels, SeriesSource } from '../world/types.js';
import { type EngineOptions, type Point, PromQLError, type PromResult, type RangeSeries } from './api.js';
import type { Expr } from './ast.js';
import type { Value } from './eval/index.js';
import {
  checkDuplicates,
  compareLabels,
  evaluate,
  execError,
  keyOf,
  type QueryContext,
  selectionOf,
  selectorSteps,
} from './eval/index.js';
import { check, parsePromQL } from './parser/index.js';
import { withTimeValuesShifted } from './time-valued.js';

const DEFAULT_LOOKBACK_MS = 5 * 60_000;
const DEFAULT_MAX_POINTS = PROM_DEFAULTS.maxPoints;
const DEFAULT_MAX_SAMPLES = 50_000_000;

function context(
  src: SeriesSource,
  q: string,
  start: number,
  end: number,
  step: number,
  opts: EngineOptions | undefined,
  isRange: boolean,
): QueryContext {
  const ctx: QueryContext = {
    src: withTimeValuesShifted(src, opts?.timeShiftMs ?? 0),
    query: q,
    startMs: start,
    endMs: end,
    stepMs: step,
    lookbackMs: opts?.lookbackDeltaMs ?? DEFAULT_LOOKBACK_MS,
    timeShiftMs: opts?.timeShiftMs ?? 0,
    maxSamples: opts?.maxSamples ?? DEFAULT_MAX_SAMPLES,
    selected: new Map(),
    matched: new Set(),
    subqueryMemo: new Map(),
    subquerySteps: 0,
    evalStepMs: isRange ? step : 0,
    columns: new Map(),
    warnings: new Set(),
    infos: new Set(),
    samplesRead: 0,
    stepSamples: 0,
    isRange,
    deadline: opts?.deadline ?? NO_DEADLINE,
    evaluate: (e, t) => evaluate(ctx, e, t),
  };
  return ctx;
}

/** Prometheus' words for a query stopped by its context (promql.ErrQueryTimeout / ErrQueryCanceled). */
function stopped(err: unknown): never {
  if (err instanceof DeadlineExceeded) {
    throw err.reason === 'timeout'
      ? new PromQLError('timeout', PROM_TEXT.timeout)
      : new PromQLError('canceled', PROM_TEXT.canceled);
  }
  throw err;
}

function unwrap(e: Expr): Expr {
  return e.type === 'paren' ? unwrap(e.expr) : e;
}

/** Results whose order the query itself defines (sort*, topk, bottomk) are not re-sorted. */
function isOrdered(e: Expr): boolean {
  const u = unwrap(e);
  if (u.type === 'call') return u.func.startsWith('sort');
  if (u.type === 'aggregate') return u.op === 'topk' || u.op === 'bottomk';
  return false;
}

function finish(ctx: QueryContext, expr: Expr, value: PromResult['value']): PromResult {
  return {
    value,
    warnings: [...ctx.warnings],
    infos: [...ctx.infos],
    samplesRead: ctx.samplesRead,
    selection: selectionOf(expr, ctx.matched),
  };
}

export function instantQuery(src: SeriesSource, q: string, tMs: number, opts?: EngineOptions): PromResult {
  const expr = parsePromQL(q);
  const ctx = context(src, q, tMs, tMs, 0, opts, false);
  try {
    const v = evaluate(ctx, expr, tMs);
    return finish(ctx, expr, shapeInstant(v, tMs, isOrdered(expr)));
  } catch (err) {
    stopped(err);
  }
}

function shapeInstant(v: Value, t: number, ordered: boolean): PromResult['value'] {
  switch (v.kind) {
    case 'scalar':
      return { type: 'scalar', t, v: v.v };
    case 'string':
      return { type: 'string', t, v: v.v };
    case 'vector': {
      checkDuplicates(v.samples);
      const samples = v.samples.map((s) => ({ labels: s.labels, t, v: s.v }));
      if (!ordered) samples.sort((a, b) => compareLabels(a.labels, b.labels));
      return { type: 'vector', samples };
    }
    case 'matrix': {
      const series: RangeSeries[] = v.windows.map((w) => {
        const points: Point[] = [];
        for (let i = w.lo; i < w.hi; i++) points.push({ t: w.ts[i], v: w.vs[i] });
        return { labels: w.labels, points };
      });
      series.sort((a, b) => compareLabels(a.labels, b.labels));
      return { type: 'matrix', series };
    }
  }
}

export function rangeQuery(
  src: SeriesSource,
  q: string,
  startMs: number,
  endMs: number,
  stepMs: number,
  opts?: EngineOptions,
): PromResult {
  const expr = parsePromQL(q);
  if (!(stepMs > 0)) {
    throw new PromQLError(
      'bad_data',
      'zero or negative query resolution step widths are not accepted. Try a positive integer',
    );
  }
  if (endMs < startMs) throw new PromQLError('bad_data', 'end timestamp must not be before start time');
  const maxPoints = opts?.maxPointsPerSeries ?? DEFAULT_MAX_POINTS;
  // Prometheus compares `end.Sub(start)/step > 11000` (integer durations): 11,000 intervals pass.
  if (Math.floor((endMs - startMs) / stepMs) > maxPoints) {
    throw new PromQLError('bad_data', PROM_TEXT.tooManyPoints);
  }
  const type = check(q, expr);
  if (type !== 'scalar' && type !== 'vector') {
    const name = type === 'matrix' ? 'range vector' : type;
    throw new PromQLError(
      'bad_data',
      `invalid expression type "${name}" for range query, must be Scalar or instant Vector`,
    );
  }
  const ctx = context(src, q, startMs, endMs, stepMs, opts, true);
  try {
    return evalRange(ctx, expr, startMs, endMs, stepMs);
  } catch (err) {
    stopped(err);
  }
}

function evalRange(
  ctx: QueryContext,
  expr: Expr,
  startMs: number,
  endMs: number,
  stepMs: number,
): PromResult {
  const u = unwrap(expr);
  const stepped = u.type === 'vectorSelector' ? selectorSteps(ctx, u, startMs, endMs, stepMs) : undefined;
  if (stepped) {
    stepped.sort((a, b) => compareLabels(a.labels, b.labels));
    return finish(ctx, expr, { type: 'matrix', series: stepped });
  }
  const acc = new RangeAcc();
  for (let t = startMs; t <= endMs; t += stepMs) {
    ctx.stepSamples = 0;
    const v = evaluate(ctx, expr, t);
    if (v.kind === 'scalar') {
      acc.add({}, t, v.v);
      continue;
    }
    if (v.kind !== 'vector') continue;
    // A label set seen twice at one step is checkDuplicates' error, caught as it is added.
    for (const s of v.samples) acc.add(s.labels, t, s.v);
  }
  const series = [...acc.byKey.values()].sort((a, b) => compareLabels(a.labels, b.labels));
  return finish(ctx, expr, {
    type: 'matrix',
    series: series.map(({ labels, points }) => ({ labels, points })),
  });
}

interface Acc {
  labels: Labels;
  points: Point[];
  lastT: number;
}

/**
 * The series of a range query's answer, step by step. Steps mostly hand over the same label
 * objects, so an identity lookup comes first; the key string only decides for a new object.
 */
class RangeAcc {
  readonly byKey = new Map<string, Acc>();
  private readonly byObj = new Map<Labels, Acc>();

  add(labels: Labels, t: number, v: number): void {
    let s = this.byObj.get(labels);
    if (!s) {
      const k = keyOf(labels);
      s = this.byKey.get(k);
      if (!s) {
        s = { labels, points: [], lastT: Number.NaN };
        this.byKey.set(k, s);
      }
      this.byObj.set(labels, s);
    }
    if (s.lastT === t) throw execError('vector cannot contain metrics with the same labelset');
    s.lastT = t;
    s.points.push({ t, v });
  }
}
