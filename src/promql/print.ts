/**
 * An expression printed as Prometheus prints it (promql/parser/printer.go at v3.14.0, `String()`):
 * what `/api/v1/rules` shows as a rule's `query` and `/api/v1/format_query` answers for a query that
 * fits on one line. Matchers sorted and joined by `,`, the metric name's own matcher dropped,
 * grouping as ` by (a, b) `, durations as model.Duration, numbers as FormatFloat(v, 'f', -1).
 */
import { modelDuration } from '../formats/time.js';
import { goQuote } from '../world/go-strings.js';
import type { AtModifier, Expr, VectorMatching, VectorSelector } from './ast.js';
import { formatPromFloat } from './format.js';

const LEGACY_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

function label(name: string): string {
  return LEGACY_NAME.test(name) ? name : goQuote(name);
}

function at(a: AtModifier | undefined): string {
  if (!a) return '';
  if (a.kind === 'start') return ' @ start()';
  if (a.kind === 'end') return ' @ end()';
  return ` @ ${(a.ms / 1000).toFixed(3)}`;
}

function offset(ms: number): string {
  if (ms > 0) return ` offset ${modelDuration(ms)}`;
  if (ms < 0) return ` offset -${modelDuration(-ms)}`;
  return '';
}

function selector(v: VectorSelector): string {
  const ms = v.matchers
    .filter((m) => !(m.name === '__name__' && m.op === '=' && m.value === v.name && m.value !== ''))
    .map((m) => `${label(m.name)}${m.op}${goQuote(m.value)}`)
    .sort();
  return `${v.name ?? ''}${ms.length ? `{${ms.join(',')}}` : ''}`;
}

function matching(m: VectorMatching | undefined): string {
  if (!m) return '';
  const grouped = m.card === 'many-to-one' || m.card === 'one-to-many';
  let out = '';
  if (m.labels.length > 0 || m.on || grouped)
    out = ` ${m.on ? 'on' : 'ignoring'} (${m.labels.map(label).join(', ')})`;
  if (grouped)
    out += ` group_${m.card === 'many-to-one' ? 'left' : 'right'} (${m.include.map(label).join(', ')})`;
  return out;
}

export function formatExpr(e: Expr): string {
  switch (e.type) {
    case 'number':
      return formatPromFloat(e.value);
    case 'string':
      return goQuote(e.value);
    case 'vectorSelector':
      return `${selector(e)}${at(e.at)}${offset(e.offsetMs)}`;
    case 'matrixSelector':
      return `${selector(e.vector)}[${modelDuration(e.rangeMs)}]${at(e.vector.at)}${offset(e.vector.offsetMs)}`;
    case 'subquery':
      return `${formatExpr(e.expr)}[${modelDuration(e.rangeMs)}:${e.stepMs ? modelDuration(e.stepMs) : ''}]${at(e.at)}${offset(e.offsetMs)}`;
    case 'paren':
      return `(${formatExpr(e.expr)})`;
    case 'unary':
      return `${e.op}${formatExpr(e.expr)}`;
    case 'binary':
      return `${formatExpr(e.lhs)} ${e.op}${e.returnBool ? ' bool' : ''}${matching(e.matching)} ${formatExpr(e.rhs)}`;
    case 'aggregate': {
      const grouping = e.without
        ? ` without (${e.grouping.map(label).join(', ')}) `
        : e.grouping.length > 0
          ? ` by (${e.grouping.map(label).join(', ')}) `
          : '';
      return `${e.op}${grouping}(${e.param ? `${formatExpr(e.param)}, ` : ''}${formatExpr(e.expr)})`;
    }
    case 'call':
      return `${e.func}(${e.args.map(formatExpr).join(', ')})`;
  }
}

const MAX_LINE = 100;
const indent = (n: number) => '  '.repeat(n);
const fits = (e: Expr) => formatExpr(e).length <= MAX_LINE;

/**
 * `Pretty(0)` (promql/parser/prettier.go): a node longer than 100 characters is split, its
 * children indented by two spaces a level; what `/api/v1/format_query` answers.
 */
export function prettyExpr(e: Expr, level = 0): string {
  const pad = indent(level);
  switch (e.type) {
    case 'aggregate': {
      if (fits(e)) return pad + formatExpr(e);
      const grouping = e.without
        ? ` without (${e.grouping.map(label).join(', ')}) `
        : e.grouping.length > 0
          ? ` by (${e.grouping.map(label).join(', ')}) `
          : '';
      const param = e.param ? `${prettyExpr(e.param, level + 1)},\n` : '';
      return `${pad}${e.op}${grouping}(\n${param}${prettyExpr(e.expr, level + 1)}\n${pad})`;
    }
    case 'binary':
      if (fits(e)) return pad + formatExpr(e);
      return `${prettyExpr(e.lhs, level + 1)}\n${pad}${e.op}${e.returnBool ? ' bool' : ''}${matching(e.matching)}\n${prettyExpr(e.rhs, level + 1)}`;
    case 'call':
      if (fits(e)) return pad + formatExpr(e);
      return `${pad}${e.func}(\n${e.args.map((a) => prettyExpr(a, level + 1)).join(',\n')}\n${pad})`;
    case 'paren':
      if (fits(e)) return pad + formatExpr(e);
      return `${pad}(\n${prettyExpr(e.expr, level + 1)}\n${pad})`;
    case 'subquery':
      if (fits(e)) return formatExpr(e);
      return `${prettyExpr(e.expr, level)}[${modelDuration(e.rangeMs)}:${e.stepMs ? modelDuration(e.stepMs) : ''}]${at(e.at)}${offset(e.offsetMs)}`;
    case 'unary':
      return `${pad}${e.op}${prettyExpr(e.expr, level).trim()}`;
    default:
      return pad + formatExpr(e);
  }
}
