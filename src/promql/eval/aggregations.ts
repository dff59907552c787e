/** Aggregation operators (sum … limit_ratio) with by/without grouping, at one timestamp. */

import type { Labels } from '../../world/types.js';
import { PromQLError } from '../api.js';
import type { AggregateExpr } from '../ast.js';
import { formatPromFloat } from '../format.js';
import { type QueryContext, warn } from './context.js';
import { keyOf, makeLabels } from './labels.js';
import { KahanSum, MeanAcc, quantile, variance } from './stats.js';
import type { Sample } from './types.js';
import { labelsHashFraction } from './xxhash.js';

interface GroupOf {
  key: string;
  labels: Labels;
}

/**
 * The group of each label set, per aggregation node: a range query groups the same label objects
 * at every step, so one lookup by identity replaces rebuilding the group's labels and key.
 */
const groupCache = new WeakMap<AggregateExpr, WeakMap<Labels, GroupOf>>();

function groupOf(labels: Labels, e: AggregateExpr, cache: WeakMap<Labels, GroupOf>): GroupOf {
  let g = cache.get(labels);
  if (!g) {
    const out: Record<string, string> = {};
    for (const k of Object.keys(labels)) {
      const listed = e.grouping.includes(k);
      if (e.without ? !listed && k !== '__name__' : listed) out[k] = labels[k];
    }
    const gl = makeLabels(out);
    g = { key: keyOf(gl), labels: gl };
    cache.set(labels, g);
  }
  return g;
}

function group(samples: Sample[], e: AggregateExpr): Map<string, { labels: Labels; members: Sample[] }> {
  let cache = groupCache.get(e);
  if (!cache) {
    cache = new WeakMap();
    groupCache.set(e, cache);
  }
  const groups = new Map<string, { labels: Labels; members: Sample[] }>();
  for (const s of samples) {
    const g = groupOf(s.labels, e, cache);
    let entry = groups.get(g.key);
    if (!entry) {
      entry = { labels: g.labels, members: [] };
      groups.set(g.key, entry);
    }
    entry.members.push(s);
  }
  return groups;
}

function reduce(op: string, vs: number[], param: number): number {
  switch (op) {
    case 'sum': {
      const k = new KahanSum();
      for (const v of vs) k.add(v);
      return k.value;
    }
    case 'avg': {
      const m = new MeanAcc();
      for (const v of vs) m.add(v);
      return m.value;
    }
    case 'count':
      return vs.length;
    case 'group':
      return 1;
    case 'min':
      return vs.reduce((a, v) => (v < a || Number.isNaN(a) ? v : a));
    case 'max':
      return vs.reduce((a, v) => (v > a || Number.isNaN(a) ? v : a));
    case 'stddev':
      return Math.sqrt(variance(vs));
    case 'stdvar':
      return variance(vs);
    case 'quantile':
      return quantile(param, vs);
    default:
      throw new PromQLError('bad_data', `unsupported aggregation: ${op}`);
  }
}

/** topk/bottomk order: NaN always loses. */
function better(a: number, b: number, top: boolean): boolean {
  if (Number.isNaN(b)) return !Number.isNaN(a);
  if (Number.isNaN(a)) return false;
  return top ? a > b : a < b;
}

/**
 * The first k of a stable sort by `better`, without sorting everything: each member goes in after
 * every kept member it does not beat, so ties keep their input order, as the stable sort did.
 */
function best(members: Sample[], k: number, top: boolean): Sample[] {
  // Insertion costs up to k moves a member: past a small k a sort is cheaper.
  if (k > 16)
    return members
      .slice()
      .sort((a, b) => (better(a.v, b.v, top) ? -1 : better(b.v, a.v, top) ? 1 : 0))
      .slice(0, k);
  const kept: Sample[] = [];
  for (const s of members) {
    if (kept.length === k && !better(s.v, kept[k - 1].v, top)) continue;
    let i = kept.length;
    while (i > 0 && better(s.v, kept[i - 1].v, top)) i--;
    kept.splice(i, 0, s);
    if (kept.length > k) kept.pop();
  }
  return kept;
}

export function aggregate(
  ctx: QueryContext,
  e: AggregateExpr,
  samples: Sample[],
  param: number | string | undefined,
): Sample[] {
  const groups = group(samples, e);
  const out: Sample[] = [];
  switch (e.op) {
    case 'topk':
    case 'bottomk':
    case 'limitk': {
      const p = param as number;
      if (Number.isNaN(p)) throw new PromQLError('execution', 'Parameter value is NaN');
      const k = Math.trunc(p);
      if (k < 1) return [];
      const groupsOut: Sample[][] = [];
      for (const g of groups.values()) {
        groupsOut.push(e.op === 'limitk' ? g.members.slice(0, k) : best(g.members, k, e.op === 'topk'));
      }
      for (const g of groupsOut) out.push(...g);
      return out;
    }
    case 'limit_ratio': {
      let r = param as number;
      if (Number.isNaN(r)) throw new PromQLError('execution', 'Ratio value is NaN');
      if (r < -1 || r > 1) {
        const capped = r < -1 ? -1 : 1;
        warn(
          ctx,
          `ratio value should be between -1 and 1, got ${formatPromFloat(r)}, capping to ${capped}`,
          e.param ?? e,
        );
        r = capped;
      }
      // A stable subset: a series is in when its label hash falls in [0, r) (or [1+r, 1] for r < 0).
      return samples.filter((s) => {
        const off = labelsHashFraction(s.labels);
        return (r >= 0 && off < r) || (r < 0 && off >= 1 + r);
      });
    }
    case 'count_values': {
      const label = param as string;
      if (!/^[a-zA-Z_][a-zA-Z0-9_]*$/.test(label) && (label === '' || label.includes('\uFFFD'))) {
        throw new PromQLError('execution', `invalid label name "${label}"`);
      }
      const counts = new Map<string, Sample>();
      for (const g of groups.values()) {
        for (const s of g.members) {
          const labels = makeLabels({ ...g.labels, [label]: formatPromFloat(s.v) });
          const k = keyOf(labels);
          const c = counts.get(k);
          if (c) c.v++;
          else counts.set(k, { labels, v: 1 });
        }
      }
      return [...counts.values()];
    }
    default: {
      const p = typeof param === 'number' ? param : 0;
      if (e.op === 'quantile' && !(p >= 0 && p <= 1)) {
        warn(ctx, `quantile value should be between 0 and 1, got ${formatPromFloat(p)}`, e.param ?? e);
      }
      for (const g of groups.values())
        out.push({
          labels: g.labels,
          v: reduce(
            e.op,
            g.members.map((s) => s.v),
            p,
          ),
        });
      return out;
    }
  }
}
