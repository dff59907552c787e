/**
 * What Loki's lexer (pkg/logql/syntax/lex.go, over Go's text/scanner) says before its grammar
 * runs, and how its goyacc parser names a token in a syntax error. The lezer grammar recovers
 * from errors its own way, so both are recomputed here from the query text:
 *
 * - `literal not terminated`: a `"…` or `` `… `` string without its closing quote (a
 *   double-quoted one also ends at a newline), at the opening quote's line and column.
 * - `missing closing ']' in duration`, at the `[`; and a range Prometheus' model.ParseDuration
 *   refuses (`unknown unit "minutes" in duration "5minutes"`, `not a valid duration string:
 *   "1.5m"`, `empty duration string`), at the `[`.
 * - `syntax error: unexpected X[, expecting Y]`: X as goyacc prints Loki's tokens (its token
 *   names, with the lexer's own words for keywords and punctuation: IDENTIFIER, STRING, NUMBER,
 *   DURATION, RANGE, COUNT_OVER_TIME, `by`, `ip`, `{`, `!=`, `$end`), and the expected tokens in
 *   the few states where the grammar allows four or fewer (after `vector(`, a leading sign, a
 *   matcher's name or operator).
 */
import { LogQLError } from '../api.js';

/** Loki's ParseError text: with a position, or `parse error : msg` without one. */
function parseError(q: string, pos: number, msg: string): LogQLError {
  const { line, col } = position(q, pos);
  return new LogQLError('bad_data', `parse error at line ${line}, col ${col}: ${msg}`);
}

/** text/scanner's 1-based line and column (columns count characters). */
export function position(q: string, pos: number): { line: number; col: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < pos && i < q.length; i++) {
    if (q[i] === '\n') {
      line++;
      start = i + 1;
    }
  }
  return { line, col: [...q.slice(start, pos)].length + 1 };
}

const UNIT_POS: Record<string, number> = { y: 1, w: 2, d: 3, h: 4, m: 5, s: 6, ms: 7 };

/** Prometheus' model.ParseDuration's refusal of a range's text, or undefined when it reads. */
export function promDurationError(s: string): string | undefined {
  if (s === '0') return undefined;
  if (s === '') return 'empty duration string';
  const invalid = `not a valid duration string: ${JSON.stringify(s)}`;
  let rest = s;
  let last = 0;
  while (rest !== '') {
    const digits = /^\d+/.exec(rest);
    if (!digits) return invalid;
    rest = rest.slice(digits[0].length);
    const unit = /^\D+/.exec(rest);
    if (!unit) return invalid;
    rest = rest.slice(unit[0].length);
    const p = UNIT_POS[unit[0]];
    if (p === undefined) return `unknown unit ${JSON.stringify(unit[0])} in duration ${JSON.stringify(s)}`;
    if (p <= last) return invalid;
    last = p;
  }
  return undefined;
}

/** Throws the first error Loki's lexer reports for `q`, if any. */
export function lokiLexErrors(q: string): void {
  for (let i = 0; i < q.length; i++) {
    const c = q[i];
    if (c === '#') {
      while (i < q.length && q[i] !== '\n') i++;
    } else if (c === '"' || c === '`') {
      const open = i;
      i++;
      while (i < q.length && q[i] !== c && !(c === '"' && q[i] === '\n'))
        i += c === '"' && q[i] === '\\' ? 2 : 1;
      if (i >= q.length || q[i] !== c) throw parseError(q, open, 'literal not terminated');
    } else if (c === '[') {
      const close = q.indexOf(']', i + 1);
      if (close < 0) throw parseError(q, i, "missing closing ']' in duration");
      const err = promDurationError(q.slice(i + 1, close));
      if (err) throw parseError(q, i, err);
      i = close;
    }
  }
}

/** Keywords and punctuation goyacc names by the lexer's own text (lex.go's `tokens`). */
const WORDS = new Set([
  'by',
  'without',
  'bool',
  'label_replace',
  'offset',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'or',
  'and',
  'unless',
  'json',
  'regexp',
  'logfmt',
  'unpack',
  'pattern',
  'label_format',
  'line_format',
  'ip',
  'decolorize',
  'drop',
  'keep',
  'variants',
  'of',
  'unwrap',
]);
/** lex.go's `functionTokens`: named so only when a `(` (or `by`/`without (`) follows. */
const FUNCTIONS = new Set([
  'rate',
  'rate_counter',
  'count_over_time',
  'bytes_rate',
  'bytes_over_time',
  'avg_over_time',
  'sum_over_time',
  'min_over_time',
  'max_over_time',
  'stdvar_over_time',
  'stddev_over_time',
  'quantile_over_time',
  'first_over_time',
  'last_over_time',
  'absent_over_time',
  'vector',
  'sum',
  'avg',
  'max',
  'min',
  'count',
  'stddev',
  'stdvar',
  'bottomk',
  'topk',
  'sort',
  'sort_desc',
  'label_replace',
  'approx_topk',
  'bytes',
  'duration',
  'duration_seconds',
  'ip',
]);
const PUNCT2 = ['!=', '=~', '!~', '!>', '|=', '|~', '|>', '==', '>=', '<='];

export interface LokiToken {
  name: string;
  from: number;
  to: number;
}

