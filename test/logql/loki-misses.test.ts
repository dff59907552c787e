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

/** A store whose entries sit at the given seconds. */
function timed(...lines: [Record<string, string>, number, string][]): LogStore {
  const s = new LogStore();
  for (const [labels, sec, line] of lines) s.push(labels, sec * 1000, line);
  return s;
}

/** A range query's series as `{labels} v@s v@s …` lines, sorted. */
function range(s: LogStore, q: string, start: number, end: number, step: number): string[] {
  const v = evalLogQL(s, q, { start: start * 1000, end: end * 1000, step: step * 1000 }).value;
  if (v.type !== 'matrix') throw new Error(`a ${v.type}`);
  return v.series
    .map(
      (x) =>
        `{${Object.entries(x.labels)
          .map(([k, val]) => `${k}="${val}"`)
          .join(', ')}} ${x.points.map((p) => `${p.v}@${p.t / 1000}`).join(' ')}`,
    )
    .sort();
}

function instantAt(s: LogStore, q: string, sec: number): string[] | string {
  const v = evalLogQL(s, q, { start: sec * 1000, end: sec * 1000 }).value;
  if (v.type !== 'vector') return `a ${v.type}`;
  return v.samples.map((x) => `${JSON.stringify(x.labels)} ${x.v}`).sort();
}

describe('rate_counter as Loki extrapolates it', () => {
  it('gives 0 for a window with a single sample, nothing for an empty one', () => {
    const s = timed([{ app: 'r' }, 30, 'c=7'], [{ app: 'r' }, 200, 'c=9']);
    expect(instantAt(s, 'rate_counter({app="r"} | logfmt | unwrap c [20s])', 40)).toEqual(['{"app":"r"} 0']);
    expect(instantAt(s, 'rate_counter({app="r"} | logfmt | unwrap c [20s])', 100)).toEqual([]);
  });

  it('caps a far first sample at half an interval before the zero point may shorten it', () => {
    // (140,220]: the first sample is 60 s from the edge (threshold 22 s) → 10 s; the zero point
    // (13.3 s back) is farther than that, so it does not apply: 30 × (20+10)/20 / 80 s.
    const s = timed([{ app: 'r' }, 200, 'c=20'], [{ app: 'r' }, 220, 'c=50']);
    expect(instantAt(s, 'rate_counter({app="r"} | logfmt | unwrap c [80s])', 220)).toEqual([
      `{"app":"r"} ${(30 * (30 / 20)) / 80}`,
    ]);
  });

  it('lets a near zero point shorten the start side', () => {
    // (190,220]: the first sample is 10 s from the edge; the counter was 0 about 6.7 s before it.
    const s = timed([{ app: 'r' }, 200, 'c=10'], [{ app: 'r' }, 220, 'c=40']);
    expect(instantAt(s, 'rate_counter({app="r"} | logfmt | unwrap c [30s])', 220)).toEqual([
      `{"app":"r"} ${(30 * ((20 + 20 * (10 / 30) + 0) / 20)) / 30}`,
    ]);
  });
});

describe('filters after unwrap see the unwrapped label', () => {
  const s = store([{ app: 'u' }, 'pod=1 v=1'], [{ app: 'u' }, 'pod=1 v=5'], [{ app: 'u' }, 'pod=2 v=3']);
  it.each([
    [
      'sum_over_time({app="u"} | logfmt | unwrap v | v > 2 [1m])',
      ['{app="u", pod="1"} 5', '{app="u", pod="2"} 3'],
    ],
    ['avg_over_time({app="u"} | logfmt | unwrap v | v >= 3 [1m]) by (pod)', ['{pod="1"} 5', '{pod="2"} 3']],
    [
      'sum by (pod) (max_over_time({app="u"} | logfmt | unwrap v | v < 5 [1m]))',
      ['{pod="1"} 1', '{pod="2"} 3'],
    ],
    // grouping by the unwrapped label keeps it
    ['max_over_time({app="u"} | logfmt | unwrap v [1m]) by (v)', ['{v="1"} 1', '{v="3"} 3', '{v="5"} 5']],
    ['max_over_time({app="u"} | logfmt | unwrap v [1m]) without (pod)', ['{app="u"} 5']],
  ])('%s', (q, want) => {
    expect(answer(s, q)).toEqual(want);
  });
});

