/**
 * What a query is made of, read with the same lezer grammars the engines use (the packages, not
 * our engines: evidence/ sits below them): its selectors, its exact line filters, and the
 * sub-expressions a person may use to name it ("the `{app="payments"}` query"). A query or a
 * fragment the grammar does not accept yields nothing: a fragment that does not parse never names
 * a query.
 */
import { parser as logqlParser } from '@grafana/lezer-logql';
import type { Tree } from '@lezer/common';
import { parser as promqlParser } from '@prometheus-io/lezer-promql';
import type { Source } from '../formats/vocabulary.js';

export interface SelectorPart {
  /** The selector's text, normalized (normalizeQuery). */
  text: string;
  /** PromQL metric name (bare identifier or `__name__="x"`); undefined for LogQL streams. */
  metric?: string;
  matchers: { name: string; op: string; value: string }[];
}

export interface QueryParts {
  /** False when the grammar refused the query. */
  parsed: boolean;
  selectors: SelectorPart[];
  /** Literals of `|=` line filters (LogQL), in order. */
  lineFilters: string[];
  /** Every line filter with its operator (`|=`, `|~`, `!=`, `!~`), in order. */
  filters: { op: string; value: string }[];
  /** Normalized texts of every parseable sub-expression that holds a selector, the whole query included. */
  subExpressions: Set<string>;
}

/**
 * Whitespace never changes what a query means outside string literals, so it is dropped there
 * and kept verbatim inside them: `{ app = "x" }` and `{app="x"}` are one query, `"a b"` and
 * `"ab"` are not.
 */
const normalized = new Map<string, string>();

export function normalizeQuery(q: string): string {
  const hit = normalized.get(q);
  if (hit !== undefined) return hit;
  const out = normalizeUncached(q);
  if (normalized.size > 20000) normalized.clear();
  normalized.set(q, out);
  return out;
}

function normalizeUncached(q: string): string {
  let out = '';
  let i = 0;
  while (i < q.length) {
    const ch = q[i];
    if (ch === '"' || ch === "'" || ch === '`') {
      let j = i + 1;
      while (j < q.length && q[j] !== ch) j += ch !== '`' && q[j] === '\\' ? 2 : 1;
      out += q.slice(i, j + 1);
      i = j + 1;
    } else {
      if (!/\s/.test(ch)) out += ch;
      i++;
    }
  }
  return out;
}

const parserOf = (source: Source) => (source === 'logs' ? logqlParser : promqlParser);
const SELECTOR: Record<Source, string> = { logs: 'Selector', metrics: 'VectorSelector' };

/** Grammar nodes that are whole expressions: the only spans a sub-expression may be. */
const EXPRESSIONS: Record<Source, ReadonlySet<string>> = {
  metrics: new Set([
    'VectorSelector',
    'MatrixSelector',
    'FunctionCall',
    'AggregateExpr',
    'BinaryExpr',
    'ParenExpr',
    'SubqueryExpr',
    'OffsetExpr',
    'UnaryExpr',
    'StepInvariantExpr',
  ]),
  logs: new Set([
    'Selector',
    'LogExpr',
    'MetricExpr',
    'RangeAggregationExpr',
    'VectorAggregationExpr',
    'BinOpExpr',
    'LabelReplaceExpr',
    'LogRangeExpr',
  ]),
};

function clean(tree: Tree): boolean {
  let ok = true;
  tree.iterate({
    enter: (n) => {
      if (n.type.isError) ok = false;
      return ok;
    },
  });
  return ok;
}

function unquote(s: string): string {
  if (s.startsWith('`')) return s.slice(1, -1);
  if (s.startsWith("'")) return s.slice(1, -1).replace(/\\(.)/g, '$1');
  try {
    return JSON.parse(s) as string;
  } catch {
    return s.slice(1, -1);
  }
}

const standalone = new Map<string, boolean>();

function wholeExpression(text: string, source: Source): boolean {
  const tree = parserOf(source).parse(text);
  let hasSelector = false;
  let whole = false;
  const len = text.trimEnd().length;
  const start = text.length - text.trimStart().length;
  tree.iterate({
    enter: (n) => {
      if (n.name === SELECTOR[source]) hasSelector = true;
      if (EXPRESSIONS[source].has(n.name) && n.from === start && n.to === len) whole = true;
    },
  });
  return hasSelector && whole && clean(tree);
}