/** The token Loki's lexer reads at `pos` (blanks skipped), named as goyacc prints it. */
export function lokiTokenAt(q: string, pos: number): LokiToken {
  let i = pos;
  while (i < q.length && /\s/.test(q[i])) i++;
  if (i >= q.length) return { name: '$end', from: q.length, to: q.length };
  const rest = q.slice(i);
  const tok = (name: string, len: number): LokiToken => ({ name, from: i, to: i + len });
  if (rest[0] === '"' || rest[0] === '`') {
    const m = /^("(?:[^"\\\n]|\\.)*"|`[^`]*`)/s.exec(rest);
    return tok('STRING', m ? m[0].length : rest.length);
  }
  if (rest[0] === '[') {
    const close = rest.indexOf(']');
    return tok('RANGE', close < 0 ? rest.length : close + 1);
  }
  const num =
    /^(?:0[xXbBoO][0-9a-fA-F_.pP+-]*|\d[\d_]*(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)/.exec(rest);
  if (num) {
    const unit = /^[0-9a-zA-Zµ.]+/.exec(rest.slice(num[0].length));
    if (unit) {
      const text = num[0] + unit[0];
      if (/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h|d|w|y))+$/.test(text)) return tok('DURATION', text.length);
      if (/^\d+(\.\d+)?\s*([kKMGTPE]i?B|B)$/.test(text)) return tok('BYTES', text.length);
    }
    return tok('NUMBER', num[0].length);
  }
  const id = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest);
  if (id) {
    const w = id[0].toLowerCase();
    const after = rest.slice(id[0].length);
    const call = /^\s*\(/.test(after) || /^\s*(by|without)\s*\(/i.test(after);
    if (FUNCTIONS.has(w) && call) return tok(WORDS.has(w) ? w : functionName(w), id[0].length);
    if (WORDS.has(w)) return tok(w, id[0].length);
    return tok('IDENTIFIER', id[0].length);
  }
  const two = PUNCT2.find((p) => rest.startsWith(p));
  if (two) return tok(two, 2);
  return tok([...rest][0], [...rest][0].length);
}

function functionName(w: string): string {
  if (w === 'bytes') return 'BYTES_CONV';
  if (w === 'duration') return 'DURATION_CONV';
  if (w === 'duration_seconds') return 'DURATION_SECONDS_CONV';
  return w.toUpperCase();
}

/** The tokens before `pos`, as Loki reads them (for the few `expecting` states). */
function tokensBefore(q: string, pos: number): LokiToken[] {
  const out: LokiToken[] = [];
  let i = 0;
  while (i < pos) {
    const t = lokiTokenAt(q, i);
    if (t.from >= pos || t.name === '$end') break;
    out.push(t);
    i = t.to;
  }
  return out;
}

/** What goyacc lists after `expecting` in the states it can name here, or undefined. */
function expecting(q: string, before: LokiToken[]): string | undefined {
  const last = before[before.length - 1];
  const prev = before[before.length - 2];
  if (!last) return undefined;
  if (last.name === '(' && prev?.name === 'VECTOR') return 'NUMBER';
  if (before.length === 1 && (last.name === '-' || last.name === '+')) return 'NUMBER';
  // expr.y: `| drop`, `| keep` and `| label_format` take a label list (IDENTIFIER first),
  // `| line_format` one STRING.
  if (prev?.name === '|' && ['drop', 'keep', 'label_format'].includes(last.name)) return 'IDENTIFIER';
  if (prev?.name === '|' && last.name === 'line_format') return 'STRING';
  // Inside a selector: `{` or `,` then a name wants an operator, an operator a string.
  const inBraces = q.lastIndexOf('{', last.from) > q.lastIndexOf('}', last.from);
  if (!inBraces) return undefined;
  if (last.name === 'IDENTIFIER' && (prev?.name === '{' || prev?.name === ',')) return '= or =~ or !~ or !=';
  if (['=', '!=', '=~', '!~'].includes(last.name) && prev?.name === 'IDENTIFIER') return 'STRING';
  return undefined;
}

const VECTOR_OPS = new Set([
  'SUM',
  'AVG',
  'MAX',
  'MIN',
  'COUNT',
  'STDDEV',
  'STDVAR',
  'BOTTOMK',
  'TOPK',
  'SORT',
  'SORT_DESC',
  'APPROX_TOPK',
]);

/**
 * A vector aggregation's argument is a metric expression: a log selector there (`min({…}[5m])`)
 * is refused at its `{`, where lezer reads on to a later token.
 */
function selectorInAggregation(before: LokiToken[]): LokiToken | undefined {
  let depth = 0;
  for (let k = before.length - 1; k >= 0; k--) {
    const n = before[k].name;
    if (n === ')') depth++;
    else if (n === '(' && depth-- === 0) {
      if (!VECTOR_OPS.has(before[k - 1]?.name ?? '')) return undefined;
      let arg = k + 1;
      if (before[arg]?.name === 'NUMBER' && before[arg + 1]?.name === ',') arg += 2;
      return before[arg]?.name === '{' ? before[arg] : undefined;
    }
  }
  return undefined;
}

/** Loki's syntax error for a token the grammar does not take at `pos`. */
export function lokiSyntaxError(q: string, pos: number): LogQLError {
  const selector = selectorInAggregation(tokensBefore(q, lokiTokenAt(q, pos).from));
  if (selector) return parseError(q, selector.from, 'syntax error: unexpected {');
  const t = lokiTokenAt(q, pos);
  const want = expecting(q, tokensBefore(q, t.from));
  return parseError(q, t.from, `syntax error: unexpected ${t.name}${want ? `, expecting ${want}` : ''}`);
}
