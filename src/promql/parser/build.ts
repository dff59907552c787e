/**
 * Lezer tree → typed AST. Structural rules Prometheus enforces at parse time (one offset, one `@`,
 * matcher sanity, aggregation arity) are checked here; type rules live in ./check.ts.
 */
import type { SyntaxNode } from '@lezer/common';
import { anchoredRegex } from '../../world/matchers.js';
import { RegexpSyntaxError } from '../../world/re2.js';
import type { Matcher, MatchOp } from '../../world/types.js';
import type {
  AggregateExpr,
  AggregateOp,
  AtModifier,
  BinaryExpr,
  BinaryOp,
  Expr,
  SubqueryExpr,
  VectorMatching,
  VectorSelector,
} from '../ast.js';
import { parseError } from './errors.js';
import { parseDurationMs, parseNumber, unquote } from './literals.js';
import { kids } from './tree.js';

const BINARY_OPS: Record<string, BinaryOp> = {
  Add: '+',
  Sub: '-',
  Mul: '*',
  Div: '/',
  Mod: '%',
  Pow: '^',
  Atan2: 'atan2',
  Eql: '==',
  Neq: '!=',
  Gtr: '>',
  Lss: '<',
  Gte: '>=',
  Lte: '<=',
  And: 'and',
  Or: 'or',
  Unless: 'unless',
};

const MATCH_OPS: Record<string, MatchOp> = { EqlSingle: '=', Neq: '!=', EqlRegex: '=~', NeqRegex: '!~' };

const PARAM_AGGS = new Set(['topk', 'bottomk', 'quantile', 'count_values', 'limitk', 'limit_ratio']);

export class AstBuilder {
  /** Nodes that already carry an explicit offset / @ (a zero offset still counts). */
  private readonly offsetSet = new WeakSet<object>();
  private readonly atSet = new WeakSet<object>();

  constructor(
    private readonly q: string,
    private readonly renamed: ReadonlyMap<number, string> = new Map(),
  ) {}

  private text(n: SyntaxNode): string {
    return this.q.slice(n.from, n.to);
  }

  private fail(at: number, msg: string): never {
    throw parseError(this.q, at, msg);
  }

  build(n: SyntaxNode): Expr {
    const c = kids(n);
    const pos = { start: n.from, end: n.to };
    switch (n.name) {
      case 'PromQL':
        if (c.length === 0) this.fail(0, 'no expression found in input');
        return this.build(c[0]);
      case 'NumberDurationLiteral': {
        const value = parseNumber(this.text(n));
        if (value === undefined) this.fail(n.from, `bad number or duration syntax: "${this.text(n)}"`);
        return { type: 'number', value, ...pos };
      }
      case 'StringLiteral':
        return { type: 'string', value: this.str(n), ...pos };
      case 'VectorSelector':
        return this.vectorSelector(n);
      case 'MatrixSelector': {
        const bracket = c[1] ? c[1].from - 1 : n.to;
        const rangeMs = this.duration(c[1]);
        return this.pushDown(this.build(c[0]), (inner) => {
          if (inner.type !== 'vectorSelector') this.fail(bracket, 'ranges only allowed for vector selectors');
          if (this.offsetSet.has(inner) || this.atSet.has(inner)) {
            this.fail(n.from, 'no offset or @ modifiers allowed before range');
          }
          return { type: 'matrixSelector', vector: inner, rangeMs, start: inner.start, end: n.to };
        });
      }
      case 'SubqueryExpr': {
        const durs = c.filter((k) => k.name === 'DurationExpr');
        const stepMs = durs[1] ? this.duration(durs[1]) : 0;
        const rangeMs = this.duration(durs[0]);
        return this.pushDown(this.build(c[0]), (inner) => ({
          type: 'subquery',
          expr: inner,
          rangeMs,
          stepMs,
          offsetMs: 0,
          start: inner.start,
          end: n.to,
        }));
      }
      case 'OffsetExpr':
        return this.offset(n, c);
      case 'StepInvariantExpr':
        return this.at(n, c);
      case 'ParenExpr':
        return { type: 'paren', expr: this.build(c[0]), ...pos };
      case 'UnaryExpr': {
        const op = this.text(c[0]) === '-' ? '-' : '+';
        const expr = this.build(c[1]);
        if (expr.type === 'number') return { ...expr, value: op === '-' ? -expr.value : expr.value, ...pos };
        return { type: 'unary', op, expr, ...pos };
      }
      case 'BinaryExpr':
        return this.binary(n, c);
      case 'AggregateExpr':
        return this.aggregate(n, c);
      case 'FunctionCall': {
        const id = c.find((k) => k.name === 'FunctionIdentifier')!;
        const body = c.find((k) => k.name === 'FunctionCallBody');
        const args = body ? kids(body).map((k) => this.build(k)) : [];
        return { type: 'call', func: this.renamed.get(id.from) ?? this.text(id), args, ...pos };
      }
      default:
        return this.fail(n.from, `unsupported syntax: ${n.name} ("${this.text(n)}")`);
    }
  }

