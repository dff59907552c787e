/** Every vector selector of a query (for fault matching, query-shape fingerprints, corpus worlds). */
import type { Matcher } from '../world/types.js';
import type { Expr } from './ast.js';
import { parsePromQL } from './parser/index.js';

export interface SelectorInfo {
  metric?: string;
  matchers: Matcher[];
}

export function selectorsOf(q: string): SelectorInfo[] {
  const out: SelectorInfo[] = [];
  walk(parsePromQL(q), out);
  return out;
}

function walk(e: Expr, out: SelectorInfo[]): void {
  switch (e.type) {
    case 'vectorSelector':
      out.push({ metric: e.name, matchers: e.matchers.map((m) => ({ ...m })) });
      return;
    case 'matrixSelector':
      walk(e.vector, out);
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
