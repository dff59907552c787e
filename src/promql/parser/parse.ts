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

const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'offset',
  'and',
  'or',
  'unless',
  'atan2',
]);

/** Open brackets before `at`, ignoring string contents: the innermost last. */
function openBrackets(q: string, at: number): string[] {
  const stack: string[] = [];
  for (let i = 0; i < at; i++) {
    const c = q[i];
    if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < at && q[j] !== c) j += q[j] === '\\' && c !== '`' ? 2 : 1;
      i = j;
    } else if (c === '(' || c === '{' || c === '[') stack.push(c);
    else if (c === ')' || c === '}' || c === ']') stack.pop();
  }
  return stack;
}

/** Lezer does not say what it expected; name what it found, as Prometheus' parser words it. */
function describe(q: string, from: number): Error {
  let at = from;
  while (at < q.length && /\s/.test(q[at])) at++;
  const open = openBrackets(q, at);
  const inner = open[open.length - 1];
  if (at >= q.length) {
    if (inner === '{') return parseError(q, q.length, 'unexpected end of input inside braces');
    if (open.includes('(')) return parseError(q, q.length, 'unclosed left parenthesis');
    if (inner === '[') return parseError(q, q.length, 'unclosed left bracket');
    const last = /(offset\s*-?|@)\s*$/i.exec(q);
    if (last) {
      const ctx = last[1].startsWith('@') ? 'in @, expected timestamp' : 'in offset, expected duration';
      return parseError(q, q.length, `unexpected end of input ${ctx}`);
    }
    return parseError(q, q.length, 'unexpected end of input');
  }
  const tok = TOKEN_RE.exec(q.slice(at))?.[0] ?? q[at];
  if (tok === '(' && /\b(by|without|on|ignoring|group_left|group_right)\s*\([^()]*$/i.test(q.slice(0, at))) {
    return parseError(q, at, 'unexpected "(" in grouping opts, expected "," or ")"');
  }
  if (tok === '(') {
    const before = /([A-Za-z_][\w]*)\s*$/.exec(q.slice(0, at));
    if (before && !KEYWORDS.has(before[1].toLowerCase())) {
      return parseError(q, at - before[0].length, `unknown function with name "${before[1]}"`);
    }
  }
  if (tok === ')') return parseError(q, at + 1, "unexpected right parenthesis ')'");
  if (tok[0] === ':') return parseError(q, at, "unexpected colon ':'");
  if (inner === '{' && !/^(?:[\w"'`,}]|=~|!~|!=|=)/.test(tok)) {
    return parseError(q, at, `unexpected character inside braces: '${tok[0]}'`);
  }
  let what = JSON.stringify(tok);
  if (KEYWORDS.has(tok.toLowerCase())) what = `<${tok.toLowerCase()}>`;
  else if (/^[A-Za-z_:]/.test(tok)) what = `identifier ${JSON.stringify(tok)}`;
  else if (/^\d/.test(tok)) what = `number ${JSON.stringify(tok)}`;
  const grouping = /\b(by|without|on|ignoring|group_left|group_right)\s*\([^()]*$/i.test(q.slice(0, at));
  const afterGroupKw = /\b(by|without)\s*$/i.test(q.slice(0, at));
  let ctx = '';
  if (inner === '{' && /(?:=~|!~|!=|=)\s*$/.test(q.slice(0, at))) ctx = ' in label matching, expected string';
  else if (inner === '{') ctx = ' in label matching, expected "," or "}"';
  else if (grouping) ctx = ' in grouping opts, expected "," or ")"';
  else if (afterGroupKw) ctx = ' in grouping opts, expected "("';
  else if (
    /\b(sum|avg|min|max|count|group|stddev|stdvar|topk|bottomk|quantile|count_values|limitk|limit_ratio)\s*(by|without)\s*\([^()]*\)\s*$/i.test(
      q.slice(0, at),
    )
  ) {
    ctx = ' in aggregation';
  }
  return parseError(q, at, `unexpected ${what}${ctx}`);
}
