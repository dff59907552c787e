/**
 * LogQL as Loki prints it: `printLogQL` is the one-line form of syntax/ast.go's String methods
 * (what Loki logs and compares), `prettyLogQL` syntax/prettier.go's Prettify (what
 * `/loki/api/v1/format_query` answers): an expression longer than 100 characters is split, its
 * arguments and pipeline stages one a line, two spaces an indent level.
 *
 * Loki's quirks kept: a binary operation is always parenthesised; `on (x)` without a group
 * modifier leaves two spaces before the right leg; the range is a model.Duration (`5m`) but an
 * offset in the one-line form is a time.Duration (`1h0m0s`); `vector(5)` prints `%f`
 * (`vector(5.000000)`); a literal-only arithmetic is folded (`1 + 1` is `2`); bytes filters print
 * humanize.Bytes without its space (`1.0kB`); a regex label filter that Loki does not simplify to
 * plain string matching prints its pattern in backticks. Which regexes Loki simplifies is decided
 * on Go's simplified regexp tree; here literals, alternations of literals, `.*`/`.+` and a literal
 * between optional `.*` count as simple: a documented approximation (docs/logql.md).
 */

import { goDuration, modelDuration } from '../formats/time.js';
import { formatPromFloat } from '../promql/format.js';
import { goQuote } from '../world/go-strings.js';
import type { Matcher } from '../world/types.js';
import { arith, isComparison } from './eval/index.js';
import { formatGoFloat } from './pipeline/index.js';
import type {
  Grouping,
  LabelFilterExpr,
  LineFilterStage,
  LogExpr,
  LogQuery,
  MetricExpr,
  RangeAggExpr,
  Stage,
  Unwrap,
} from './syntax/index.js';

/** Loki's MaxCharsPerLine; a test may lower it, as Loki's own tests do. */
let width = 100;
const indent = (level: number) => '  '.repeat(level);

/** Loki's String(): the expression on one line. */
export function printLogQL(e: LogExpr): string {
  return e.kind === 'log' ? logString(e) : metricString(e);
}

/** Loki's Prettify: what `/loki/api/v1/format_query` answers for a query that parses. */
export function prettyLogQL(e: LogExpr, maxCharsPerLine = 100): string {
  const before = width;
  width = maxCharsPerLine;
  try {
    return e.kind === 'log' ? logPretty(e, 0) : metricPretty(e, 0);
  } finally {
    width = before;
  }
}

// ---------------------------------------------------------------- one line

function matcherString(m: Matcher): string {
  return `${m.name}${m.op}${goQuote(m.value)}`;
}

function selectorString(ms: readonly Matcher[]): string {
  return `{${ms.map(matcherString).join(', ')}}`;
}

/**
 * The pipeline as Loki groups it: consecutive line filters are one stage (a chain), every other
 * stage its own.
 */
function stageGroups(stages: readonly Stage[]): (Stage | LineFilterStage[])[] {
  const out: (Stage | LineFilterStage[])[] = [];
  for (const s of stages) {
    const last = out[out.length - 1];
    if (s.kind === 'lineFilter' && Array.isArray(last)) last.push(s);
    else out.push(s.kind === 'lineFilter' ? [s] : s);
  }
  return out;
}

function lineFilterString(f: LineFilterStage): string {
  const term = (v: string, i: number) => (f.ip?.[i] ? `ip(${goQuote(v)})` : goQuote(v));
  return `${f.op} ${f.values.map(term).join(' or ')}`;
}

function groupString(g: Stage | LineFilterStage[]): string {
  return Array.isArray(g) ? g.map(lineFilterString).join(' ') : stageString(g);
}

function logString(q: LogQuery): string {
  const sel = selectorString(q.selector);
  if (!q.stages.length) return sel;
  return `${sel} ${stageGroups(q.stages).map(groupString).join(' ')}`;
}

function params(ps: readonly { label: string; expr: string }[]): string {
  return ps.map((p) => `${p.label}=${goQuote(p.expr)}`).join(',');
}

function stageString(s: Stage): string {
  switch (s.kind) {
    case 'lineFilter':
      return lineFilterString(s);
    case 'json':
      return s.params.length ? `| json ${params(s.params)}` : '| json';
    case 'logfmt': {
      const flags = [s.strict ? '--strict' : '', s.keepEmpty ? '--keep-empty' : ''].filter(Boolean);
      if (!s.params.length) return ['| logfmt', ...flags].join(' ');
      return `| logfmt ${flags.map((f) => `${f} `).join('')}${params(s.params)}`;
    }
    case 'regexp':
    case 'pattern':
      return `| ${s.kind} ${goQuote(s.pattern)}`;
    case 'unpack':
      return '| unpack';
    case 'decolorize':
      return '| decolorize';
    case 'labelFilter':
      return `| ${labelFilterString(s.filter)}`;
    case 'lineFormat':
      return `| line_format ${goQuote(s.template)}`;
    case 'labelFormat':
      return `| label_format ${s.ops
        .map((o) => `${o.dst}=${o.src !== undefined ? o.src : goQuote(o.template ?? '')}`)
        .join(',')}`;
    case 'drop':
    case 'keep':
      return `| ${s.kind} ${s.items.map((i) => (i.matcher ? matcherString(i.matcher) : i.name)).join(',')}`;
  }
}

