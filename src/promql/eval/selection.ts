/**
 * Which selectors of a query read data (docs/trace.md#selection). A selector is matched when, at
 * some evaluation step, a series it selects had a sample inside the window that step read: the
 * lookback for an instant selector, the range for a range selector, subqueries' inner steps
 * included. The evaluator marks it where windows are cut (selectors.ts; calls.ts for blocks
 * computed ahead); every selector never marked read nothing, whatever a function or a constant
 * (`absent`, `or vector(0)`) then made of that nothing.
 */
import { normalizeQuery } from '../../evidence/query-parts.js';
import type { Selection } from '../../formats/run/index.js';
import type { Expr, VectorSelector } from '../ast.js';

export function selectionOf(expr: Expr, matched: ReadonlySet<VectorSelector>): Selection {
  const all: VectorSelector[] = [];
  walk(expr, all);
  const unmatched = all.filter((vs) => !matched.has(vs)).map((vs) => normalizeQuery(vs.text));
  return { selectors: all.length, unmatched };
}

/** Selector nodes in query order: a range selector is its selector, counted once. */
function walk(e: Expr, out: VectorSelector[]): void {
  switch (e.type) {
    case 'vectorSelector':
      out.push(e);
      return;
    case 'matrixSelector':
      out.push(e.vector);
      return;
    case 'subquery':
    case 'paren':
    case 'unary':
      walk(e.expr, out);
      return;
    case 'binary':
      walk(e.lhs, out);
      walk(e.rhs, out);
      return;
    case 'aggregate':
      if (e.param) walk(e.param, out);
      walk(e.expr, out);
      return;
    case 'call':
      for (const a of e.args) walk(a, out);
      return;
    default:
      return;
  }
}
