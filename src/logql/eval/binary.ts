/** Binary operations per step, with PromQL's vector matching rules. */

import { goPow } from '../../promql/eval/index.js';
import type { Labels } from '../../world/types.js';
import { LogQLError } from '../api.js';
import { keyOf } from '../pipeline/index.js';
import type { BinOp, VectorMatching } from '../syntax/index.js';
import type { Sample } from './range-agg.js';

const COMPARISON = new Set<BinOp>(['==', '!=', '>', '>=', '<', '<=']);

export function isComparison(op: BinOp): boolean {
  return COMPARISON.has(op);
}

/** Arithmetic result, or for comparisons 1/0 (the caller decides between filter and bool). */
export function arith(op: BinOp, a: number, b: number): number {
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    // Loki's mergeBinOp: a zero divisor gives NaN whatever the dividend (PromQL gives ±Inf).
    case '/':
      return b === 0 ? Number.NaN : a / b;
    case '%':
      return b === 0 ? Number.NaN : a % b;
    case '^':
      return goPow(a, b); // Go's math.Pow: 1^NaN = 1, (-1)^±Inf = 1, unlike JS **
    case '==':
      return a === b ? 1 : 0;
    case '!=':
      return a !== b ? 1 : 0;
    case '>':
      return a > b ? 1 : 0;
    case '>=':
      return a >= b ? 1 : 0;
    case '<':
      return a < b ? 1 : 0;
    case '<=':
      return a <= b ? 1 : 0;
    default:
      return Number.NaN;
  }
}

/** vector op scalar (or scalar op vector when `scalarLeft`). */
export function vectorScalar(
  op: BinOp,
  bool: boolean,
  vec: Sample[],
  k: number,
  scalarLeft: boolean,
): Sample[] {
  const out: Sample[] = [];
  for (const s of vec) {
    const [a, b] = scalarLeft ? [k, s.v] : [s.v, k];
    const r = arith(op, a, b);
    if (isComparison(op) && !bool) {
      if (r === 1) out.push(s);
    } else out.push({ labels: s.labels, key: s.key, v: r });
  }
  return out;
}

function signature(labels: Labels, m: VectorMatching | undefined): string {
  if (!m) return keyOf(labels);
  const out: Record<string, string> = {};
  for (const k of Object.keys(labels)) if (m.labels.includes(k) === m.on) out[k] = labels[k];
  return keyOf(out);
}

export function vectorVector(
  op: BinOp,
  bool: boolean,
  m: VectorMatching | undefined,
  lhs: Sample[],
  rhs: Sample[],
): Sample[] {
  if (op === 'and' || op === 'or' || op === 'unless') return setOp(op, m, lhs, rhs);
  const card = m?.card ?? 'one-to-one';
  const [one, many] = card === 'one-to-many' ? [lhs, rhs] : [rhs, lhs];
  const bySig = new Map<string, Sample>();
  for (const s of one) {
    const sig = signature(s.labels, m);
    if (bySig.has(sig)) {
      throw new LogQLError(
        'bad_data',
        // Loki's wording (evaluator.go), without the match group and with no space after `;`.
        `found duplicate series on the ${card === 'one-to-many' ? 'left' : 'right'} hand-side;many-to-many matching not allowed: matching labels must be unique on one side`,
      );
    }
    bySig.set(sig, s);
  }
  const out: Sample[] = [];
  const seen = new Set<string>();
  for (const s of many) {
    const sig = signature(s.labels, m);
    const o = bySig.get(sig);
    if (!o) continue;
    const [l, r] = card === 'one-to-many' ? [o, s] : [s, o];
    const v = arith(op, l.v, r.v);
    const filter = isComparison(op) && !bool;
    if (filter && v !== 1) continue;
    const labels = resultLabels(s.labels, o.labels, m, card);
    const key = keyOf(labels);
    if (seen.has(key)) {
      throw new LogQLError(
        'bad_data',
        card === 'one-to-one'
          ? 'multiple matches for labels: many-to-one matching must be explicit (group_left/group_right)'
          : 'multiple matches for labels: grouping labels must ensure unique matches',
      );
    }
    seen.add(key);
    // A filtering comparison keeps the left-hand side's value, whichever side is the "many" one.
    out.push({ labels, key, v: filter ? l.v : v });
  }
  return out;
}

function resultLabels(
  many: Labels,
  one: Labels,
  m: VectorMatching | undefined,
  card: VectorMatching['card'],
): Labels {
  if (!m) return many;
  const out: Record<string, string> = {};
  if (card === 'one-to-one') {
    for (const k of Object.keys(many)) if (m.labels.includes(k) === m.on) out[k] = many[k];
  } else {
    Object.assign(out, many);
    for (const k of m.include) {
      if (one[k] !== undefined) out[k] = one[k];
      else delete out[k];
    }
  }
  return Object.fromEntries(
    Object.keys(out)
      .sort()
      .map((k) => [k, out[k]]),
  );
}

function setOp(
  op: 'and' | 'or' | 'unless',
  m: VectorMatching | undefined,
  lhs: Sample[],
  rhs: Sample[],
): Sample[] {
  const rsigs = new Set(rhs.map((s) => signature(s.labels, m)));
  if (op === 'and') return lhs.filter((s) => rsigs.has(signature(s.labels, m)));
  if (op === 'unless') return lhs.filter((s) => !rsigs.has(signature(s.labels, m)));
  const lsigs = new Set(lhs.map((s) => signature(s.labels, m)));
  return [...lhs, ...rhs.filter((s) => !lsigs.has(signature(s.labels, m)))];
}