function labelFilterString(f: LabelFilterExpr): string {
  switch (f.kind) {
    case 'and':
    case 'or':
      return `( ${labelFilterString(f.left)} ${f.kind === 'and' ? ',' : 'or'} ${labelFilterString(f.right)} )`;
    case 'match': {
      const m = f.matcher;
      if (m.op === '=~' && !lokiSimplifies(m.value)) {
        const pattern = m.value.includes('`') ? goQuote(m.value) : `\`${m.value}\``;
        return `${m.name}${m.op}${pattern}`;
      }
      return matcherString(m);
    }
    case 'number':
      return `${f.name}${f.op}${formatPromFloat(f.value)}`;
    case 'duration':
      return `${f.name}${f.op}${goDuration(f.value * 1000)}`;
    case 'bytes':
      return `${f.name}${f.op}${humanizeBytes(f.value)}`;
    case 'ip':
      return `${f.name}${f.op === '!=' ? '!=' : '='}ip(${goQuote(f.pattern)})`;
  }
}

const REGEX_META = /[\\.+*?()|[\]{}^$]/;

/** Whether Loki turns a label regex into plain string matching (see the header). */
function lokiSimplifies(re: string): boolean {
  const body = re.startsWith('(?i)') ? re.slice(4) : re;
  if (body === '' || body === '.*' || body === '.+') return true;
  const literal = (s: string) => !REGEX_META.test(s);
  const parts = body.split('|');
  if (parts.length > 1) return parts.every(literal);
  const inner = body.replace(/^\.\*/, '').replace(/\.\*$/, '');
  return literal(inner);
}

/** humanize.Bytes (SI units) without its space: `500B`, `1.0kB`, `25MB`. */
function humanizeBytes(n: number): string {
  if (n < 10) return `${Math.trunc(n)}B`;
  const sizes = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB'];
  const e = Math.min(sizes.length - 1, Math.floor(Math.log(n) / Math.log(1000)));
  const val = Math.floor((n / 1000 ** e) * 10 + 0.5) / 10;
  return `${val < 10 ? val.toFixed(1) : val.toFixed(0)}${sizes[e]}`;
}

function unwrapString(u: Unwrap): string {
  const head = u.conv ? ` | unwrap ${u.conv}(${u.label})` : ` | unwrap ${u.label}`;
  return head + u.post.map((f) => ` | ${labelFilterString(f)}`).join('');
}

function groupingString(g: Grouping): string {
  return `${g.without ? ' without ' : ' by '}(${g.labels.join(',')})`;
}

function rangeString(e: RangeAggExpr): string {
  const offset = e.offsetMs ? ` offset ${goDuration(e.offsetMs)}` : '';
  const log = `${logString(e.log)}${e.unwrap ? unwrapString(e.unwrap) : ''}[${modelDuration(e.rangeMs)}]${offset}`;
  const param = e.param !== undefined ? `${formatPromFloat(e.param)},` : '';
  return `${e.op}(${param}${log})${e.grouping ? groupingString(e.grouping) : ''}`;
}

const KEEPS_PARAM = new Set(['topk', 'bottomk', 'approx_topk']);

function vaggParams(e: Extract<MetricExpr, { kind: 'vagg' }>): string | undefined {
  const p = e.param ?? 0;
  if (KEEPS_PARAM.has(e.op) || p !== 0) return String(Math.trunc(p));
  return undefined;
}

function shownGrouping(g: Grouping | undefined): Grouping | undefined {
  return g && !(g.labels.length === 0 && !g.without) ? g : undefined;
}

function binOpText(e: Extract<MetricExpr, { kind: 'binop' }>, pretty: boolean): string {
  let op: string = e.op;
  if (e.bool) op += ' bool';
  const m = e.matching;
  if (!m) return op;
  const sep = pretty ? ', ' : ',';
  let group = m.card === 'many-to-one' ? 'group_left' : m.card === 'one-to-many' ? 'group_right' : '';
  if (m.include.length) group = `${group} (${m.include.join(sep)})`;
  // Prettify leaves the on/ignoring part out when it names no labels; String() always writes it.
  if (pretty && !m.labels.length) return op;
  return `${op} ${m.on ? 'on' : 'ignoring'} (${m.labels.join(sep)}) ${group}`;
}

/**
 * The value of an arithmetic on literals only, folded bottom-up as Loki's parser folds it
 * (`2 * 3 + 1` is `7`); undefined for anything else (a plain literal included).
 */
