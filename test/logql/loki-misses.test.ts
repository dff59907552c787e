/**
 * Engine misses found against Loki's own scripts (issue 26, item 6), one table per class: each row
 * a query over a small store and what Loki answers (its script's expectation or its source's rule).
 */
import { describe, expect, it } from 'vitest';
import { LogQLError } from '../../src/logql/api.js';
import { evalLogQL } from '../../src/logql/index.js';
import { LogStore } from '../../src/world/log-store.js';

const T = 60_000;

function store(...lines: [Record<string, string>, string, Record<string, string>?][]): LogStore {
  const s = new LogStore();
  lines.forEach(([labels, line, meta], i) => {
    s.push(labels, 10_000 + i * 1000, line, meta);
  });
  return s;
}

/** The instant vector at T as `{labels} value` lines, sorted; or the error text. */
function answer(s: LogStore, q: string): string[] | string {
  try {
    const v = evalLogQL(s, q, { start: T, end: T }).value;
    if (v.type === 'scalar') return [String(v.v)];
    if (v.type !== 'vector') return `a ${v.type}`;
    return v.samples
      .map(
        (x) =>
          `{${Object.entries(x.labels)
            .map(([k, val]) => `${k}="${val}"`)
            .join(', ')}} ${x.v}`,
      )
      .sort();
  } catch (e) {
    if (e instanceof LogQLError) return e.message;
    throw e;
  }
}

const lf = store(
  [{ app: 'a' }, 'x=1 y=0 z=0'],
  [{ app: 'a' }, 'x=0 y=1 z=1'],
  [{ app: 'a' }, 'x=0 y=1 z=0'],
  [{ app: 'a' }, 'other=1'],
  [{ app: 'a' }, 'took=2s'],
  [{ app: 'a' }, 'took=1d'],
  [{ app: 'a' }, 'took=24h'],
);

describe('label filters as label_filter.go runs them', () => {
  it.each([
    // and (also `,` and whitespace) binds tighter than or
    ['x="1" or y="1" and z="1"', ['{app="a", x="0", y="1", z="1"} 1', '{app="a", x="1", y="0", z="0"} 1']],
    ['x="1" or y="1", z="1"', ['{app="a", x="0", y="1", z="1"} 1', '{app="a", x="1", y="0", z="0"} 1']],
    ['(x="1" or y="1") and z="1"', ['{app="a", x="0", y="1", z="1"} 1']],
    // a missing label fails every comparison, != included
    ['took != 2s | __error__=""', ['{app="a", took="24h"} 1']],
    [
      'x != 5',
      [
        '{app="a", x="0", y="1", z="0"} 1',
        '{app="a", x="0", y="1", z="1"} 1',
        '{app="a", x="1", y="0", z="0"} 1',
      ],
    ],
    // a value's duration is Go's: no `d`, though the query's literal 1d is read
    ['took == 1d | __error__=""', ['{app="a", took="24h"} 1']],
    // a converting filter cannot read __error__
    ['took > 1s | __error__ > 0', []],
  ])('count_over_time({app="a"} | logfmt | %s [1m])', (f, want) => {
    expect(answer(lf, `count_over_time({app="a"} | logfmt | ${f} [1m])`)).toEqual(want);
  });

  it.each([
    ['took=90', 'took > 1s', 'time: missing unit in duration \\"90\\"'],
    ['took=1d', 'took > 1s', 'time: unknown unit \\"d\\" in duration \\"1d\\"'],
    ['took=nope', 'took > 1s', 'time: invalid duration \\"nope\\"'],
    ['size=oops', 'size > 1MB', 'strconv.ParseFloat: parsing \\"\\": invalid syntax'],
    ['size=5parsecs', 'size > 1MB', 'unhandled size name: parsecs'],
    ['n=abc', 'n > 1', 'strconv.ParseFloat: parsing \\"abc\\": invalid syntax'],
    // the first failing filter owns the details
    ['x=nope y=90', 'x > 1s and y > 1s', 'time: invalid duration \\"nope\\"'],
    ['x=nope y=90', 'y > 1s and x > 1s', 'time: missing unit in duration \\"90\\"'],
  ])("a failed conversion of %s in %s names Go's error in __error_details__", (line, f, details) => {
    const got = answer(store([{ app: 'e' }, line]), `count_over_time({app="e"} | logfmt | ${f} [1m])`);
    expect(got).toContain("pipeline error: 'LabelFilterErr'");
    expect(got).toContain(`__error_details__="${details}"`);
  });

  it('unwraps a duration as Go reads it: `1d` is a SampleExtractionErr', () => {
    const s = store([{ app: 'u' }, 'took=1d'], [{ app: 'u' }, 'took=90s']);
    expect(
      answer(s, 'sum_over_time({app="u"} | logfmt | unwrap duration(took) | __error__="" [1m])'),
    ).toEqual(['{app="u"} 90']);
    expect(answer(s, 'sum_over_time({app="u"} | logfmt | unwrap duration(took) [1m])')).toContain(
      'time: unknown unit \\"d\\" in duration \\"1d\\"',
    );
  });
});

const bin = store(
  [{ app: 'foo', machine: 'a' }, 'x'],
  [{ app: 'foo', machine: 'a' }, 'x'],
  [{ app: 'foo', machine: 'b' }, 'x'],
);

