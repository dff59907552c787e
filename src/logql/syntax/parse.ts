/** LogQL text → typed AST (ast.ts). Syntax errors and unsupported constructs are bad_data. */

import { parser } from '@grafana/lezer-logql';
import type { SyntaxNode } from '@lezer/common';
import type {
  BinOp,
  Grouping,
  LogExpr,
  MetricExpr,
  RangeAggExpr,
  RangeOp,
  Unwrap,
  VectorMatching,
  VectorOp,
} from './ast.js';
import { goRegex, parseDurationMs, parseGoFloat, unquote } from './literals.js';
import { lokiLexErrors } from './loki-lex.js';
import { goNumberLiterals } from './numbers.js';
import {
  findAll,
  kids,
  labelFilterOf,
  logQueryOf,
  type Src,
  selectorOf,
  stagesOf,
  text,
} from './parse-log.js';
import { rewriteForLezer } from './rewrite.js';
import { hasSyntaxError, semanticError, throwOnSyntaxError } from './syntax-error.js';

const MAX_QUERY_LENGTH = 64 * 1024;

export function parseLogQL(q: string): LogExpr {
  if (q.length > MAX_QUERY_LENGTH) throw semanticError(`query too long (${q.length} characters)`);
  if (q.trim() === '') throw semanticError('syntax error: unexpected $end');
  lokiLexErrors(q);
  q = goNumberLiterals(q);
  const approx = new Set<number>();
  q = approxTopkAsTopk(q, approx);
  let tree = parser.parse(q);
  let rewritten = false;
  try {
    throwOnSyntaxError(q, tree);
  } catch (err) {
    const alt = rewriteForLezer(q);
    if (alt === q) throw err;
    const altTree = parser.parse(alt);
    if (hasSyntaxError(alt, altTree)) throw err;
    q = alt;
    tree = altTree;
    rewritten = true;
  }
  const src: Src = { q, approx, rewritten };
  const expr = tree.topNode.getChild('Expr');
  if (!expr) throw semanticError('syntax error: unexpected $end');
  return exprOf(src, expr);
}

function exprOf(src: Src, n: SyntaxNode): LogExpr {
  const c = n.firstChild;
  if (!c) throw semanticError(`empty expression ${text(src, n)}`);
  if (c.type.name === 'LogExpr') return logQueryOf(src, c);
  if (c.type.name === 'MetricExpr') return metricOf(src, c);
  throw semanticError(`unexpected ${text(src, c)}`);
}

function metricOf(src: Src, n: SyntaxNode): MetricExpr {
  const c = n.firstChild;
  if (!c) throw semanticError(`empty expression ${text(src, n)}`);
  switch (c.type.name) {
    case 'MetricExpr':
      return metricOf(src, c);
    case 'RangeAggregationExpr':
      return rangeAggOf(src, c);
    case 'VectorAggregationExpr':
      return vectorAggOf(src, c);
    case 'BinOpExpr':
      return binOpOf(src, c);
    case 'LiteralExpr':
      return { kind: 'literal', value: literalOf(src, c) };
    case 'VectorExpr':
      return { kind: 'vector', value: numberOf(src, c.getChild('Number')!) };
    case 'LabelReplaceExpr': {
      const [dst, replacement, from, regex] = c.getChildren('String').map((s) => unquote(text(src, s)));
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(dst))
        throw semanticError(`invalid destination label name in label_replace(): ${dst}`);
      goRegex(regex, true); // Loki compiles it while parsing: a bad regex fails the whole query.
      return {
        kind: 'labelReplace',
        expr: metricOf(src, c.getChild('MetricExpr')!),
        dst,
        replacement,
        src: from,
        regex,
      };
    }
    default:
      throw semanticError(`unsupported expression ${text(src, c)}`);
  }
}

function numberOf(src: Src, n: SyntaxNode): number {
  const v = parseGoFloat(text(src, n));
  if (v === null) throw semanticError(`invalid number ${text(src, n)}`);
  return v;
}

