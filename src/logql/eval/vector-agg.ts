/** Vector aggregations (sum, avg, count, min, max, stddev, stdvar, topk, bottomk, sort, sort_desc). */

import type { Labels } from '../../world/types.js';
import { keyOf } from '../pipeline/index.js';
import type { Grouping, VectorOp } from '../syntax/index.js';
import type { Sample } from './range-agg.js';
import { applyGrouping } from './samples.js';

export interface GroupOf {
  labels: Labels;
  key: string;
}

/** `cache` maps an input series key to its group across steps (grouping is per series). */
export function aggregate(
  op: VectorOp,
  param: number | undefined,
  g: Grouping | undefined,
  vec: Sample[],
  cache: Map<string, GroupOf> = new Map(),
): Sample[] {
  if (op === 'sort' || op === 'sort_desc') {
    const sign = op === 'sort' ? 1 : -1;
    return [...vec].sort((a, b) => sign * cmpNaNLast(a.v, b.v, sign));
  }
  const grouping = g ?? { without: false, labels: [] };
  const groups = new Map<string, { labels: Labels; members: Sample[] }>();
  for (const s of vec) {
    let gk = cache.get(s.key);
    if (!gk) {
      const gl = applyGrouping(s.labels, grouping);
      gk = { labels: gl, key: keyOf(gl) };
      cache.set(s.key, gk);
    }
    const { labels, key } = gk;
    let grp = groups.get(key);
    if (!grp) {
      grp = { labels, members: [] };
      groups.set(key, grp);
    }
    grp.members.push(s);
  }
  const out: Sample[] = [];
  for (const [key, { labels, members }] of groups) {
    // approx_topk: Loki's count-min sketch is exact while series do not collide in it; the bench
    // answers the exact topk (docs/logql.md).
    if (op === 'topk' || op === 'bottomk' || op === 'approx_topk') {
      const k = param ?? 1;
      const sign = op === 'bottomk' ? 1 : -1;
      out.push(...[...members].sort((a, b) => sign * cmpNaNLast(a.v, b.v, sign)).slice(0, k));
      continue;
    }
    out.push({
      labels,
      key,
      v: reduce(
        op,
        members.map((m) => m.v),
      ),
    });
  }
  return out;
}

/** Ascending (sign 1) or descending (sign −1) order with NaN always last. */
function cmpNaNLast(a: number, b: number, sign: number): number {
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : sign;
  if (Number.isNaN(b)) return -sign;
  return a - b;
}

function reduce(op: VectorOp, vs: number[]): number {
  switch (op) {
    case 'sum':
      return vs.reduce((s, v) => s + v, 0);
    case 'avg': {
      let mean = 0;
      vs.forEach((v, i) => {
        mean += (v - mean) / (i + 1);
      });
      return mean;
    }
    case 'count':
      return vs.length;
    case 'max':
      return vs.reduce((m, v) => (v > m || Number.isNaN(m) ? v : m));
    case 'min':
      return vs.reduce((m, v) => (v < m || Number.isNaN(m) ? v : m));
    case 'stddev':
    case 'stdvar': {
      const mean = vs.reduce((s, v) => s + v, 0) / vs.length;
      const variance = vs.reduce((s, v) => s + (v - mean) ** 2, 0) / vs.length;
      return op === 'stddev' ? Math.sqrt(variance) : variance;
    }
    default:
      return Number.NaN;
  }
}