function folded(e: MetricExpr): number | undefined {
  if (e.kind !== 'binop' || isComparison(e.op) || ['and', 'or', 'unless'].includes(e.op)) return undefined;
  const a = e.lhs.kind === 'literal' ? e.lhs.value : folded(e.lhs);
  const b = e.rhs.kind === 'literal' ? e.rhs.value : folded(e.rhs);
  return a === undefined || b === undefined ? undefined : arith(e.op, a, b);
}

function metricString(e: MetricExpr): string {
  const f = folded(e);
  if (f !== undefined) return formatGoFloat(f);
  switch (e.kind) {
    case 'range':
      return rangeString(e);
    case 'vagg': {
      const g = shownGrouping(e.grouping);
      const args = [vaggParams(e), metricString(e.expr)].filter((x) => x !== undefined);
      return `${e.op}${g ? groupingString(g) : ''}(${args.join(',')})`;
    }
    case 'binop':
      return `(${metricString(e.lhs)} ${binOpText(e, false)} ${metricString(e.rhs)})`;
    case 'literal':
      return formatGoFloat(e.value);
    case 'vector':
      return `vector(${e.value.toFixed(6)})`;
    case 'labelReplace':
      return `label_replace(${[metricString(e.expr), e.dst, e.replacement, e.src, e.regex]
        .map((x, i) => (i === 0 ? x : goQuote(x)))
        .join(',')})`;
  }
}

// ---------------------------------------------------------------- pretty

const needSplit = (s: string) => s.length > width;

function logPretty(q: LogQuery, level: number): string {
  const one = logString(q);
  if (!q.stages.length || !needSplit(one)) return indent(level) + one;
  const stages = stageGroups(q.stages).map((g) =>
    Array.isArray(g) ? chainPretty(g, level + 1) : indent(level + 1) + groupString(g),
  );
  return `${indent(level)}${selectorString(q.selector)}\n${stages.join('\n')}`;
}

/**
 * LineFilterExpr.Pretty: a chain that fits stays on one line; otherwise the chain before the
 * last filter is laid out the same way and the last filter goes on its own line, written
 * without its `or` alternatives (Loki rebuilds that node from its first term only).
 */
function chainPretty(chain: readonly LineFilterStage[], level: number): string {
  const one = chain.map(lineFilterString).join(' ');
  if (chain.length === 1 || !needSplit(one)) {
    if (chain.length === 1 && needSplit(one)) return indent(level) + firstTerm(chain[0]);
    return indent(level) + one;
  }
  return `${chainPretty(chain.slice(0, -1), level)}\n${indent(level)}${firstTerm(chain[chain.length - 1])}`;
}

function firstTerm(f: LineFilterStage): string {
  return lineFilterString({ ...f, values: f.values.slice(0, 1), ip: f.ip?.slice(0, 1) });
}

function prettyGrouping(g: Grouping): string {
  if (g.without) return ` without${g.labels.length ? ` (${g.labels.join(', ')})` : ''}`;
  return g.labels.length ? ` by (${g.labels.join(', ')})` : '';
}

function rangePretty(e: RangeAggExpr, level: number): string {
  let s = logPretty(e.log, level);
  if (e.unwrap) {
    const u = e.unwrap;
    const at = indent(level + 1);
    s += `\n${at}${u.conv ? `| unwrap ${u.conv}(${u.label})` : `| unwrap ${u.label}`}`;
    for (const f of u.post) s += `\n${at}| ${labelFilterString(f)}`;
  }
  s = `${s} [${modelDuration(e.rangeMs)}]`;
  if (e.offsetMs) s += ` offset ${modelDuration(e.offsetMs)}`;
  return s;
}

function metricPretty(e: MetricExpr, level: number): string {
  const one = metricString(e);
  if (!needSplit(one) || folded(e) !== undefined) return indent(level) + one;
  const at = indent(level);
  switch (e.kind) {
    case 'range': {
      let s = `${at}${e.op}(\n`;
      if (e.param !== undefined) s += `${indent(level + 1)}${formatGoFloat(e.param)},\n`;
      s += `${rangePretty(e, level + 1)}\n${at})`;
      return e.grouping ? s + prettyGrouping(e.grouping) : s;
    }
    case 'vagg': {
      const p = vaggParams(e);
      const args = [...(p !== undefined ? [indent(level + 1) + p] : []), metricPretty(e.expr, level + 1)];
      const g = e.grouping ? prettyGrouping(e.grouping) : '';
      return `${at}${e.op}${g}(\n${args.join(',\n')}\n${at})`;
    }
    case 'binop':
      return `${metricPretty(e.lhs, level + 1)}\n${at}${binOpText(e, true)}\n${metricPretty(e.rhs, level + 1)}`;
    case 'labelReplace': {
      const inner = indent(level + 1);
      const args = [
        metricPretty(e.expr, level + 1),
        ...[e.dst, e.replacement, e.src, e.regex].map((x) => inner + goQuote(x)),
      ];
      return `${at}label_replace(\n${args.join(',\n')}\n${at})`;
    }
    default:
      return at + one;
  }
}