describe('window sums add their own values, in order', () => {
  it('spoils only the windows that hold a NaN or an infinity', () => {
    const s = timed(
      [{ app: 'w', c: 'nan' }, 10, 'v=1'],
      [{ app: 'w', c: 'nan' }, 20, 'v=NaN'],
      [{ app: 'w', c: 'nan' }, 40, 'v=2'],
      [{ app: 'w', c: 'inf' }, 10, 'v=+Inf'],
      [{ app: 'w', c: 'inf' }, 30, 'v=-Inf'],
      [{ app: 'w', c: 'inf' }, 40, 'v=4'],
    );
    expect(range(s, 'sum_over_time({app="w"} | logfmt | unwrap v [10s])', 10, 40, 10)).toEqual([
      '{app="w", c="inf"} Infinity@10 -Infinity@30 4@40',
      '{app="w", c="nan"} 1@10 NaN@20 2@40',
    ]);
    expect(range(s, 'rate({app="w", c="inf"} | logfmt | unwrap v [10s])', 40, 40, 10)).toEqual([
      '{app="w", c="inf"} 0.4@40',
    ]);
  });

  it('adds fractions exactly as a left-to-right sum would, whatever came before', () => {
    const s = timed([{ app: 'f' }, 10, 'v=1e17'], [{ app: 'f' }, 20, 'v=0.1'], [{ app: 'f' }, 30, 'v=0.2']);
    expect(instantAt(s, 'sum_over_time({app="f"} | logfmt | unwrap v [20s])', 30)).toEqual([
      `{"app":"f"} ${0.1 + 0.2}`,
    ]);
  });

  it.each([
    ['v=+Inf', 'v=3', 'Infinity'],
    ['v=+Inf', 'v=-Inf', 'NaN'],
    ['v=-Inf', 'v=-Inf', '-Infinity'],
    ['v=2', 'v=4', '3'],
  ])('avg_over_time of %s then %s is %s', (a, b, want) => {
    const s = timed([{ app: 'm' }, 10, a], [{ app: 'm' }, 20, b]);
    expect(instantAt(s, 'avg_over_time({app="m"} | logfmt | unwrap v [1m])', 30)).toEqual([
      `{"app":"m"} ${want}`,
    ]);
  });

  it('computes the population variance', () => {
    const s = timed(
      ...[2, 4, 4, 4, 5, 5, 7, 9].map(
        (v, i) => [{ app: 'd' }, 10 + i, `v=${v}`] as [Record<string, string>, number, string],
      ),
    );
    expect(instantAt(s, 'stdvar_over_time({app="d"} | logfmt | unwrap v [1m])', 30)).toEqual([
      '{"app":"d"} 4',
    ]);
    expect(instantAt(s, 'stddev_over_time({app="d"} | logfmt | unwrap v [1m])', 30)).toEqual([
      '{"app":"d"} 2',
    ]);
  });
});

describe('parsing and converting as Loki and Go do', () => {
  it.each([
    ['{app="a"} | drop', 'syntax error: unexpected $end, expecting IDENTIFIER'],
    ['{app="a"} | keep 1', 'syntax error: unexpected NUMBER, expecting IDENTIFIER'],
    ['{app="a"} | label_format', 'syntax error: unexpected $end, expecting IDENTIFIER'],
    ['{app="a"} | line_format 1', 'syntax error: unexpected NUMBER, expecting STRING'],
    // Go's RE2 accepts a repeated capture name; Loki's regexp parser refuses it
    ['{app="a"} | regexp "(?P<x>a)(?P<x>b)"', "parse error : duplicate extracted label name 'x'"],
  ])('%s is refused: %s', (q, text) => {
    expect(() => evalLogQL(store(), q, { start: 0, end: T })).toThrow(text);
  });

  it('matches a line filter whose regex repeats a capture name, as RE2 does', () => {
    const s = store([{ app: 'g' }, 'size=1'], [{ app: 'g' }, 'other']);
    expect(answer(s, 'count_over_time({app="g"} |~ "(?P<x>si)(?P<x>ze)" [1m])')).toEqual(['{app="g"} 1']);
  });

  it.each([
    ['1,024 KB', 1_024_000],
    ['5kib', 5120],
    ['1.5B', 1],
    ['2 MiB', 2 * 1024 * 1024],
    ['3mb', 3_000_000],
  ])('unwrap bytes() reads %s as humanize.ParseBytes does', (size, want) => {
    const s = store([{ app: 'b' }, `size="${size}"`]);
    expect(answer(s, 'sum_over_time({app="b"} | logfmt | unwrap bytes(size) [1m])')).toEqual([
      `{app="b"} ${want}`,
    ]);
  });

  it('names the size a bytes() conversion cannot read', () => {
    const s = store([{ app: 'b' }, 'size="4 parsecs"']);
    expect(answer(s, 'sum_over_time({app="b"} | logfmt | unwrap bytes(size) [1m])')).toContain(
      'unhandled size name: parsecs',
    );
  });
});

