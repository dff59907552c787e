/** Lezer LogExpr / Selector / pipeline nodes → typed stages. */
import type { SyntaxNode } from '@lezer/common';
import type { Matcher, MatchOp } from '../../world/types.js';
import type { CmpOp, ExtractionParam, LabelFilterExpr, LineFilterOp, LogQuery, Stage } from './ast.js';
import { ipMatcher } from './ip.js';
import { goRegex, parseBytes, parseDurationMs, parseGoFloat, unquote } from './literals.js';
import { IP_TERM_MARK } from './rewrite.js';
import { semanticError } from './syntax-error.js';

export interface Src {
  q: string;
  /** Where `approx_topk` was written: lezer reads those calls as `topk` (parse.ts). */
  approx?: ReadonlySet<number>;
  /** The text is rewriteForLezer's, not the query as written (its ip() marks are read). */
  rewritten?: boolean;
}

export function text(src: Src, n: SyntaxNode): string {
  return src.q.slice(n.from, n.to);
}

export function kids(n: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (let c = n.firstChild; c; c = c.nextSibling) out.push(c);
  return out;
}

/** All descendants named `name`, not descending into matches. */
export function findAll(n: SyntaxNode, name: string): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (const c of kids(n)) {
    if (c.type.name === name) out.push(c);
    else out.push(...findAll(c, name));
  }
  return out;
}

const MATCH_OPS: Record<string, MatchOp> = { Eq: '=', Neq: '!=', Re: '=~', Nre: '!~' };
const CMP_OPS: Record<string, CmpOp> = {
  Gtr: '>',
  Gte: '>=',
  Lss: '<',
  Lte: '<=',
  Eql: '==',
  Eq: '==',
  Neq: '!=',
};

export function matcherOf(src: Src, n: SyntaxNode): Matcher {
  const name = text(src, n.getChild('Identifier')!);
  const opNode = kids(n).find((c) => MATCH_OPS[c.type.name]);
  const op = MATCH_OPS[opNode!.type.name];
  const value = unquote(text(src, n.getChild('String')!));
  if (op === '=~' || op === '!~') goRegex(value, true);
  return { name, op, value };
}

export function selectorOf(src: Src, sel: SyntaxNode): Matcher[] {
  const ms = findAll(sel, 'Matcher').map((m) => matcherOf(src, m));
  const ok = ms.some(
    (m) => (m.op === '=' && m.value !== '') || (m.op === '=~' && !goRegex(m.value, true).test('')),
  );
  if (!ok) {
    throw semanticError(
      'queries require at least one regexp or equality matcher that does not have an empty-compatible value. For instance, app=~".*" does not meet this requirement, but app=~".+" will',
    );
  }
  return ms;
}

/** LogExpr: a selector with an optional pipeline, possibly parenthesized. */
export function logQueryOf(src: Src, n: SyntaxNode): LogQuery {
  const inner = n.getChild('LogExpr');
  if (inner) return logQueryOf(src, inner);
  const sel = n.getChild('Selector');
  if (!sel) throw semanticError(`unexpected log expression ${text(src, n)}`);
  const pipe = n.getChild('PipelineExpr');
  return {
    kind: 'log',
    text: text(src, sel),
    selector: selectorOf(src, sel),
    stages: pipe ? stagesOf(src, pipe) : [],
  };
}

export function stagesOf(src: Src, pipe: SyntaxNode): Stage[] {
  const out: Stage[] = [];
  for (const c of kids(pipe)) {
    if (c.type.name === 'PipelineExpr') out.push(...stagesOf(src, c));
    else if (c.type.name === 'PipelineStage') out.push(...stageOf(src, c));
  }
  return out;
}

function stageOf(src: Src, st: SyntaxNode): Stage[] {
  const lf = st.getChild('LineFilters');
  if (lf) return lineFilterGroups(lf).map((g) => lineFilterOf(src, g));
  const body = kids(st).find((c) => c.type.name !== 'Pipe');
  if (!body) throw semanticError(`empty pipeline stage ${text(src, st)}`);
  switch (body.type.name) {
    case 'LabelParser':
      return [labelParserOf(src, body)];
    case 'JsonExpressionParser':
      return [{ kind: 'json', params: paramsOf(src, body) }];
    case 'LogfmtParser':
    case 'LogfmtExpressionParser': {
      const flags = findAll(body, 'ParserFlag').map((f) => text(src, f));
      return [
        {
          kind: 'logfmt',
          strict: flags.includes('--strict'),
          keepEmpty: flags.includes('--keep-empty'),
          params: paramsOf(src, body),
        },
      ];
    }
    case 'LabelFilter':
      return [{ kind: 'labelFilter', filter: labelFilterOf(src, body) }];
    case 'LineFormatExpr':
      return [{ kind: 'lineFormat', template: unquote(text(src, body.getChild('String')!)) }];
    case 'LabelFormatExpr':
      return [labelFormatOf(src, body)];
    case 'DecolorizeExpr':
      return [{ kind: 'decolorize' }];
    case 'DropLabelsExpr':
    case 'KeepLabelsExpr': {
      const item = body.type.name === 'DropLabelsExpr' ? 'DropLabel' : 'KeepLabel';
      const items = findAll(body, item).map((d) => {
        const m = d.getChild('Matcher');
        return m
          ? { name: matcherOf(src, m).name, matcher: matcherOf(src, m) }
          : { name: text(src, d).trim() };
      });
      return [{ kind: body.type.name === 'DropLabelsExpr' ? 'drop' : 'keep', items }];
    }
    default:
      throw semanticError(`unsupported pipeline stage ${text(src, body)}`);
  }
}

