/**
 * LogQL printed as Loki prints it (syntax/ast.go String, syntax/prettier.go Prettify). The rules
 * are Loki's; the queries are the bench's own. Prettify is checked at Loki's default width (100)
 * and at 20, the width Loki's own formatter tests use to force splits.
 */
import { describe, expect, it } from 'vitest';
import { parseLogQL, prettyLogQL, printLogQL } from '../../src/logql/index.js';

const lines = (...xs: string[]) => xs.join('\n');

describe('the one-line form (String)', () => {
  it.each([
    ['{app="api",env=~"prod|dev"}', '{app="api", env=~"prod|dev"}'],
    ['{app="api"}|="a" or "b"!~`x+`|>"<_> took"', '{app="api"} |= "a" or "b" !~ "x+" |> "<_> took"'],
    ['{app="api"} |= ip("10.0.0.0/8") or "x"', '{app="api"} |= ip("10.0.0.0/8") or "x"'],
    ['{app="api"}|logfmt --keep-empty --strict', '{app="api"} | logfmt --strict --keep-empty'],
    ['{app="api"}|logfmt --strict a="b", c', '{app="api"} | logfmt --strict a="b",c="c"'],
    ['{app="api"}|json a="b.c", d="e[0]"', '{app="api"} | json a="b.c",d="e[0]"'],
    [
      '{app="api"}|regexp "(?P<x>\\\\d+)"|pattern "<_> <y>"',
      '{app="api"} | regexp "(?P<x>\\\\d+)" | pattern "<_> <y>"',
    ],
    ['{app="api"}|unpack|decolorize', '{app="api"} | unpack | decolorize'],
    ['{app="api"}|label_format a=b, c="{{.d}}"', '{app="api"} | label_format a=b,c="{{.d}}"'],
    ['{app="api"}|drop a, b="1"|keep c', '{app="api"} | drop a,b="1" | keep c'],
    // label filters: no spaces around the operator, and/or parenthesised, Go's units
    ['{app="api"}|logfmt|x > 5 or y="z", w!="v"', '{app="api"} | logfmt | ( x>5 or ( y="z" , w!="v" ) )'],
    ['{app="api"}|logfmt|took >= 90s|size < 2KB', '{app="api"} | logfmt | took>=1m30s | size<2.0kB'],
    ['{app="api"}|logfmt|addr = ip("10.0.0.1")', '{app="api"} | logfmt | addr=ip("10.0.0.1")'],
    // a regex Loki turns into plain matching keeps the matcher's quotes; any other gets backticks
    [
      '{app="api"}|logfmt|a=~"x|y"|b=~"x.*"|c=~"x\\\\d+"',
      '{app="api"} | logfmt | a=~"x|y" | b=~"x.*" | c=~`x\\d+`',
    ],
    ['{app="api"}|line_format "{{.a}}\\t"', '{app="api"} | line_format "{{.a}}\\t"'],
    // metric forms
    ['count_over_time({app="api"}[90s] offset 1h)', 'count_over_time({app="api"}[1m30s] offset 1h0m0s)'],
    [
      'quantile_over_time(0.5, {app="api"}|logfmt|unwrap duration(t)|__error__=""[5m]) by (pod)',
      'quantile_over_time(0.5,{app="api"} | logfmt | unwrap duration(t) | __error__=""[5m]) by (pod)',
    ],
    ['sum by (a, b) (rate({app="api"}[1m]))', 'sum by (a,b)(rate({app="api"}[1m]))'],
    ['sum by () (rate({app="api"}[1m]))', 'sum(rate({app="api"}[1m]))'],
    ['topk(3, rate({app="api"}[1m]))', 'topk(3,rate({app="api"}[1m]))'],
    [
      'rate({app="a"}[1m]) / on (x) rate({app="b"}[1m])',
      '(rate({app="a"}[1m]) / on (x)  rate({app="b"}[1m]))',
    ],
    ['rate({app="a"}[1m]) > bool 0.5', '(rate({app="a"}[1m]) > bool 0.5)'],
    ['2 * 3 + 1', '7'],
    ['vector(2) + 1e6', '(vector(2.000000) + 1e+06)'],
    [
      'label_replace(rate({app="a"}[1m]), "d", "$1", "s", "(.*)")',
      'label_replace(rate({app="a"}[1m]),"d","$1","s","(.*)")',
    ],
  ])('%s', (q, want) => {
    expect(printLogQL(parseLogQL(q))).toBe(want);
  });
});

describe('Prettify', () => {
  it('leaves a query that fits on one line alone', () => {
    expect(prettyLogQL(parseLogQL('sum by (a) (rate({app="api"} |= "x" [1m]))'))).toBe(
      'sum by (a)(rate({app="api"} |= "x"[1m]))',
    );
  });

  it('puts each pipeline stage on its own line, a line filter chain split from its end', () => {
    expect(prettyLogQL(parseLogQL('{app="api"} |= "a" |= "bb" != "c" | json | x > 1'), 20)).toBe(
      lines('{app="api"}', '  |= "a" |= "bb"', '  != "c"', '  | json', '  | x>1'),
    );
  });

  it("drops the or-alternatives of a split chain's filters, as Loki rebuilds them", () => {
    expect(prettyLogQL(parseLogQL('{app="api"} |= "first" or "second" != "third"'), 20)).toBe(
      lines('{app="api"}', '  |= "first"', '  != "third"'),
    );
  });

  it('splits a range aggregation: parameter, pipeline, unwrap, range and offset', () => {
    expect(
      prettyLogQL(
        parseLogQL(
          'quantile_over_time(0.9, {app="api"} | json | unwrap ms | ms > 0 [10m] offset 2h) by (pod)',
        ),
        20,
      ),
    ).toBe(
      lines(
        'quantile_over_time(',
        '  0.9,',
        '  {app="api"} | json',
        '    | unwrap ms',
        '    | ms>0 [10m] offset 2h',
        ') by (pod)',
      ),
    );
  });

  it('splits vector aggregations, binary operations and label_replace by level', () => {
    const q =
      'topk(2, sum without (pod) (rate({app="a"}[1m]))) * on (node) group_right (team) label_replace(rate({app="b"}[1m]), "x", "$1", "y", "(.+)")';
    expect(prettyLogQL(parseLogQL(q), 20)).toBe(
      lines(
        '  topk(',
        '    2,',
        '    sum without (pod)(',
        // 19 characters: within the width, so not split
        '      rate({app="a"}[1m])',
        '    )',
        '  )',
        '* on (node) group_right (team)',
        '  label_replace(',
        '    rate({app="b"}[1m]),',
        '    "x",',
        '    "$1",',
        '    "y",',
        '    "(.+)"',
        '  )',
      ),
    );
  });

  it('keeps arithmetic precedence visible by depth', () => {
    const q = 'rate({app="a"}[1m]) + rate({app="bbb"}[1m]) * rate({app="c"}[1m])';
    expect(prettyLogQL(parseLogQL(q), 20)).toBe(
      lines(
        '  rate({app="a"}[1m])',
        '+',
        '    rate(',
        '      {app="bbb"} [1m]',
        '    )',
        '  *',
        '    rate({app="c"}[1m])',
      ),
    );
  });
});