describe('parsers name and read keys as Loki does', () => {
  /** The one line's labels after the pipeline, and the line. */
  function parsed(line: string, pipeline: string): [Record<string, string>, string] {
    const v = evalLogQL(store([{ app: 'p' }, line]), `{app="p"} ${pipeline}`, {
      start: 0,
      end: T,
      limit: 10,
    }).value;
    if (v.type !== 'streams' || v.streams.length !== 1) throw new Error(`got ${JSON.stringify(v)}`);
    const [s] = v.streams;
    return [s.labels, s.entries[0].line];
  }

  it('unpack sanitizes key names and suffixes a stream label first', () => {
    expect(parsed('{"_entry":"hi","foo.bar":"x","a-b":"y","app":"q","9":"n"}', '| unpack')).toEqual([
      { app: 'p', app_extracted: 'q', foo_bar: 'x', a_b: 'y', _9: 'n' },
      'hi',
    ]);
  });

  it('json and logfmt map every character outside [A-Za-z0-9_] to _, colons too', () => {
    expect(parsed('{"a:b":"1","n":{"2x":"3"," ":{"q":"4"}},"é":"5"}', '| json')[0]).toEqual({
      app: 'p',
      a_b: '1',
      n_2x: '3',
      n_q: '4',
      _: '5',
    });
    expect(parsed('a:b=1 9z=2', '| logfmt')[0]).toEqual({ app: 'p', a_b: '1', _9z: '2' });
  });

  it.each([
    [String.raw`v="it\'s"`, "it's"],
    [String.raw`v="a\\b\/c"`, 'a\\b/c'],
    ['v="line1\nline2\\tend"', 'line1\nline2\tend'],
    [String.raw`v="\ud83d\ude00"`, '😀'],
    [String.raw`v="\u00e9t\u00e9"`, 'été'],
  ])('logfmt reads the quoted value %j', (line, want) => {
    expect(parsed(line, '| logfmt')[0].v).toBe(want);
  });

  it('logfmt --strict refuses an unknown escape', () => {
    expect(parsed(String.raw`v="bad\q"`, '| logfmt --strict')[0].__error__).toBe('LogfmtParserErr');
  });
});

describe('json parameters on a line that breaks after it starts as an object', () => {
  function labelsOf(line: string, params: string): Record<string, string> {
    const v = evalLogQL(store([{ app: 'j' }, line]), `{app="j"} | json ${params}`, {
      start: 0,
      end: T,
      limit: 10,
    }).value;
    if (v.type !== 'streams' || v.streams.length !== 1) throw new Error(`got ${JSON.stringify(v)}`);
    return v.streams[0].labels;
  }

  it.each([
    // the outer object is never closed: what was read before the break is still found
    [
      '{"app":{"name":"great \\"loki\\""}',
      'app="app"',
      { app: 'j', app_extracted: '{"name":"great \\"loki\\""}' },
    ],
    ['{"who":"x"', 'who="who", other="other"', { app: 'j', who: 'x', other: '' }],
    ['{"a":{"b":"x"', 'ab="a.b"', { app: 'j', ab: 'x' }],
    // a key that cannot be reached is empty, with no error
    ['{bad', 'who="who"', { app: 'j', who: '' }],
  ])('%s with %s', (line, params, want) => {
    expect(labelsOf(line, params)).toEqual(want);
  });

  it.each([
    ['{"a":{"b":"x"', 'a="a"', "Value looks like object, but can't find closing '}' symbol"],
    ['{"a":"x", "b":tru', 'b="b"', 'Unknown value type'],
  ])('a path into the value that broke is a JSONParserErr: %s', (line, params, details) => {
    const got = labelsOf(line, params);
    expect(got.__error__).toBe('JSONParserErr');
    expect(got.__error_details__).toBe(details);
  });
});