function literalOf(src: Src, n: SyntaxNode): number {
  const v = numberOf(src, n.getChild('Number')!);
  return n.getChild('Sub') ? -v : v;
}

const NEEDS_UNWRAP = new Set<RangeOp>([
  'avg_over_time',
  'sum_over_time',
  'min_over_time',
  'max_over_time',
  'stddev_over_time',
  'stdvar_over_time',
  'quantile_over_time',
  'first_over_time',
  'last_over_time',
  'rate_counter',
]);
const NO_UNWRAP = new Set<RangeOp>(['count_over_time', 'bytes_over_time', 'bytes_rate']);
/**
 * The range aggregations that take `by` / `without` (Loki's RangeAggregationExpr.validate): every
 * other one, log ranges' `count_over_time`, `rate`, `bytes_over_time`, `bytes_rate` included, is
 * `grouping not allowed for <op> aggregation`.
 */
const GROUPABLE = new Set<RangeOp>([
  'avg_over_time',
  'min_over_time',
  'max_over_time',
  'stddev_over_time',
  'stdvar_over_time',
  'quantile_over_time',
  'first_over_time',
  'last_over_time',
]);

function rangeAggOf(src: Src, n: SyntaxNode): RangeAggExpr {
  const op = text(src, n.getChild('RangeOp')!) as RangeOp;
  const lr = n.getChild('LogRangeExpr')!;
  const param = n.getChild('Number');
  const grouping = groupingOf(src, n.getChild('Grouping'));
  const sel = lr.getChild('Selector') ?? findAll(lr, 'Selector')[0];
  if (!sel) throw semanticError(`missing stream selector in ${text(src, lr)}`);
  const pipes = findAll(lr, 'PipelineExpr').filter((p) => p.parent?.type.name !== 'PipelineExpr');
  const stages = pipes.flatMap((p) => stagesOf(src, p));
  const rangeNode = lr.getChild('Range') ?? findAll(lr, 'Range')[0];
  const rangeMs = parseDurationMs(text(src, rangeNode.getChild('Duration')!));
  if (rangeMs === null || rangeMs <= 0) throw semanticError(`invalid range ${text(src, rangeNode)}`);
  const off = lr.getChild('OffsetExpr') ?? findAll(lr, 'OffsetExpr')[0];
  const offsetMs = off ? parseDurationMs(text(src, off.getChild('Duration')!)) : 0;
  if (offsetMs === null) throw semanticError(`invalid offset ${text(src, off!)}`);
  const uw = lr.getChild('UnwrapExpr') ?? findAll(lr, 'UnwrapExpr')[0];
  const unwrap = uw ? unwrapOf(src, uw) : undefined;
  if (NEEDS_UNWRAP.has(op) && !unwrap) throw semanticError(`invalid aggregation ${op} without unwrap`);
  if (NO_UNWRAP.has(op) && unwrap) throw semanticError(`invalid aggregation ${op} with unwrap`);
  if (op === 'quantile_over_time' && !param)
    throw semanticError('parameter required for operation quantile_over_time');
  if (op !== 'quantile_over_time' && param)
    throw semanticError(`parameter ${text(src, param)} not supported for operation ${op}`);
  if (grouping && !GROUPABLE.has(op)) throw semanticError(`grouping not allowed for ${op} aggregation`);
  return {
    kind: 'range',
    op,
    param: param ? numberOf(src, param) : undefined,
    log: { kind: 'log', text: text(src, sel), selector: selectorOf(src, sel), stages },
    rangeMs,
    offsetMs,
    unwrap,
    grouping,
  };
}

function unwrapOf(src: Src, n: SyntaxNode): Unwrap {
  const inner = n.getChild('UnwrapExpr');
  if (inner) {
    const base = unwrapOf(src, inner);
    const lf = n.getChild('LabelFilter');
    return lf ? { ...base, post: [...base.post, labelFilterOf(src, lf)] } : base;
  }
  const conv = n.getChild('ConvOp');
  return {
    label: text(src, n.getChild('Identifier')!),
    conv: conv ? (text(src, conv) as Unwrap['conv']) : undefined,
    post: [],
  };
}