describe('binary operations as Loki evaluates them', () => {
  it.each([
    ['10 / 0', ['NaN']],
    ['-10 / 0', ['NaN']],
    ['10 % 0', ['NaN']],
    [
      'count_over_time({app="foo"}[1m]) / 0',
      ['{app="foo", machine="a"} NaN', '{app="foo", machine="b"} NaN'],
    ],
    ['sum(count_over_time({app="foo"}[1m])) / vector(0)', ['{} NaN']],
    // a filtering comparison keeps the left side's value, under group_right too
    [
      'sum by (app) (count_over_time({app="foo"}[1m])) > on () group_right sum by (app, machine) (count_over_time({app="foo"}[1m]))',
      ['{app="foo", machine="a"} 3', '{app="foo", machine="b"} 3'],
    ],
    [
      'sum by (app) (count_over_time({app="foo"}[1m])) > bool ignoring (machine) sum by (app, machine) (count_over_time({app="foo"}[1m]))',
      'found duplicate series on the right hand-side;many-to-many matching not allowed: matching labels must be unique on one side',
    ],
    [
      'sum by (app, machine) (count_over_time({app="foo"}[1m])) > bool ignoring (machine) group_right sum by (app) (count_over_time({app="foo"}[1m]))',
      'found duplicate series on the left hand-side;many-to-many matching not allowed: matching labels must be unique on one side',
    ],
  ])('%s', (q, want) => {
    expect(answer(bin, q)).toEqual(want);
  });
});

describe('number literals as Loki lexes them', () => {
  const float = 'parse error : unable to parse literal as a float: strconv.ParseFloat: parsing';
  it.each([
    ['0x1p3', ['8']],
    ['0X1p3', ['8']],
    ['0x1P3', ['8']],
    ['0x1.8p3', ['12']],
    ['0x1p-2 * 4', ['1']],
    ['0b1010', `${float} "0b1010": invalid syntax`],
    ['0o17', `${float} "0o17": invalid syntax`],
    ['0x1A', `${float} "0x1A": invalid syntax`],
    ['count_over_time({app="foo"} | logfmt | code > 0x10 [1m])', `${float} "0x10": invalid syntax`],
    // inside strings and identifiers nothing is a number
    ['count_over_time({app="foo"} |= "0x1A" [1m])', []],
    ['count_over_time({app="foo"} | logfmt | x0x1A="0b1" [1m])', []],
  ])('%s', (q, want) => {
    expect(answer(bin, q)).toEqual(want);
  });
});

describe('ip() in an or chain and order through sort', () => {
  const net = store(
    [{ app: 'n' }, 'from 10.1.2.3'],
    [{ app: 'n' }, 'from 192.168.1.7'],
    [{ app: 'n' }, 'special'],
    [{ app: 'n' }, 'from 8.8.8.8'],
  );
  it.each([
    ['|= ip("192.168.1.0/24") or ip("10.0.0.0/8") or "special"', ['{app="n"} 3']],
    ['!= ip("192.168.1.0/24") or ip("10.0.0.0/8") or "special"', ['{app="n"} 1']],
    ['|= ip("192.168.1.0/24") or "special" or ip("10.0.0.0/8")', ['{app="n"} 3']],
  ])('count_over_time({app="n"} %s [1m])', (f, want) => {
    expect(answer(net, `count_over_time({app="n"} ${f} [1m])`)).toEqual(want);
  });

  it('keeps sort order through an arithmetic with a scalar', () => {
    const s = store([{ app: 'b' }, 'x'], [{ app: 'a' }, 'x'], [{ app: 'a' }, 'x'], [{ app: 'c' }, 'x']);
    const v = evalLogQL(s, 'sort_desc(count_over_time({app=~"a|b|c"}[1m])) + 1', { start: T, end: T }).value;
    expect(v.type === 'vector' && v.samples.map((x) => [x.labels.app, x.v])).toEqual([
      ['a', 3],
      ['b', 2],
      ['c', 2],
    ]);
  });
});

describe('approx_topk', () => {
  const s = store(
    [{ app: 'a', pod: '1' }, 'x'],
    [{ app: 'a', pod: '2' }, 'x'],
    [{ app: 'a', pod: '2' }, 'x'],
    [{ app: 'a', pod: '3' }, 'x'],
    [{ app: 'a', pod: '3' }, 'x'],
    [{ app: 'a', pod: '3' }, 'x'],
  );
  const inner = 'sum by (pod) (count_over_time({app="a"}[1m]))';
  it.each([
    [`approx_topk(2, ${inner})`, ['{pod="2"} 2', '{pod="3"} 3']],
    [`approx_topk(10, ${inner})`, ['{pod="1"} 1', '{pod="2"} 2', '{pod="3"} 3']],
    [`approx_topk(2, ${inner}) by (pod)`, 'parse error : grouping not allowed for approx_topk aggregation'],
    [`approx_topk(1.5, ${inner})`, 'parse error : invalid parameter approx_topk(1.5,'],
    [`approx_topk(${inner})`, 'parse error : parameter required for operation approx_topk'],
    [`count_over_time({app="a"} |= "approx_topk(" [1m])`, []],
  ])('%s', (q, want) => {
    expect(answer(s, q)).toEqual(want);
  });
  it('is refused on a range query', () => {
    expect(() => evalLogQL(s, `approx_topk(2, ${inner})`, { start: 0, end: T, step: 30_000 })).toThrow(
      'count min sketches are only supported on instant queries',
    );
  });
});