const FILTER_OPS: Record<string, LineFilterOp> = {
  PipeExact: '|=',
  Neq: '!=',
  PipeMatch: '|~',
  Nre: '!~',
  PipePattern: '|>',
  Npa: '!>',
};

/**
 * Each line filter with the `or` terms that belong to it. When a filter starts with `ip(...)` the
 * grammar hangs its `or "..."` terms beside it (LineFilters > LineFilter, Or, OrFilter) instead
 * of inside it, so an OrFilter sibling joins the filter before it.
 */
function lineFilterGroups(lf: SyntaxNode): SyntaxNode[][] {
  const out: SyntaxNode[][] = [];
  const walk = (n: SyntaxNode) => {
    for (const c of kids(n)) {
      if (c.type.name === 'LineFilters') walk(c);
      else if (c.type.name === 'LineFilter') out.push([c]);
      else if (c.type.name === 'OrFilter' && out.length) out[out.length - 1].push(c);
    }
  };
  walk(lf);
  return out;
}

function lineFilterOf(src: Src, group: SyntaxNode[]): Stage {
  const f = group[0];
  const opNode = f.getChild('Filter')?.firstChild;
  const op = opNode ? FILTER_OPS[opNode.type.name] : undefined;
  if (!op) throw semanticError(`unsupported line filter ${text(src, f)}`);
  const strings = group.flatMap((n) => findAll(n, 'String'));
  const raw = strings.map((s) => text(src, s));
  // A term rewrite.ts turned from `ip("x")` into `"<IP_TERM_MARK>x"`, so lezer could read it.
  const marked = raw.map((r) => src.rewritten === true && r.slice(1).startsWith(IP_TERM_MARK));
  const values = raw.map((r, i) =>
    marked[i] ? unquote(r[0] + r.slice(1 + IP_TERM_MARK.length)) : unquote(r),
  );
  // `ip("...")` may be any term of an `or` chain: its String follows a FilterOp node.
  const ip = strings.map((s, i) => marked[i] || s.prevSibling?.type.name === 'FilterOp');
  if (ip.some(Boolean)) {
    // Loki's lexer only takes ip() after |= and != (ip.go: "ip: invalid operation").
    if (op !== '|=' && op !== '!=') throw semanticError(`ip: invalid operation ${op}`);
    for (let i = 0; i < values.length; i++) if (ip[i]) ipMatcher(values[i]);
    return { kind: 'lineFilter', op, values, ip };
  }
  for (const v of values) if (op === '|~' || op === '!~') goRegex(v, false);
  // pattern.ParseLineFilter: a line filter's pattern takes `<_>` only (ErrCaptureNotAllowed).
  if (
    (op === '|>' || op === '!>') &&
    values.some((v) => /<[A-Za-z_][A-Za-z0-9_]*>/.test(v.replaceAll('<_>', '')))
  )
    throw semanticError('named captures are not allowed');
  return { kind: 'lineFilter', op, values };
}

function labelParserOf(src: Src, n: SyntaxNode): Stage {
  const k = n.firstChild!.type.name;
  const arg = n.getChild('String');
  if (k === 'Json') return { kind: 'json', params: [] };
  if (k === 'Logfmt') return { kind: 'logfmt', strict: false, keepEmpty: false, params: [] };
  if (k === 'Unpack') return { kind: 'unpack' };
  if (!arg) throw semanticError(`${text(src, n)} needs an expression`);
  const pattern = unquote(text(src, arg));
  if (k === 'Regexp') {
    const re = goRegex(pattern, false);
    const names = re.names.filter((n) => n !== undefined);
    if (names.length === 0) throw semanticError('at least one named capture must be supplied');
    // NewRegexpParser: Go's regexp takes a name twice, Loki's parser does not.
    const twice = names.find((n, i) => names.indexOf(n) !== i);
    if (twice !== undefined) throw semanticError(`duplicate extracted label name '${twice}'`);
    return { kind: 'regexp', pattern };
  }
  return { kind: 'pattern', pattern };
}