function groupingOf(src: Src, n: SyntaxNode | null): Grouping | undefined {
  if (!n) return undefined;
  return {
    without: n.getChild('Without') !== null,
    labels: findAll(n, 'Identifier').map((i) => text(src, i)),
  };
}

const NEEDS_PARAM = new Set<VectorOp>(['topk', 'bottomk', 'approx_topk']);

/**
 * `approx_topk(` → `topk(` padded to the same length (columns of later errors stay right), its
 * offset noted so the aggregation is read back as approx_topk. Strings are left alone.
 */
function approxTopkAsTopk(q: string, at: Set<number>): string {
  return q.replace(
    /"(?:[^"\\]|\\.)*"|`[^`]*`|\bapprox_topk(?=\s*(?:\(|by\b|without\b))/gi,
    (m, off: number) => {
      if (m[0] === '"' || m[0] === '`') return m;
      at.add(off);
      return `       topk`;
    },
  );
}

function vectorAggOf(src: Src, n: SyntaxNode): MetricExpr {
  const opNode = n.getChild('VectorOp')!;
  const approx = src.approx?.has(opNode.from - 7) ?? false;
  const op = approx ? 'approx_topk' : (text(src, opNode) as VectorOp);
  const groupings = n.getChildren('Grouping');
  if (groupings.length > 1) throw semanticError('more than one grouping clause');
  // Loki's approx_topk is a count-min sketch over all series: it takes no grouping.
  if (approx && groupings.length) throw semanticError('grouping not allowed for approx_topk aggregation');
  // Loki's validateSortGrouping (pkg/logql/syntax/parser.go): no labels to group sort by; an
  // empty `by ()` is allowed.
  if ((op === 'sort' || op === 'sort_desc') && groupings.length && findAll(groupings[0], 'Identifier').length)
    throw semanticError("sort and sort_desc doesn't allow grouping by ");
  const p = n.getChild('Number');
  // Loki's mustNewVectorAggregationExpr: k is read with strconv.Atoi, so `1.5` is invalid.
  if (NEEDS_PARAM.has(op) && !p) throw semanticError(`parameter required for operation ${op}`);
  if (!NEEDS_PARAM.has(op) && p)
    throw semanticError(`unsupported parameter for operation ${op}(${text(src, p)},`);
  const param = p ? numberOf(src, p) : undefined;
  if (param !== undefined && !/^[+-]?\d+$/.test(text(src, p!).trim()))
    throw semanticError(`invalid parameter ${op}(${text(src, p!).trim()},`);
  if (param !== undefined && param <= 0)
    throw semanticError(`invalid parameter (must be greater than 0) ${op}(${text(src, p!).trim()}`);
  const inner = n.getChild('MetricExpr');
  if (!inner) throw semanticError(`${op} needs a metric expression`);
  return {
    kind: 'vagg',
    op,
    param,
    grouping: groupingOf(src, groupings[0] ?? null),
    expr: metricOf(src, inner),
  };
}

interface OpItem {
  op: BinOp;
  bool: boolean;
  matching?: VectorMatching;
}

const OP_TOKENS: Record<string, BinOp> = {
  Add: '+',
  Sub: '-',
  Mul: '*',
  Div: '/',
  Mod: '%',
  Pow: '^',
  Eql: '==',
  Neq: '!=',
  Gtr: '>',
  Gte: '>=',
  Lss: '<',
  Lte: '<=',
  And: 'and',
  Or: 'or',
  Unless: 'unless',
};

const PRECEDENCE: Record<BinOp, number> = {
  or: 1,
  and: 2,
  unless: 2,
  '==': 3,
  '!=': 3,
  '>': 3,
  '>=': 3,
  '<': 3,
  '<=': 3,
  '+': 4,
  '-': 4,
  '*': 5,
  '/': 5,
  '%': 5,
  '^': 6,
};

