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
 * The groups of one aggregation node, kept across the steps of a query: group ids by label
 * object, and the label object and group id at each input position of the last step. A range
 * query hands over the same label objects in the same order at every step, so most samples find
 * their group by one identity comparison, with no hashing at all.
 */
interface GroupPlan {
  byLabels: WeakMap<Labels, number>;
  byKey: Map<string, number>;
  groups: GroupOf[];
  prevLabels: Labels[];
  prevIds: number[];
  /** The step a group was last seen at (`steps`), to list groups in order of first appearance. */
  seen: number[];
  steps: number;
}

const plans = new WeakMap<AggregateExpr, GroupPlan>();

function planOf(e: AggregateExpr): GroupPlan {
  let p = plans.get(e);
  if (!p) {
    p = {
      byLabels: new WeakMap(),
      byKey: new Map(),
      groups: [],
      prevLabels: [],
      prevIds: [],
      seen: [],
      steps: 0,
    };
    plans.set(e, p);
  }
  return p;
}

/**
 * keyOf(the group's labels) for `by (…)`, read straight off the series' labels: the listed names
 * in sorted order, those with a value (makeLabels drops empty ones). No label object is built
 * unless the group is new.
 */
function byKeyOf(labels: Labels, sorted: readonly string[]): string {
  let k = '';
  for (const n of sorted) {
    const v = labels[n];
    if (v !== undefined && v !== '') k += `${n}\xff${v}\xfe`;
  }
  return k;
}

const sortedGrouping = new WeakMap<AggregateExpr, string[]>();

function groupIdOf(labels: Labels, e: AggregateExpr, p: GroupPlan): number {
  if (!e.without) {
    let sorted = sortedGrouping.get(e);
    if (!sorted) {
      sorted = [...new Set(e.grouping)].sort();
      sortedGrouping.set(e, sorted);
    }
    const key = byKeyOf(labels, sorted);
    let id = p.byKey.get(key);
    if (id === undefined) {
      const out: Record<string, string> = {};
      for (const n of sorted) if (labels[n] !== undefined) out[n] = labels[n];
      const gl = makeLabels(out);
      id = p.groups.length;
      p.groups.push({ key, labels: gl });
      p.seen.push(-1);
      p.byKey.set(key, id);
    }
    return id;
  }
  let id = p.byLabels.get(labels);
  if (id === undefined) {
    const out: Record<string, string> = {};
    for (const k of Object.keys(labels)) {
      const listed = e.grouping.includes(k);
      if (e.without ? !listed && k !== '__name__' : listed) out[k] = labels[k];
    }
    const gl = makeLabels(out);
    const key = keyOf(gl);
    id = p.byKey.get(key);
    if (id === undefined) {
      id = p.groups.length;
      p.groups.push({ key, labels: gl });
      p.seen.push(-1);
      p.byKey.set(key, id);
    }
    p.byLabels.set(labels, id);
  }
  return id;
}

/** Each sample's group id (into `ids`) and the groups in order of first appearance. */
function groupIds(samples: Sample[], e: AggregateExpr, ids: Int32Array): { p: GroupPlan; order: number[] } {
  const p = planOf(e);
  const step = ++p.steps;
  const order: number[] = [];
  const { prevLabels, prevIds, seen } = p;
  for (let k = 0; k < samples.length; k++) {
    const labels = samples[k].labels;
    let id: number;
    if (prevLabels[k] === labels) id = prevIds[k];
    else {
      id = groupIdOf(labels, e, p);
      prevLabels[k] = labels;
      prevIds[k] = id;
    }
    ids[k] = id;
    if (seen[id] !== step) {
      seen[id] = step;
      order.push(id);
    }
  }
  return { p, order };
}

function group(samples: Sample[], e: AggregateExpr): Map<string, { labels: Labels; members: Sample[] }> {
  const ids = new Int32Array(samples.length);
  const { p, order } = groupIds(samples, e, ids);
  const members: Sample[][] = [];
  for (const id of order) members[id] = [];
  for (let k = 0; k < samples.length; k++) members[ids[k]].push(samples[k]);
  const groups = new Map<string, { labels: Labels; members: Sample[] }>();
  for (const id of order) groups.set(p.groups[id].key, { labels: p.groups[id].labels, members: members[id] });
  return groups;
}

/**
 * sum, avg, count, group, min and max folded group by group as the samples come, in the order
 * reduce() would see each group's members, so the numbers are reduce()'s to the bit.
 */
function fold(op: string, samples: Sample[], e: AggregateExpr): Sample[] {
  const ids = new Int32Array(samples.length);
  const { p, order } = groupIds(samples, e, ids);
  const n = p.groups.length;
  const acc = new Float64Array(n);
  const comp = new Float64Array(n);
  const count = new Float64Array(n);
  const means: MeanAcc[] = op === 'avg' ? new Array(n) : [];
  for (let k = 0; k < samples.length; k++) {
    const id = ids[k];
    const v = samples[k].v;
    const first = count[id] === 0;
    count[id]++;
    switch (op) {
      case 'sum': {
        // KahanSum.add, on the group's slots.
        const sum = acc[id];
        const t = sum + v;
        if (!Number.isFinite(t)) comp[id] = 0;
        else if (Math.abs(sum) >= Math.abs(v)) comp[id] += sum - t + v;
        else comp[id] += v - t + sum;
        acc[id] = t;
        break;
      }
      case 'avg':
        if (first) means[id] = new MeanAcc();
        means[id].add(v);
        break;
      case 'min':
        if (first || v < acc[id] || Number.isNaN(acc[id])) acc[id] = v;
        break;
      case 'max':
        if (first || v > acc[id] || Number.isNaN(acc[id])) acc[id] = v;
        break;
    }
  }
  const out: Sample[] = [];
  for (const id of order) {
    let v: number;
    if (op === 'sum') v = Number.isFinite(acc[id]) ? acc[id] + comp[id] : acc[id];
    else if (op === 'avg') v = means[id].value;
    else if (op === 'count') v = count[id];
    else if (op === 'group') v = 1;
    else v = acc[id];
    out.push({ labels: p.groups[id].labels, v });
  }
  return out;
}

const FOLDED = new Set(['sum', 'avg', 'count', 'group', 'min', 'max']);

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
  if (FOLDED.has(e.op)) return fold(e.op, samples, e);
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