function paramsOf(src: Src, n: SyntaxNode): ExtractionParam[] {
  return findAll(n, 'LabelExtractionExpression').map((e) => {
    const label = text(src, e.getChild('Identifier')!);
    const s = e.getChild('String');
    return { label, expr: s ? unquote(text(src, s)) : label };
  });
}

function labelFormatOf(src: Src, n: SyntaxNode): Stage {
  const ops = findAll(n, 'LabelFormatMatcher').map((m) => {
    const ids = m.getChildren('Identifier');
    const s = m.getChild('String');
    const dst = text(src, ids[0]);
    return s ? { dst, template: unquote(text(src, s)) } : { dst, src: text(src, ids[1]) };
  });
  const seen = new Set<string>();
  for (const o of ops) {
    if (o.dst === '__error__') throw semanticError('__error__ cannot be formatted');
    if (seen.has(o.dst))
      throw semanticError(
        `label_format: multiple label name '${o.dst}' not allowed in a single format operation`,
      );
    seen.add(o.dst);
  }
  return { kind: 'labelFormat', ops };
}

/**
 * Label filter chains as Loki's grammar reads them: `and`, `,` and whitespace bind tighter than
 * `or` (`a or b and c` is `a or (b and c)`), each left-associative. The lezer grammar nests a
 * chain to the right without precedence, so it is flattened and re-associated. A parenthesized
 * group (one LabelFilter child) stays whole.
 */
export function labelFilterOf(src: Src, n: SyntaxNode): LabelFilterExpr {
  const cs = kids(n);
  const subs = cs.filter((c) => c.type.name === 'LabelFilter');
  if (subs.length === 2) {
    const operands: LabelFilterExpr[] = [];
    const ops: ('and' | 'or')[] = [];
    flattenFilters(src, n, operands, ops);
    const terms: LabelFilterExpr[] = [];
    let term = operands[0];
    ops.forEach((kind, i) => {
      if (kind === 'and') term = { kind: 'and', left: term, right: operands[i + 1] };
      else {
        terms.push(term);
        term = operands[i + 1];
      }
    });
    terms.push(term);
    return terms.reduce((left, right) => ({ kind: 'or', left, right }));
  }
  if (subs.length === 1) return labelFilterOf(src, subs[0]);
  const leaf = cs[0];
  if (!leaf) throw semanticError(`empty label filter ${text(src, n)}`);
  switch (leaf.type.name) {
    case 'Matcher':
      return { kind: 'match', matcher: matcherOf(src, leaf) };
    case 'NumberFilter': {
      const lit = leaf.getChild('LiteralExpr')!;
      // `0x10` and the like were refused before lezer ran (numbers.ts).
      const v = parseGoFloat(text(src, lit).replace(/\s+/g, ''));
      if (v === null) throw semanticError(`invalid number ${text(src, lit)}`);
      return { kind: 'number', name: text(src, leaf.getChild('Identifier')!), op: cmpOf(leaf), value: v };
    }
    case 'UnitFilter': {
      const f = leaf.firstChild!;
      const name = text(src, f.getChild('Identifier')!);
      if (f.type.name === 'DurationFilter') {
        const ms = parseDurationMs(text(src, f.getChild('Duration')!));
        if (ms === null) throw semanticError(`invalid duration ${text(src, f)}`);
        return { kind: 'duration', name, op: cmpOf(f), value: ms / 1000 };
      }
      const b = parseBytes(text(src, f.getChild('Bytes')!));
      if (b === null) throw semanticError(`invalid bytes ${text(src, f)}`);
      return { kind: 'bytes', name, op: cmpOf(f), value: b };
    }
    case 'IpLabelFilter': {
      const pattern = unquote(text(src, leaf.getChild('String')!));
      ipMatcher(pattern);
      const op = leaf.getChild('Neq') ? '!=' : '==';
      return { kind: 'ip', name: text(src, leaf.getChild('Identifier')!), op, pattern };
    }
    default:
      throw semanticError(`unsupported label filter ${text(src, n)}`);
  }
}

function flattenFilters(src: Src, n: SyntaxNode, operands: LabelFilterExpr[], ops: ('and' | 'or')[]): void {
  const cs = kids(n);
  const subs = cs.filter((c) => c.type.name === 'LabelFilter');
  if (subs.length !== 2) {
    operands.push(labelFilterOf(src, n));
    return;
  }
  flattenFilters(src, subs[0], operands, ops);
  ops.push(cs.some((c) => c.type.name === 'Or') ? 'or' : 'and');
  flattenFilters(src, subs[1], operands, ops);
}

function cmpOf(n: SyntaxNode): CmpOp {
  const c = kids(n).find((k) => CMP_OPS[k.type.name]);
  if (!c) throw semanticError('missing comparison operator');
  return CMP_OPS[c.type.name];
}