/**
 * The grammar resolves binary chains without operator precedence, so a chain is flattened into
 * operands and operators (parenthesized groups stay whole) and re-associated as PromQL does.
 */
function binOpOf(src: Src, n: SyntaxNode): MetricExpr {
  const operands: MetricExpr[] = [];
  const ops: OpItem[] = [];
  flatten(src, n, operands, ops);
  let pos = 0;
  const climb = (minPrec: number): MetricExpr => {
    let lhs = operands[pos];
    while (pos < ops.length && PRECEDENCE[ops[pos].op] >= minPrec) {
      const item = ops[pos];
      const prec = PRECEDENCE[item.op];
      pos++;
      const rhs = climb(item.op === '^' ? prec : prec + 1);
      lhs = makeBinary(item, lhs, rhs);
    }
    return lhs;
  };
  return climb(0);
}

function flatten(src: Src, n: SyntaxNode, operands: MetricExpr[], ops: OpItem[]): void {
  const cs = kids(n);
  const sides = cs.filter((c) => c.type.name === 'Expr');
  const opNode = cs.find((c) => OP_TOKENS[c.type.name]);
  if (sides.length !== 2 || !opNode) throw semanticError(`invalid binary expression ${text(src, n)}`);
  const side = (e: SyntaxNode) => {
    const m = e.firstChild;
    const b = m?.type.name === 'MetricExpr' ? m.firstChild : null;
    if (!m || !b) throw semanticError(`unexpected log expression in binary operation: ${text(src, e)}`);
    if (b.type.name === 'BinOpExpr') flatten(src, b, operands, ops);
    else operands.push(metricOf(src, m));
  };
  side(sides[0]);
  ops.push(
    opItemOf(
      src,
      OP_TOKENS[opNode.type.name],
      cs.find((c) => c.type.name === 'BinOpModifier'),
    ),
  );
  side(sides[1]);
}

function opItemOf(src: Src, op: BinOp, mod: SyntaxNode | undefined): OpItem {
  if (!mod) return { op, bool: false };
  const bool = mod.getChild('Bool') !== null;
  const oi = mod.getChild('OnOrIgnoringModifier');
  const group = mod.getChild('GroupLeft')
    ? 'many-to-one'
    : mod.getChild('GroupRight')
      ? 'one-to-many'
      : 'one-to-one';
  const labelsIn = (g: SyntaxNode | null) => (g ? findAll(g, 'LabelName').map((l) => text(src, l)) : []);
  let matching: VectorMatching | undefined;
  if (oi || group !== 'one-to-one') {
    matching = {
      on: oi?.getChild('On') !== null && oi !== null,
      labels: labelsIn(oi?.getChild('GroupingLabels') ?? null),
      card: group,
      include: labelsIn(mod.getChild('GroupingLabels')),
    };
  }
  if (bool && !['==', '!=', '>', '>=', '<', '<='].includes(op))
    throw semanticError('bool modifier can only be used on comparison operators');
  return { op, bool, matching };
}

function makeBinary(item: OpItem, lhs: MetricExpr, rhs: MetricExpr): MetricExpr {
  const setOp = item.op === 'and' || item.op === 'or' || item.op === 'unless';
  // Loki's mergeBinOp words (Go's %f prints six decimals).
  if (setOp && lhs.kind === 'literal')
    throw semanticError(
      `unexpected literal for left leg of logical/set binary operation (${item.op}): ${lhs.value.toFixed(6)}`,
    );
  if (setOp && rhs.kind === 'literal')
    throw semanticError(
      `unexpected literal for right leg of logical/set binary operation (${item.op}): ${rhs.value.toFixed(6)}`,
    );
  if (setOp && item.matching && item.matching.card !== 'one-to-one') {
    throw semanticError(`no grouping allowed for "${item.op}" operation`);
  }
  return { kind: 'binop', op: item.op, bool: item.bool, matching: item.matching, lhs, rhs };
}