  /**
   * Lezer lets `[range]` and `[range:step]` wrap a whole unary or binary expression; Prometheus
   * binds them to the innermost right operand (`-x[5m]` is `-(x[5m])`). Rebuild accordingly.
   */
  private pushDown(e: Expr, wrap: (inner: Expr) => Expr): Expr {
    if (e.type === 'unary') {
      const expr = this.pushDown(e.expr, wrap);
      return { ...e, expr, end: expr.end };
    }
    if (e.type === 'binary') {
      const rhs = this.pushDown(e.rhs, wrap);
      return { ...e, rhs, end: rhs.end };
    }
    return wrap(e);
  }

  private str(n: SyntaxNode): string {
    try {
      return unquote(this.text(n));
    } catch (e) {
      return this.fail(n.from, (e as Error).message);
    }
  }

  private duration(n: SyntaxNode | undefined): number {
    if (!n) return this.fail(this.q.length, 'missing duration');
    const c = kids(n);
    if (c.length !== 1 || c[0].name !== 'NumberDurationLiteralInDurationContext') {
      this.fail(n.from, `unsupported: duration expressions ("${this.text(n)}")`);
    }
    const t = this.text(c[0]);
    const ms = parseDurationMs(t) ?? (parseNumber(t) ?? Number.NaN) * 1000;
    if (!Number.isFinite(ms)) this.fail(n.from, `bad duration syntax: "${t}"`);
    return Math.round(ms);
  }

  private vectorSelector(n: SyntaxNode): VectorSelector {
    const matchers: Matcher[] = [];
    let name: string | undefined;
    for (const k of kids(n)) {
      if (k.name === 'Identifier' || k.name === 'MetricName') name = this.text(k);
      if (k.name !== 'LabelMatchers') continue;
      for (const m of kids(k)) {
        if (m.name === 'QuotedLabelName') {
          const metric = this.str(kids(m)[0]);
          if (name !== undefined)
            this.fail(m.from, `metric name must not be set twice: "${name}" or "${metric}"`);
          name = metric;
          continue;
        }
        const [ln, op, val] = kids(m);
        const label = ln.name === 'QuotedLabelName' ? this.str(kids(ln)[0]) : this.text(ln);
        const matchOp = MATCH_OPS[kids(op)[0]?.name ?? ''] ?? (this.text(op) as MatchOp);
        const value = this.str(val);
        if (matchOp === '=~' || matchOp === '!~') {
          try {
            anchoredRegex(value);
          } catch (e) {
            // Go's own text: `error parsing regexp: invalid or unsupported Perl syntax: ...`.
            if (e instanceof RegexpSyntaxError) this.fail(m.from, e.message);
            throw e;
          }
        }
        matchers.push({ name: label, op: matchOp, value });
      }
    }
    if (name !== undefined) {
      const clash = matchers.find((m) => m.name === '__name__');
      if (clash) this.fail(n.from, `metric name must not be set twice: "${name}" or "${clash.value}"`);
      matchers.unshift({ name: '__name__', op: '=', value: name });
    } else {
      const eq = matchers.find((m) => m.name === '__name__' && m.op === '=');
      name = eq?.value;
    }
    const nonEmpty = matchers.some((m) => !matchesEmpty(m));
    if (!nonEmpty) this.fail(n.from, 'vector selector must contain at least one non-empty matcher');
    return {
      type: 'vectorSelector',
      text: this.text(n),
      name,
      matchers,
      offsetMs: 0,
      start: n.from,
      end: n.to,
    };
  }

