/** Metric expressions evaluated over a grid of step times, one vector (or scalar) per step. */

import type { GoRegexp } from '../../world/re2.js';
import { expand } from '../../world/re2-replace.js';
import type { LogSource } from '../../world/types.js';
import { LogQLError } from '../api.js';
import { keyOf } from '../pipeline/index.js';
import type { BinOp, MetricExpr } from '../syntax/index.js';
import { goRegex } from '../syntax/index.js';
import { arith, isComparison, vectorScalar, vectorVector } from './binary.js';
import { evalPushdown, pushdownRange } from './pushdown.js';
import { evalRangeAgg, type Sample, type StepVectors } from './range-agg.js';
import { sumOfRange } from './range-sum.js';
import type { EvalStats } from './select.js';
import { aggregate, type GroupOf } from './vector-agg.js';

export type Val = { kind: 'vector'; steps: StepVectors } | { kind: 'scalar'; steps: number[] };

/**
 * `orderFree`: nothing downstream observes the order of this expression's vectors (the result sorts
 * them by labels), which lets a sum of counts take the pushdown path (pushdown.ts).
 */
export function evalMetric(
  src: LogSource,
  e: MetricExpr,
  steps: number[],
  stats: EvalStats,
  orderFree = false,
): Val {
  switch (e.kind) {
    case 'range':
      return { kind: 'vector', steps: evalRangeAgg(src, e, steps, stats) };
    case 'literal':
      return { kind: 'scalar', steps: steps.map(() => e.value) };
    case 'vector':
      return { kind: 'vector', steps: steps.map(() => [{ labels: {}, key: '', v: e.value }]) };
    case 'vagg': {
      const pushed = orderFree ? pushdownRange(e) : undefined;
      const grouped = pushed && evalPushdown(src, e, pushed, steps, stats);
      const cache = new Map<string, GroupOf>();
      if (!grouped && e.op === 'sum' && e.expr.kind === 'range' && e.expr.op !== 'absent_over_time') {
        return { kind: 'vector', steps: sumOfRange(src, e.expr, e.grouping, steps, stats, cache) };
      }
      const inner = grouped ?? asVector(evalMetric(src, e.expr, steps, stats));
      return { kind: 'vector', steps: inner.map((vec) => aggregate(e.op, e.param, e.grouping, vec, cache)) };
    }
    case 'labelReplace': {
      const inner = asVector(evalMetric(src, e.expr, steps, stats));
      const re = goRegex(e.regex, true);
      const repl = e.replacement;
      return {
        kind: 'vector',
        steps: inner.map((vec) => unique(vec.map((s) => labelReplace(s, e.dst, e.src, re, repl)))),
      };
    }
    case 'binop': {
      // A vector with a literal keeps its samples one to one, in order.
      const l = evalMetric(src, e.lhs, steps, stats, orderFree && e.rhs.kind === 'literal');
      const r = evalMetric(src, e.rhs, steps, stats, orderFree && e.lhs.kind === 'literal');
      if (l.kind === 'scalar' && r.kind === 'scalar') {
        return { kind: 'scalar', steps: l.steps.map((a, i) => scalarOp(e.op, a, r.steps[i])) };
      }
      if (l.kind === 'vector' && r.kind === 'vector') {
        return {
          kind: 'vector',
          steps: l.steps.map((lv, i) => vectorVector(e.op, e.bool, e.matching, lv, r.steps[i])),
        };
      }
      if (l.kind === 'vector' && r.kind === 'scalar') {
        return {
          kind: 'vector',
          steps: l.steps.map((lv, i) => vectorScalar(e.op, e.bool, lv, r.steps[i], false)),
        };
      }
      const sv = l as { kind: 'scalar'; steps: number[] };
      const vv = r as { kind: 'vector'; steps: StepVectors };
      return {
        kind: 'vector',
        steps: vv.steps.map((rv, i) => vectorScalar(e.op, e.bool, rv, sv.steps[i], true)),
      };
    }
  }
}

function scalarOp(op: BinOp, a: number, b: number): number {
  if (isComparison(op)) return vectorScalar(op, true, [{ labels: {}, key: '', v: a }], b, false)[0].v;
  if (op === 'and' || op === 'or' || op === 'unless') {
    throw new LogQLError('bad_data', `operator ${op} not allowed between scalars`);
  }
  return arith(op, a, b);
}

function asVector(v: Val): StepVectors {
  if (v.kind === 'vector') return v.steps;
  throw new LogQLError('bad_data', 'expected a vector expression, got a scalar');
}

function labelReplace(s: Sample, dst: string, srcLabel: string, re: GoRegexp, repl: string): Sample {
  const value = s.labels[srcLabel] ?? '';
  const m = re.find(value);
  if (!m) return s;
  const res = expand(repl, re, m);
  const labels: Record<string, string> = { ...s.labels };
  if (res === '') delete labels[dst];
  else labels[dst] = res;
  const sorted = Object.fromEntries(
    Object.keys(labels)
      .sort()
      .map((k) => [k, labels[k]]),
  );
  return { labels: sorted, key: keyOf(sorted), v: s.v };
}

export function unique(vec: Sample[]): Sample[] {
  const seen = new Set<string>();
  for (const s of vec) {
    if (seen.has(s.key))
      throw new LogQLError('bad_data', 'vector cannot contain metrics with the same labelset');
    seen.add(s.key);
  }
  return vec;
}
