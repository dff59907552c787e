import { describe, expect, it } from 'vitest';
import { LogQLError } from '../../src/logql/api.js';
import { quickestMs } from '../timing.js';
import { allLines, run, type StreamSpec } from './helpers.js';

const LONG = `${'a'.repeat(40)}${'x'.repeat(20_000)}`;
const streams: StreamSpec[] = [
  {
    labels: { app: 'cart', v: LONG },
    lines: [
      [10, `msg=${LONG}`],
      [20, 'level=error code=503 Grüße'],
    ],
  },
  { labels: { app: 'api', v: 'a\nb' }, lines: [[15, 'level=info code=200 path=/a.*b']] },
];
const goErr = (q: string): string => {
  try {
    run(streams, q);
  } catch (e) {
    expect(e).toBeInstanceOf(LogQLError);
    expect((e as LogQLError).errorType).toBe('bad_data');
    return (e as Error).message;
  }
  throw new Error(`accepted: ${q}`);
};

describe('LogQL regexes are RE2', () => {
  it.each(['(.*a){20}', '(a+)+$', '(a|aa)*b'])('%s over long lines and labels answers fast, as RE2', (p) => {
    let [hits, viaLabel, viaSelector]: ReturnType<typeof allLines>[] = [];
    const ms = quickestMs(() => {
      hits = allLines(run(streams, `{app=~".+"} |~ "${p}"`));
      viaLabel = allLines(run(streams, `{app=~".+"} | v =~ "${p}"`));
      viaSelector = allLines(run(streams, `{v=~"${p}"}`));
    }, 1000);
    expect(ms).toBeLessThan(1000);
    // Twenty a's are in the long line only; `(a|aa)*b` is happy with the b of `/a.*b`; no line ends in a.
    expect(hits).toHaveLength(p === '(a+)+$' ? 0 : 1);
    expect(viaLabel).toEqual([]);
    expect(viaSelector).toEqual([]);
  });

  it.each([
    ['{app="cart"} |~ "c(?=a)rt"', '`(?='],
    ['{app="cart"} !~ "(a)\\\\1"', 'invalid escape sequence: `\\1`'],
    ['{app="cart"} | app =~ "(?<=c)art"', 'invalid named capture'],
    ['{app="cart"} | regexp "(?P<x>a)(?!b)"', '`(?!`'],
    ['{app=~"c(?=a)rt"}', '`(?='],
  ])('rejects %s with Go text', (q, tail) => {
    const msg = goErr(q);
    expect(msg.startsWith('parse error : error parsing regexp: ')).toBe(true);
    expect(msg).toContain(tail);
  });

  it('speaks RE2 syntax; line filters unanchored, label matchers anchored', () => {
    expect(allLines(run(streams, '{app="cart"} |~ "(?i)LEVEL=ERROR"'))).toHaveLength(1);
    expect(allLines(run(streams, '{app="cart"} |~ "Gr\\\\pL{2}e$"'))).toHaveLength(1);
    expect(allLines(run(streams, '{app="cart"} |~ "code=[[:digit:]]{3}"'))).toHaveLength(1);
    expect(allLines(run(streams, '{app=~".+"} |~ "\\\\Q/a.*b\\\\E"'))).toHaveLength(1);
    expect(allLines(run(streams, '{app=~"car|api"}'))).toHaveLength(1);
    expect(allLines(run(streams, '{app=~"ca"}'))).toHaveLength(0);
    // A stream selector's `.` stops at a newline unless (?s) says otherwise.
    expect(allLines(run(streams, '{v=~"a.b"}'))).toHaveLength(0);
    expect(allLines(run(streams, '{v=~"(?s)a.b"}'))).toHaveLength(1);
  });

  it('extracts named groups with the regexp stage, leftmost-first', () => {
    const r = run(streams, '{app="cart"} | regexp "code=(?P<code>5|50)(?P<rest>\\\\d*)" | code="5"');
    expect(allLines(r)).toHaveLength(1);
  });
});
