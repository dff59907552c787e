/** Static type rules of Prometheus' parser (`checkAST`), reported as positioned parse errors. */
import type { Expr, ValueType } from '../ast.js';
import { parseError } from './errors.js';
import { FUNCTIONS, minArgs } from './signatures.js';

const TYPE_NAMES: Record<ValueType, string> = {
  scalar: 'scalar',
  vector: 'instant vector',
  matrix: 'range vector',
  string: 'string',
};

const COMPARISON = new Set(['==', '!=', '>', '<', '>=', '<=']);
const SET_OPS = new Set(['and', 'or', 'unless']);

export function isComparison(op: string): boolean {
  return COMPARISON.has(op);
}
export function isSetOp(op: string): boolean {
  return SET_OPS.has(op);
}

/** Type-checks the whole tree and returns the root's type. */
export function check(q: string, e: Expr): ValueType {
  const fail = (at: number, msg: string): never => {
    throw parseError(q, at, msg);
  };
  const expect = (x: Expr, want: ValueType, ctx: string): void => {
    const got = check(q, x);
    if (got !== want) fail(x.start, `expected type ${TYPE_NAMES[want]} in ${ctx}, got ${TYPE_NAMES[got]}`);
  };
  switch (e.type) {
    case 'number':
      return 'scalar';
    case 'string':
      return 'string';
    case 'vectorSelector':
      return 'vector';
    case 'matrixSelector':
      return 'matrix';
    case 'subquery': {
      const t = check(q, e.expr);
      if (t !== 'vector')
        fail(e.start, `subquery is only allowed on instant vector, got ${TYPE_NAMES[t]} instead`);
      return 'matrix';
    }
    case 'paren':
      return check(q, e.expr);
    case 'unary': {
      const t = check(q, e.expr);
      if (t !== 'scalar' && t !== 'vector') {
        fail(
          e.start,
          `unary expression only allowed on expressions of type scalar or instant vector, got "${TYPE_NAMES[t]}"`,
        );
      }
      return t;
    }
    case 'binary': {
      const lt = check(q, e.lhs);
      const rt = check(q, e.rhs);
      if (e.returnBool && !isComparison(e.op))
        fail(e.start, 'bool modifier can only be used on comparison operators');
      const lhsBad = lt !== 'scalar' && lt !== 'vector';
      if (lhsBad || (rt !== 'scalar' && rt !== 'vector')) {
        fail(
          lhsBad ? e.lhs.start : e.rhs.start,
          'binary expression must contain only scalar and instant vector types',
        );
      }
      if (isComparison(e.op) && lt === 'scalar' && rt === 'scalar' && !e.returnBool) {
        fail(e.opPos.start, 'comparisons between scalars must use BOOL modifier');
      }
      if (isSetOp(e.op) && (lt === 'scalar' || rt === 'scalar')) {
        fail(e.start, `set operator "${e.op}" not allowed in binary scalar expression`);
      }
      const explicit =
        e.matching && (e.matching.labels.length > 0 || e.matching.on || e.matching.card !== 'one-to-one');
      if ((lt !== 'vector' || rt !== 'vector') && explicit && !isSetOp(e.op)) {
        fail(e.start, 'vector matching only allowed between instant vectors');
      }
      return lt === 'scalar' && rt === 'scalar' ? 'scalar' : 'vector';
    }
    case 'aggregate': {
      const t = check(q, e.expr);
      if (t !== 'vector')
        fail(e.start, `expected type instant vector in aggregation expression, got ${TYPE_NAMES[t]}`);
      if (e.param) {
        const want = e.op === 'count_values' ? 'string' : 'scalar';
        expect(e.param, want, 'aggregation parameter');
      }
      return 'vector';
    }
    case 'call': {
      const sig = FUNCTIONS[e.func];
      if (!sig) return fail(e.start, `unknown function with name "${e.func}"`);
      const n = e.args.length;
      if (sig.variadic === 0 && n !== sig.args.length) {
        fail(e.start, `expected ${sig.args.length} argument(s) in call to "${e.func}", got ${n}`);
      }
      if (n < minArgs(sig))
        fail(e.start, `expected at least ${minArgs(sig)} argument(s) in call to "${e.func}", got ${n}`);
      if (sig.variadic > 0 && n > sig.args.length + sig.variadic - 1) {
        fail(
          e.start,
          `expected at most ${sig.args.length + sig.variadic - 1} argument(s) in call to "${e.func}", got ${n}`,
        );
      }
      e.args.forEach((a, i) => {
        expect(a, sig.args[Math.min(i, sig.args.length - 1)], `call to function "${e.func}"`);
      });
      return sig.returns;
    }
  }
}
