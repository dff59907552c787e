/**
 * LogQL's parse and lexer errors in Loki's words: each row a query and the message Loki's
 * parser gives (the wording of pkg/logql/syntax: lex.go, syntax.y through goyacc, ast.go's
 * validation, and its parser tests), checked whole.
 */
import { describe, expect, it } from 'vitest';
import { LogQLError } from '../../src/logql/api.js';
import { parseLogQL } from '../../src/logql/index.js';

const at = (col: number, msg: string) => `parse error at line 1, col ${col}: ${msg}`;
const noPos = (msg: string) => `parse error : ${msg}`;

function message(q: string): string {
  try {
    parseLogQL(q);
  } catch (e) {
    if (e instanceof LogQLError) return e.message;
    throw e;
  }
  return 'parsed';
}

describe("LogQL errors in Loki's wording", () => {
  it.each([
    // goyacc: the unexpected token by Loki's name for it, and what the state expects when it can say
    [
      'vector(count_over_time({app="a"}[1m]))',
      at(8, 'syntax error: unexpected COUNT_OVER_TIME, expecting NUMBER'),
    ],
    [
      '-count_over_time({app="foo"}[1m])',
      at(2, 'syntax error: unexpected COUNT_OVER_TIME, expecting NUMBER'),
    ],
    ['{app=foo}', at(6, 'syntax error: unexpected IDENTIFIER, expecting STRING')],
    ['{foo="bar"} foo', at(13, 'syntax error: unexpected IDENTIFIER')],
    ['bottomk(he,count_over_time({ foo = "bar" }[5h]))', at(9, 'syntax error: unexpected IDENTIFIER')],
    ['min({ foo !~ "bar" }[5m])', at(5, 'syntax error: unexpected {')],
    ['stddev({ foo = "bar" })', at(8, 'syntax error: unexpected {')],
    ['{a="b"} | logfmt | x > 1 or', at(28, 'syntax error: unexpected $end')],
    ['count_over_time({app="foo"}[5m]) > bool', at(40, 'syntax error: unexpected $end')],
    // the lexer
    ['{app="foo', at(6, 'literal not terminated')],
    ['{app=`foo}', at(6, 'literal not terminated')],
    ['count_over_time({app="foo"}[5m', at(28, "missing closing ']' in duration")],
    ['count_over_time({app="foo"}[5minutes])', at(28, 'unknown unit "minutes" in duration "5minutes"')],
    ['count_over_time({app="foo"}[])', at(28, 'empty duration string')],
    ['count_over_time({app="foo"}[5s1m])', at(28, 'not a valid duration string: "5s1m"')],
    // validation after the grammar (no position)
    ['topk(count_over_time({ foo = "bar" }[5h]))', noPos('parameter required for operation topk')],
    [
      'quantile_over_time({app="x"} | unwrap v [5m])',
      noPos('parameter required for operation quantile_over_time'),
    ],
    ['sum(3 ,count_over_time({ foo = "bar" }[5h]))', noPos('unsupported parameter for operation sum(3,')],
    ['bottomk(1.2,count_over_time({ foo = "bar" }[5h]))', noPos('invalid parameter bottomk(1.2,')],
    ['rate(0.99, {app="x"}[5m])', noPos('parameter 0.99 not supported for operation rate')],
    ['count_over_time({a="b"}[5m]) by (x)', noPos('grouping not allowed for count_over_time aggregation')],
    ['rate({a="b"}[5m]) without (x)', noPos('grouping not allowed for rate aggregation')],
    ['bytes_over_time({a="b"}[5m]) by (x)', noPos('grouping not allowed for bytes_over_time aggregation')],
    [
      'sum_over_time({a="b"} | unwrap v [5m]) by (x)',
      noPos('grouping not allowed for sum_over_time aggregation'),
    ],
    [
      'sum(count_over_time({foo="bar"}[5m])) by (foo) or 1',
      noPos('unexpected literal for right leg of logical/set binary operation (or): 1.000000'),
    ],
    [
      '1 unless sum(count_over_time({foo="bar"}[5m])) by (foo)',
      noPos('unexpected literal for left leg of logical/set binary operation (unless): 1.000000'),
    ],
    ['1 and 2', noPos('unexpected literal for left leg of logical/set binary operation (and): 1.000000')],
    ['count_over_time({app="a"} |> "<verb> /api 200" [1m])', noPos('named captures are not allowed')],
    ['0x1A', noPos('unable to parse literal as a float: strconv.ParseFloat: parsing "0x1A": invalid syntax')],
  ])('%s', (q, want) => {
    expect(message(q)).toBe(want);
  });

  it('still parses what Loki parses around these rules', () => {
    for (const q of [
      'avg_over_time({a="b"} | unwrap v [5m]) by (x)',
      'count_over_time({app="foo"}[1h30m])',
      'count_over_time({app="foo"} |= "[not a range" [5m])',
      'sum by (x) (count_over_time({a="b"}[5m]))',
      'topk(2, count_over_time({a="b"}[5m]))',
      'count_over_time({app="a"} |> "GET <_> 200" [1m])',
    ])
      expect(message(q)).toBe('parsed');
  });
});