  /** The node an offset/@ attaches to: a selector, a range selector's selector, or a subquery. */
  private target(e: Expr): VectorSelector | SubqueryExpr | undefined {
    if (e.type === 'vectorSelector' || e.type === 'subquery') return e;
    if (e.type === 'matrixSelector') return e.vector;
    // Lezer attaches a trailing modifier to a whole unary/binary expression; Prometheus binds it
    // to the innermost right operand (`-x @ 1`, `a or b offset 1m`).
    if (e.type === 'unary') return this.target(e.expr);
    if (e.type === 'binary') return this.target(e.rhs);
    return undefined;
  }

  private offset(n: SyntaxNode, c: SyntaxNode[]): Expr {
    const inner = this.build(c[0]);
    const t = this.target(inner);
    if (!t)
      this.fail(
        n.from,
        'offset modifier must be preceded by an instant vector selector or range vector selector or a subquery',
      );
    if (this.offsetSet.has(t)) this.fail(n.from, 'offset may not be set multiple times');
    const d = c.find((k) => k.name === 'OffsetDurationExpr')!;
    t.offsetMs = this.offsetDuration(d);
    this.offsetSet.add(t);
    inner.end = n.to;
    return inner;
  }

  private offsetDuration(d: SyntaxNode): number {
    const c = kids(d);
    if (c.length === 2 && c[0].name === 'UnaryOp') {
      const v = this.offsetDuration(c[1]);
      return this.text(c[0]) === '-' ? -v : v;
    }
    if (c.length === 1 && c[0].name === 'OffsetDurationExpr') return this.offsetDuration(c[0]);
    if (c.length !== 1 || c[0].name !== 'NumberDurationLiteralInDurationContext') {
      this.fail(d.from, `unsupported: duration expressions ("${this.text(d)}")`);
    }
    const t = this.text(c[0]);
    const ms = parseDurationMs(t) ?? (parseNumber(t) ?? Number.NaN) * 1000;
    if (!Number.isFinite(ms)) this.fail(d.from, `bad duration syntax: "${t}"`);
    return Math.round(ms);
  }

  private at(n: SyntaxNode, c: SyntaxNode[]): Expr {
    const inner = this.build(c[0]);
    const t = this.target(inner);
    if (!t)
      this.fail(
        n.from,
        '@ modifier must be preceded by an instant vector selector or range vector selector or a subquery',
      );
    if (this.atSet.has(t)) this.fail(n.from, '@ <timestamp> may not be set multiple times');
    const arg = c[c.length - 1];
    let at: AtModifier;
    if (arg.name === 'AtModifierPreprocessors') {
      at = kids(arg)[0]?.name === 'AtEnd' ? { kind: 'end' } : { kind: 'start' };
    } else {
      const e = this.build(arg);
      if (e.type !== 'number') this.fail(arg.from, 'unexpected expression after @');
      if (!Number.isFinite(e.value))
        this.fail(arg.from, `timestamp out of bounds for @ modifier: ${e.value}`);
      at = { kind: 'time', ms: Math.round(e.value * 1000) };
    }
    t.at = at;
    this.atSet.add(t);
    inner.end = n.to;
    return inner;
  }

