/** `parsePromQL`: lezer parse → error check → AST → type check. Throws PromQLError('bad_data'). */
import { parser } from '@prometheus-io/lezer-promql';
import type { Expr } from '../ast.js';
import { AstBuilder } from './build.js';
import { check } from './check.js';
import { parseError } from './errors.js';
import { rewriteQuery } from './rewrite.js';
import { firstError } from './tree.js';

const TOKEN_RE = /^(?:[A-Za-z_:][\w:]*|\d[\w.]*|"(?:[^"\\]|\\.)*"?|'(?:[^'\\]|\\.)*'?|[=!<>]=|=~|!~|\S)/;

export function parsePromQL(q: string): Expr {
  if (q.trim() === '') throw parseError(q, 0, 'no expression found in input');
  const { text, renamed } = rewriteQuery(q);
  const tree = parser.parse(text);
  const err = firstError(tree);
  if (err) throw describe(text, err.from);
  const expr = new AstBuilder(text, renamed).build(tree.topNode);
  check(text, expr);
  return expr;
}

/** Lezer does not say what it expected; name what it found, as Prometheus' lexer/parser would. */
function describe(q: string, from: number): Error {
  let at = from;
  while (at < q.length && /\s/.test(q[at])) at++;
  if (at >= q.length) return parseError(q, q.length, 'unexpected end of input');
  const tok = TOKEN_RE.exec(q.slice(at))?.[0] ?? q[at];
  if (tok === '(') {
    const before = /([A-Za-z_][\w]*)\s*$/.exec(q.slice(0, at));
    if (before) return parseError(q, at - before[0].length, `unknown function with name "${before[1]}"`);
  }
  return parseError(q, at, `unexpected ${JSON.stringify(tok)}`);
}
