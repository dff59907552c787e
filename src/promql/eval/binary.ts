/** Binary operators: arithmetic, comparison (with `bool`), set operators and vector matching. */
import type { Labels } from '../../world/types.js';
import type { BinaryExpr, BinaryOp, VectorMatching } from '../ast.js';
import { isComparison } from '../parser/index.js';
import { execError } from './context.js';
import { dropName, formatLabels, keyOf, makeLabels, projectLabels, signature } from './labels.js';
import { goPow } from './stats.js';
import type { Sample } from './types.js';

/** [value, keep]: comparisons keep the lhs value when true; arithmetic always keeps. */
export function scalarBinop(op: BinaryOp, l: number, r: number): [number, boolean] {
  switch (op) {
    case '+':
      return [l + r, true];
    case '-':
      return [l - r, true];
    case '*':
      return [l * r, true];
    case '/':
      return [l / r, true];
    case '%':
      return [l % r, true];
    case '^':
      return [goPow(l, r), true];
    case 'atan2':
      return [Math.atan2(l, r), true];
    case '==':
      return [l, l === r];
    case '!=':
      return [l, l !== r];
    case '>':
      return [l, l > r];
    case '<':
      return [l, l < r];
    case '>=':
      return [l, l >= r];
    case '<=':
      return [l, l <= r];
    default:
      throw execError(`operator "${op}" not allowed for scalar operations`);
  }
}

/** `vector op scalar` (or swapped). Comparisons filter and keep the vector's value. */
export function vectorScalar(e: BinaryExpr, vec: Sample[], s: number, swap: boolean): Sample[] {
  const cmp = isComparison(e.op);
  const out: Sample[] = [];
  for (const x of vec) {
    const l = swap ? s : x.v;
    const r = swap ? x.v : s;
    let [v, keep] = scalarBinop(e.op, l, r);
    if (cmp && swap) v = r;
    if (e.returnBool) {
      v = keep ? 1 : 0;
      keep = true;
    }
    if (!keep) continue;
    out.push({ labels: !cmp || e.returnBool ? dropName(x.labels) : x.labels, v });
  }
  return out;
}

const sigCache = new WeakMap<VectorMatching, WeakMap<Labels, string>>();

/** Matching signature, cached per (matching clause, label object): both repeat at every step. */
function sigOf(m: VectorMatching): (l: Labels) => string {
  let c = sigCache.get(m);
  if (!c) {
    c = new WeakMap();
    sigCache.set(m, c);
  }
  const cache = c;
  return (l) => {
    let k = cache.get(l);
    if (k === undefined) {
      k = signature(l, m.on, m.labels);
      cache.set(l, k);
    }
    return k;
  };
}

const defaulted = new WeakMap<BinaryExpr, BinaryExpr>();

/** The expression with its implicit one-to-one matching made explicit (one object per node). */
function withMatching(e: BinaryExpr): BinaryExpr {
  if (e.matching) return e;
  let d = defaulted.get(e);
  if (!d) {
    d = { ...e, matching: { card: 'one-to-one', on: false, labels: [], include: [] } };
    defaulted.set(e, d);
  }
  return d;
}

const resultCache = new WeakMap<BinaryExpr, WeakMap<Labels, WeakMap<Labels, Labels>>>();

function cachedResultLabels(e: BinaryExpr, l: Labels, r: Labels): Labels {
  let byL = resultCache.get(e);
  if (!byL) {
    byL = new WeakMap();
    resultCache.set(e, byL);
  }
  let byR = byL.get(l);
  if (!byR) {
    byR = new WeakMap();
    byL.set(l, byR);
  }
  let out = byR.get(r);
  if (!out) {
    out = resultLabels(e, l, r);
    byR.set(r, out);
  }
  return out;
}

export function setOp(e: BinaryExpr, lhs: Sample[], rhs: Sample[]): Sample[] {
  const m = e.matching!;
  const sig = sigOf(m);
  if (e.op === 'or') {
    const seen = new Set(lhs.map((s) => sig(s.labels)));
    return [...lhs, ...rhs.filter((s) => !seen.has(sig(s.labels)))];
  }
  const right = new Set(rhs.map((s) => sig(s.labels)));
  return lhs.filter((s) => (e.op === 'and' ? right.has(sig(s.labels)) : !right.has(sig(s.labels))));
}

function resultLabels(e: BinaryExpr, l: Labels, r: Labels): Labels {
  const m = e.matching!;
  const cmp = isComparison(e.op);
  let out: Record<string, string> = { ...l };
  if (!cmp || e.returnBool) delete out.__name__;
  if (m.card === 'one-to-one') {
    out = { ...projectLabels(out, m.on, m.labels, !m.on) };
  }
  for (const n of m.include) {
    const v = r[n];
    if (v !== undefined && v !== '') out[n] = v;
    else delete out[n];
  }
  return makeLabels(out);
}

export function vectorVector(e: BinaryExpr, lhsIn: Sample[], rhsIn: Sample[]): Sample[] {
  const em = withMatching(e);
  const m = em.matching!;
  const sig = sigOf(m);
  const swapped = m.card === 'one-to-many';
  const lhs = swapped ? rhsIn : lhsIn;
  const rhs = swapped ? lhsIn : rhsIn;
  const right = new Map<string, Sample>();
  for (const rs of rhs) {
    const k = sig(rs.labels);
    const dup = right.get(k);
    if (dup) {
      const side = swapped ? 'left' : 'right';
      const matched = formatLabels(projectLabels(rs.labels, m.on, m.labels));
      // Prometheus names the sample it was adding first, then the one already held (engine.go).
      const pair = [formatLabels(rs.labels), formatLabels(dup.labels)];
      throw execError(
        `found duplicate series for the match group ${matched} on the ${side} hand-side of the operation: [${pair.join(', ')}];many-to-many matching not allowed: matching labels must be unique on one side`,
      );
    }
    right.set(k, rs);
  }
  const matched = new Map<string, Set<string> | null>();
  const out: Sample[] = [];
  for (const ls of lhs) {
    const k = sig(ls.labels);
    const rs = right.get(k);
    if (!rs) continue;
    // A second match is an error even when the comparison would filter both samples away.
    if (m.card === 'one-to-one') {
      if (matched.has(k)) {
        throw execError(
          'multiple matches for labels: many-to-one matching must be explicit (group_left/group_right)',
        );
      }
      matched.set(k, null);
    }
    const [fl, fr] = swapped ? [rs.v, ls.v] : [ls.v, rs.v];
    let [v, keep] = scalarBinop(e.op, fl, fr);
    if (e.returnBool) {
      v = keep ? 1 : 0;
      keep = true;
    } else if (!keep) continue;
    const labels = cachedResultLabels(em, ls.labels, rs.labels);
    if (m.card !== 'one-to-one') {
      let set = matched.get(k);
      if (!set) {
        set = new Set();
        matched.set(k, set);
      }
      const lk = keyOf(labels);
      if (set.has(lk))
        throw execError('multiple matches for labels: grouping labels must ensure unique matches');
      set.add(lk);
    }
    out.push({ labels, v });
  }
  return out;
}