  private binary(n: SyntaxNode, c: SyntaxNode[]): Expr {
    const opNode = c.find((k) => k.name in BINARY_OPS)!;
    const op = BINARY_OPS[opNode.name];
    const lhsNode = c[0];
    const rhsNode = c[c.length - 1];
    const returnBool = c.some((k) => k.name === 'BoolModifier');
    if (c.some((k) => k.name === 'FillModifier')) this.fail(n.from, 'unsupported: fill modifiers');
    const mm = c.find((k) => k.name === 'MatchingModifierClause');
    const isSet = op === 'and' || op === 'or' || op === 'unless';
    let matching: VectorMatching | undefined = isSet
      ? { card: 'many-to-many', on: false, labels: [], include: [] }
      : undefined;
    if (mm) matching = this.matching(mm, op, isSet);
    let lhs = this.build(lhsNode);
    const rhs = this.build(rhsNode);
    // Lezer reads `-1 ^ 2` as the literal -1; Prometheus binds unary minus looser than `^`.
    const negatedPow = op === '^' && lhs.type === 'number' && /^\s*-/.test(this.text(lhsNode));
    if (negatedPow && lhs.type === 'number') lhs = { ...lhs, value: -lhs.value };
    const expr: BinaryExpr = {
      type: 'binary',
      op,
      lhs,
      rhs,
      returnBool,
      matching,
      opPos: { start: opNode.from, end: opNode.to },
      start: n.from,
      end: n.to,
    };
    if (negatedPow) return { type: 'unary', op: '-', expr, start: n.from, end: n.to };
    return expr;
  }

  private matching(mm: SyntaxNode, op: BinaryOp, isSet: boolean): VectorMatching {
    const c = kids(mm);
    const groups = c.filter((k) => k.name === 'GroupingLabels').map((g) => this.labels(g));
    const m: VectorMatching = {
      card: isSet ? 'many-to-many' : 'one-to-one',
      on: c.some((k) => k.name === 'On'),
      labels: groups[0] ?? [],
      include: [],
    };
    const gl = c.find((k) => k.name === 'GroupLeft' || k.name === 'GroupRight');
    if (gl) {
      if (isSet) this.fail(gl.from, `no grouping allowed for "${op}" operation`);
      m.card = gl.name === 'GroupLeft' ? 'many-to-one' : 'one-to-many';
      m.include = groups[1] ?? [];
      if (m.on) {
        for (const l of m.include) {
          if (m.labels.includes(l))
            this.fail(mm.from, `label "${l}" must not occur in ON and GROUP clause at once`);
        }
      }
    }
    return m;
  }

  private labels(g: SyntaxNode): string[] {
    return kids(g).map((k) => (k.name === 'QuotedLabelName' ? this.str(kids(k)[0]) : this.text(k)));
  }

  private aggregate(n: SyntaxNode, c: SyntaxNode[]): AggregateExpr {
    const op = this.text(c.find((k) => k.name === 'AggregateOp')!).toLowerCase() as AggregateOp;
    const body = c.find((k) => k.name === 'FunctionCallBody')!;
    const mod = c.find((k) => k.name === 'AggregateModifier');
    const args = kids(body);
    const want = PARAM_AGGS.has(op) ? 2 : 1;
    if (args.length !== want) {
      this.fail(
        n.from,
        `wrong number of arguments for aggregate expression provided, expected ${want}, got ${args.length}`,
      );
    }
    let grouping: string[] = [];
    let without = false;
    if (mod) {
      const mk = kids(mod);
      without = mk.some((k) => k.name === 'Without');
      const g = mk.find((k) => k.name === 'GroupingLabels');
      grouping = g ? this.labels(g) : [];
    }
    const built = args.map((a) => this.build(a));
    return {
      type: 'aggregate',
      op,
      expr: built[built.length - 1],
      param: want === 2 ? built[0] : undefined,
      grouping,
      without,
      hasGrouping: mod !== undefined,
      start: n.from,
      end: n.to,
    };
  }
}

function matchesEmpty(m: Matcher): boolean {
  switch (m.op) {
    case '=':
      return m.value === '';
    case '!=':
      return m.value !== '';
    case '=~':
      return anchoredRegex(m.value).test('');
    case '!~':
      return !anchoredRegex(m.value).test('');
  }
}
