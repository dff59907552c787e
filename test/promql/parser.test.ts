import { describe, expect, it } from 'vitest';
import { formatPromFloat, PromQLError, parsePromQL, selectorsOf } from '../../src/promql/index.js';

function parseErr(q: string): string {
  try {
    parsePromQL(q);
  } catch (e) {
    expect(e).toBeInstanceOf(PromQLError);
    expect((e as PromQLError).errorType).toBe('bad_data');
    return (e as Error).message;
  }
  throw new Error(`no error for ${q}`);
}

describe('parsePromQL', () => {
  it('builds a typed AST with matchers, range, offset and @', () => {
    const e = parsePromQL('sum by (job) (rate(http_requests_total{code=~"5.."}[5m] offset 1m @ 100))');
    expect(e.type).toBe('aggregate');
    if (e.type !== 'aggregate' || e.expr.type !== 'call') throw new Error('shape');
    const arg = e.expr.args[0];
    if (arg.type !== 'matrixSelector') throw new Error('shape');
    expect(arg.rangeMs).toBe(300_000);
    expect(arg.vector.offsetMs).toBe(60_000);
    expect(arg.vector.at).toEqual({ kind: 'time', ms: 100_000 });
    expect(arg.vector.matchers).toEqual([
      { name: '__name__', op: '=', value: 'http_requests_total' },
      { name: 'code', op: '=~', value: '5..' },
    ]);
  });

  it('reports Prometheus-style positions for syntax and type errors', () => {
    expect(parseErr('foo +')).toBe('1:6: parse error: unexpected end of input');
    expect(parseErr('rate(foo)')).toBe(
      '1:6: parse error: expected type range vector in call to function "rate", got instant vector',
    );
    expect(parseErr('foo(bar)')).toBe('1:1: parse error: unknown function with name "foo"');
    expect(parseErr('{a=""}')).toBe(
      '1:1: parse error: vector selector must contain at least one non-empty matcher',
    );
    expect(parseErr('1 > 2')).toBe('1:3: parse error: comparisons between scalars must use BOOL modifier');
    expect(parseErr('foo offset 1m offset 2m')).toBe(
      '1:1: parse error: offset may not be set multiple times',
    );
    expect(parseErr('sum(1, foo)')).toMatch(/wrong number of arguments for aggregate expression/);
    expect(parseErr('foo\n  + bar +')).toBe('2:10: parse error: unexpected end of input');
    expect(parseErr('foo{a="b" c="d"}')).toBe(
      '1:11: parse error: unexpected identifier "c" in label matching, expected "," or "}"',
    );
    expect(parseErr('sum by (a) (x) by (b)')).toBe('1:16: parse error: unexpected <by>');
    expect(parseErr('rate(foo[5m')).toBe('1:12: parse error: unclosed left parenthesis');
    expect(parseErr('foo{')).toBe('1:5: parse error: unexpected end of input inside braces');
    // Messages checked against promtool (Prometheus' own parser).
    expect(parseErr('foo[5m')).toBe('1:7: parse error: unclosed left bracket');
    expect(parseErr('sum(foo))')).toBe("1:10: parse error: unexpected right parenthesis ')'");
    expect(parseErr('foo offset')).toBe(
      '1:11: parse error: unexpected end of input in offset, expected duration',
    );
    expect(parseErr('sum by a (foo)')).toBe(
      '1:8: parse error: unexpected identifier "a" in grouping opts, expected "("',
    );
    expect(parseErr('rate(foo[5m])[5m]')).toBe('1:14: parse error: ranges only allowed for vector selectors');
    expect(parseErr('label_replace(up, "a", "$1", "b", "(v\\.1)")')).toBe(
      "1:35: parse error: unknown escape sequence U+002E '.'",
    );
  });

  it('binds ranges and subqueries tighter than unary and binary operators, as Prometheus does', () => {
    expect(parseErr('foo + bar[5m]')).toBe(
      '1:7: parse error: binary expression must contain only scalar and instant vector types',
    );
    expect(parseErr('-rate(x[5m])[5m:]')).toBe(
      '1:1: parse error: unary expression only allowed on expressions of type scalar or instant vector, got "range vector"',
    );
  });

  it('binds offset and @ to the innermost operand and unary minus looser than ^', () => {
    const e = parsePromQL('a or b offset 5m');
    if (e.type !== 'binary' || e.rhs.type !== 'vectorSelector' || e.lhs.type !== 'vectorSelector')
      throw new Error();
    expect(e.rhs.offsetMs).toBe(300_000);
    expect(e.lhs.offsetMs).toBe(0);
    const p = parsePromQL('-1 ^ 2');
    expect(p.type).toBe('unary');
  });

  it('accepts query-bound functions and trailing-dot literals of Prometheus 3', () => {
    expect(parsePromQL('step() + range()').type).toBe('binary');
    expect(parsePromQL('1./6.').type).toBe('binary');
  });
});

describe('selectorsOf', () => {
  it('lists every vector selector, including inside subqueries and function args', () => {
    const s = selectorsOf('max_over_time(rate(a_total{x="1"}[1m])[5m:]) / on(x) group_left b or absent(c)');
    expect(s.map((x) => x.metric)).toEqual(['a_total', 'b', 'c']);
    expect(s[0].matchers).toContainEqual({ name: 'x', op: '=', value: '1' });
  });
});

describe('formatPromFloat', () => {
  it('prints like Go strconv.FormatFloat(v, "f", -1, 64)', () => {
    expect(formatPromFloat(1)).toBe('1');
    expect(formatPromFloat(0.1)).toBe('0.1');
    expect(formatPromFloat(1e21)).toBe('1000000000000000000000');
    expect(formatPromFloat(1.5e-7)).toBe('0.00000015');
    expect(formatPromFloat(-2.5e22)).toBe('-25000000000000000000000');
    expect(formatPromFloat(Number.NaN)).toBe('NaN');
    expect(formatPromFloat(Number.POSITIVE_INFINITY)).toBe('+Inf');
    expect(formatPromFloat(Number.NEGATIVE_INFINITY)).toBe('-Inf');
  });
});
