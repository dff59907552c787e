/** Result comparison for promqltest evals: label sets, relative 1e-6 floats, order when asked. */
import type { Labels } from '../../world/types.js';
import type { PromValue } from '../api.js';
import { formatLabels, keyOf, makeLabels } from '../eval/index.js';

const MIN_NORMAL = 2.2250738585072014e-308;

/** Prometheus `almost.Equal` with its default epsilon. */
export function almostEqual(a: number, b: number, eps = 1e-6): boolean {
  if (Number.isNaN(a) && Number.isNaN(b)) return true;
  if (a === b) return true;
  const absSum = Math.abs(a) + Math.abs(b);
  const diff = Math.abs(a - b);
  if (a === 0 || b === 0 || absSum < MIN_NORMAL) return diff < eps * MIN_NORMAL;
  return diff / Math.min(absSum, Number.MAX_VALUE) < eps;
}

export interface ExpectedSeries {
  labels: Labels;
  /** One slot per timestamp (instant: one slot). */
  values: (number | undefined)[];
}

function norm(l: Record<string, string>): Labels {
  return makeLabels(l);
}

/** Returns undefined on a match, or a reason. */
export function compareVector(got: PromValue, want: ExpectedSeries[], ordered: boolean): string | undefined {
  if (got.type !== 'vector') return `expected a vector, got ${got.type}`;
  const exp = want.map((w) => ({ labels: norm(w.labels), v: w.values[0] }));
  if (got.samples.length !== exp.length) {
    return `expected ${exp.length} samples, got ${got.samples.length}: ${got.samples.map((s) => `${formatLabels(s.labels)} ${s.v}`).join('; ')}`;
  }
  const byKey = new Map(exp.map((e, i) => [keyOf(e.labels), i]));
  for (let i = 0; i < got.samples.length; i++) {
    const s = got.samples[i];
    const idx = byKey.get(keyOf(s.labels));
    if (idx === undefined) return `unexpected series ${formatLabels(s.labels)}`;
    if (ordered && idx !== i) return `series ${formatLabels(s.labels)} at position ${i}, expected ${idx}`;
    const v = exp[idx].v;
    if (v === undefined || !almostEqual(s.v, v))
      return `${formatLabels(s.labels)}: expected ${v}, got ${s.v}`;
  }
  return undefined;
}

export function compareMatrix(
  got: PromValue,
  want: ExpectedSeries[],
  startMs: number,
  stepMs: number,
): string | undefined {
  if (got.type !== 'matrix') return `expected a matrix, got ${got.type}`;
  const exp = want.filter((w) => w.values.some((v) => v !== undefined));
  if (got.series.length !== exp.length) {
    return `expected ${exp.length} series, got ${got.series.length}: ${got.series.map((s) => formatLabels(s.labels)).join(' ')}`;
  }
  const byKey = new Map(exp.map((e) => [keyOf(norm(e.labels)), e]));
  for (const s of got.series) {
    const e = byKey.get(keyOf(s.labels));
    if (!e) return `unexpected series ${formatLabels(s.labels)}`;
    const pts: { t: number; v: number }[] = [];
    e.values.forEach((v, i) => {
      if (v !== undefined) pts.push({ t: startMs + i * stepMs, v });
    });
    if (pts.length !== s.points.length) {
      return `${formatLabels(s.labels)}: expected ${pts.length} points, got ${s.points.length} (${s.points.map((p) => `${p.v}@${p.t / 1000}`).join(' ')})`;
    }
    for (let i = 0; i < pts.length; i++) {
      const g = s.points[i];
      if (g.t !== pts[i].t || !almostEqual(g.v, pts[i].v)) {
        return `${formatLabels(s.labels)}: point ${i} expected ${pts[i].v}@${pts[i].t / 1000}, got ${g.v}@${g.t / 1000}`;
      }
    }
  }
  return undefined;
}
