/** Compare our engine's PromResult with a Prometheus HTTP answer, series by series. */
import type { PromResult } from '../../src/promql/api.js';
import { labelsKey } from '../../src/world/matchers.js';

export type Points = Map<string, [number, number][]>;

interface PromData {
  resultType: string;
  result: unknown;
}

const num = (s: string): number => (s === '+Inf' ? Infinity : s === '-Inf' ? -Infinity : Number(s));

export function fromProm(data: PromData): Points {
  const out: Points = new Map();
  if (data.resultType === 'scalar') {
    const [t, v] = data.result as [number, string];
    out.set('scalar', [[Math.round(t * 1000), num(v)]]);
  } else if (data.resultType === 'vector') {
    for (const s of data.result as { metric: Record<string, string>; value: [number, string] }[]) {
      out.set(labelsKey(s.metric), [[Math.round(s.value[0] * 1000), num(s.value[1])]]);
    }
  } else if (data.resultType === 'matrix') {
    for (const s of data.result as { metric: Record<string, string>; values: [number, string][] }[]) {
      out.set(
        labelsKey(s.metric),
        s.values.map(([t, v]) => [Math.round(t * 1000), num(v)]),
      );
    }
  }
  return out;
}

export function fromOurs(r: PromResult): Points {
  const out: Points = new Map();
  const v = r.value;
  if (v.type === 'scalar') out.set('scalar', [[v.t, v.v]]);
  else if (v.type === 'vector') for (const s of v.samples) out.set(labelsKey(s.labels), [[s.t, s.v]]);
  else if (v.type === 'matrix')
    for (const s of v.series)
      out.set(
        labelsKey(s.labels),
        s.points.map((p) => [p.t, p.v]),
      );
  return out;
}

/** Relative 1e-9; values within 1e-12 of each other also match (summation order near zero). */
export function close(a: number, b: number): boolean {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b);
  if (a === b) return true;
  const diff = Math.abs(a - b);
  return diff <= 1e-9 * Math.max(Math.abs(a), Math.abs(b)) || diff < 1e-12;
}

/**
 * topk/bottomk pick among equal values in an order Prometheus leaves undefined, so for them the
 * comparison is of the sorted values at each timestamp, not of which series carried them.
 */
function byTimestamp(p: Points): Points {
  const at = new Map<number, number[]>();
  for (const pts of p.values()) for (const [t, v] of pts) at.set(t, [...(at.get(t) ?? []), v]);
  const out: Points = new Map();
  for (const [t, vs] of [...at].sort((a, b) => a[0] - b[0]))
    out.set(
      `@${t}`,
      vs.sort((a, b) => a - b).map((v) => [t, v]),
    );
  return out;
}

/** The first difference, or null when the two agree. */
export function diff(ours: Points, theirs: Points, opts: { tiesAmbiguous?: boolean } = {}): string | null {
  if (opts.tiesAmbiguous) return diff(byTimestamp(ours), byTimestamp(theirs));
  for (const k of theirs.keys()) if (!ours.has(k)) return `missing series ${k}`;
  for (const k of ours.keys()) if (!theirs.has(k)) return `extra series ${k}`;
  for (const [k, pts] of theirs) {
    const mine = ours.get(k)!;
    if (mine.length !== pts.length) return `${k}: ${mine.length} points, Prometheus has ${pts.length}`;
    for (let i = 0; i < pts.length; i++) {
      if (mine[i][0] !== pts[i][0]) return `${k}: point ${i} at ${mine[i][0]}, Prometheus at ${pts[i][0]}`;
      if (!close(mine[i][1], pts[i][1]))
        return `${k} @${pts[i][0]}: ${mine[i][1]} vs Prometheus ${pts[i][1]}`;
    }
  }
  return null;
}
