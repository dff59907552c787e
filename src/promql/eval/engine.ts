/** The evaluator: one AST node at one timestamp → a Value. Range queries call it once per step. */
import type { Expr } from '../ast.js';
import { aggregate } from './aggregations.js';
import { scalarBinop, setOp, vectorScalar, vectorVector } from './binary.js';
import { evalCall } from './calls.js';
import type { QueryContext } from './context.js';
import { dropName } from './labels.js';
import { evalMatrixSelector, evalVectorSelector } from './selectors.js';
import { evalSubquery } from './subquery.js';
import { type Value, vectorOf } from './types.js';

export function evaluate(ctx: QueryContext, e: Expr, t: number): Value {
  ctx.deadline.spend(1);
  switch (e.type) {
    case 'number':
      return { kind: 'scalar', v: e.value };
    case 'string':
      return { kind: 'string', v: e.value };
    case 'paren':
      return evaluate(ctx, e.expr, t);
    case 'vectorSelector':
      return { kind: 'vector', samples: evalVectorSelector(ctx, e, t) };
    case 'matrixSelector':
      return evalMatrixSelector(ctx, e, t);
    case 'subquery':
      return evalSubquery(ctx, e, t);
    case 'unary': {
      const v = evaluate(ctx, e.expr, t);
      if (e.op === '+') return v;
      if (v.kind === 'scalar') return { kind: 'scalar', v: -v.v };
      return { kind: 'vector', samples: vectorOf(v).map((s) => ({ labels: dropName(s.labels), v: -s.v })) };
    }
    case 'binary': {
      const l = evaluate(ctx, e.lhs, t);
      const r = evaluate(ctx, e.rhs, t);
      if (l.kind === 'scalar' && r.kind === 'scalar') {
        const [v, keep] = scalarBinop(e.op, l.v, r.v);
        return { kind: 'scalar', v: e.returnBool ? (keep ? 1 : 0) : v };
      }
      if (l.kind === 'scalar') return { kind: 'vector', samples: vectorScalar(e, vectorOf(r), l.v, true) };
      if (r.kind === 'scalar') return { kind: 'vector', samples: vectorScalar(e, vectorOf(l), r.v, false) };
      if (e.op === 'and' || e.op === 'or' || e.op === 'unless') {
        return { kind: 'vector', samples: setOp(e, vectorOf(l), vectorOf(r)) };
      }
      return { kind: 'vector', samples: vectorVector(e, vectorOf(l), vectorOf(r)) };
    }
    case 'aggregate': {
      const inner = vectorOf(evaluate(ctx, e.expr, t));
      let param: number | string | undefined;
      if (e.param) {
        const p = evaluate(ctx, e.param, t);
        param = p.kind === 'scalar' || p.kind === 'string' ? p.v : undefined;
      }
      return { kind: 'vector', samples: aggregate(ctx, e, inner, param) };
    }
    case 'call':
      return evalCall(ctx, e, t);
  }
}