/** Does `text` parse on its own as a query of `source` and hold a selector? (memoised) */
export function parsesWithSelector(text: string, source: Source): boolean {
  const key = `${source}\u0000${text}`;
  let v = standalone.get(key);
  if (v === undefined) {
    v = wholeExpression(text, source);
    // A log range (`{app="x"} |= "y" [1h]`) is no query on its own, but it is what a range
    // aggregation reads: it names the query when it is one inside `count_over_time(...)`.
    if (!v && source === 'logs' && /\]\s*$/.test(text))
      v = wholeExpression(`count_over_time(${text})`, source);
    standalone.set(key, v);
  }
  return v;
}

function selectorOf(
  q: string,
  node: { from: number; to: number; node: import('@lezer/common').SyntaxNode },
  source: Source,
): SelectorPart {
  const part: SelectorPart = { text: normalizeQuery(q.slice(node.from, node.to)), matchers: [] };
  const c = node.node.cursor();
  c.firstChild();
  do {
    if (source === 'metrics' && c.name === 'Identifier') part.metric = q.slice(c.from, c.to);
  } while (c.nextSibling());
  node.node.cursor().iterate((n) => {
    const name = n.name;
    if (name !== 'Matcher' && name !== 'UnquotedLabelMatcher' && name !== 'QuotedLabelMatcher') return;
    const text = q.slice(n.from, n.to);
    const m =
      /^\s*("(?:[^"\\]|\\.)*"|[A-Za-z_][\w.]*)\s*(=~|!~|!=|=)\s*("(?:[^"\\]|\\.)*"|`[^`]*`|'(?:[^'\\]|\\.)*')\s*$/s.exec(
        text,
      );
    if (!m) return false;
    const label = m[1].startsWith('"') ? unquote(m[1]) : m[1];
    const value = unquote(m[3]);
    if (label === '__name__' && m[2] === '=') part.metric = value;
    else part.matchers.push({ name: label, op: m[2], value });
    return false;
  });
  return part;
}

const cache = new Map<string, QueryParts>();

export function queryParts(query: string, source: Source): QueryParts {
  const key = `${source}\u0000${query}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const tree = parserOf(source).parse(query);
  const parts: QueryParts = {
    parsed: clean(tree),
    selectors: [],
    lineFilters: [],
    filters: [],
    subExpressions: new Set(),
  };
  if (parts.parsed) {
    const spans: [number, number][] = [];
    const ends: number[] = [];
    const selectorsAt: { from: number; to: number; parentTo: number }[] = [];
    tree.iterate({
      enter: (n) => {
        ends.push(n.to);
        if (EXPRESSIONS[source].has(n.name)) spans.push([n.from, n.to]);
        if (n.name === SELECTOR[source]) parts.selectors.push(selectorOf(query, n, source));
        if (n.name === 'LineFilter') {
          const op = n.node.getChild('Filter');
          const str = n.node.getChild('String');
          if (op?.getChild('PipeExact') && str)
            parts.lineFilters.push(unquote(query.slice(str.from, str.to)));
          if (op && str)
            parts.filters.push({
              op: query.slice(op.from, op.to),
              value: unquote(query.slice(str.from, str.to)),
            });
        }
        if (n.name === 'Selector' && source === 'logs') {
          selectorsAt.push({ from: n.from, to: n.to, parentTo: n.node.parent?.to ?? n.to });
        }
      },
    });
    // A log pipeline is a prefix of what holds its selector: the selector, then stages after it.
    for (const sel of selectorsAt) {
      for (const end of ends) if (end > sel.to && end <= sel.parentTo) spans.push([sel.from, end]);
    }
    for (const [from, to] of spans) {
      const text = query.slice(from, to);
      if (parsesWithSelector(text, source)) parts.subExpressions.add(normalizeQuery(text));
    }
  }
  if (cache.size > 5000) cache.clear();
  cache.set(key, parts);
  return parts;
}

/**
 * Does the text `named` name the query of call `c`: its whole query, or a parseable sub-expression
 * of it that holds a selector (whitespace outside string literals aside)?
 */
export function textNamesQuery(named: string, c: { query?: string; source?: Source }): boolean {
  if (!c.query || !c.source) return false;
  const n = normalizeQuery(named);
  if (n === '') return false;
  if (n === normalizeQuery(c.query)) return true;
  return queryParts(c.query, c.source).subExpressions.has(n);
}
