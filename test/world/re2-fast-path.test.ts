import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { compileRegexp } from '../../src/world/re2.js';
import { quickestMs } from '../timing.js';

/** Patterns that take V8's fast path (checked below), each compared with RE2JS on every input. */
const PATTERNS = [
  'status=5..',
  'error|warn',
  '(?i)ERROR',
  '(?i)[a-k]+x',
  '(?i)[^k]',
  'a.c',
  '(?s)a.c',
  '\\bfoo\\b',
  '\\Bo',
  '^ab',
  'b$',
  '[^a-z]',
  '\\d{1,3}\\.\\d',
  'x{2,5}?y',
  '[[:punct:]]+',
  '\\w+',
  '\\S\\s',
  '(?P<code>[45]\\d\\d)',
  '(?:https?://)?host',
  '(ab|a)(c|bcd)',
  'x*?',
  '',
  'a|',
  '(a)?b',
  '\\x41\\x{1F600}',
  '[\\-\\]]',
  '[]a]',
  'a{,2}',
  '(?i)s',
  '[\\d\\s]',
  '(?-s:.)',
  '(?i)\\Qa.B\\E',
  '[a-z]+-[0-9]+',
  '(\\d+)\\.(\\d+)',
  'level=\\w+ .*code=\\d\\d\\d',
  '[a-z]+[a-z]',
  '(a+?)b',
  '.*=',
];
const INPUTS = [
  '',
  'a',
  'abc',
  'ABC',
  'a\nc',
  'status=503',
  'x-error-y',
  'WARN',
  'foo bar',
  'foobar',
  'xxxy',
  '12.5',
  '\u212a\u017f',
  'Ss',
  '😀A',
  ']-',
  'a{,2}',
  'http://host',
  'abcd',
  '٣ \u00a0',
  '!!',
  'ab\n',
  '404 err',
  'aaab',
  'x\ty',
  'A.b',
  'a.B',
  'ab-12',
  'a-',
  '-1',
  '1.25.3',
  'level=info code=200',
  'level=x  code=1',
  'aab',
  'k=v=w',
];

describe('the V8 fast path gives RE2JS answers', () => {
  it.each(PATTERNS)('%s', (p) => {
    for (const anchored of [false, true]) {
      for (const dotNL of [false, true]) {
        const re = compileRegexp(p, { anchored, dotNL });
        // Unanchored, an unbounded repeat is quadratic on V8, so RE2JS runs those.
        if (anchored) expect(re.engine).not.toBe('re2');
        const full = `${anchored ? '^' : ''}${dotNL ? '(?s:' : '(?:'}${p})${anchored ? '$' : ''}`;
        const ref = RE2JS.compile(full);
        for (const s of INPUTS) {
          expect([p, s, re.test(s)]).toEqual([p, s, ref.test(s)]);
          const m = ref.matcher(s);
          const want = m.find()
            ? Array.from({ length: ref.groupCount() + 1 }, (_, g) => m.group(g) ?? undefined)
            : null;
          expect([p, s, re.find(s)?.groups ?? null]).toEqual([p, s, want]);
        }
      }
    }
  });
});

describe('the V8 fast path stays linear', () => {
  it('takes unanchored patterns without unbounded repeats, and no others', () => {
    for (const p of ['status=5..', 'error|warn', '(?i)ERROR', '[45]\\d\\d\\b', 'x{2,5}y'])
      expect(compileRegexp(p, { anchored: false }).engine).toBe('js');
    for (const p of ['.*zzz', '\\w+zzz', 'duration=\\d+ms'])
      expect(compileRegexp(p, { anchored: false }).engine).toBe('re2');
  });

  it('answers every fast-path pattern over long adversarial inputs in well under a second', () => {
    const longs = ['a', '1', 'ab-', 'level=x ', '=', 'aB1.'].map((u) =>
      u.repeat(Math.ceil(20_000 / u.length)),
    );
    // Each pattern on each input: about a millisecond when linear; a quadratic scan of 20k chars
    // (V8's own `[a-k]+x` on 20,000 a's, say) takes more than a second every time.
    const slow: string[] = [];
    for (const p of PATTERNS) {
      for (const s of longs) {
        const ms = quickestMs(() => {
          compileRegexp(p, { anchored: true }).test(`${s}!`);
          compileRegexp(p, { anchored: false }).test(`${s}!`);
        }, 250);
        if (ms >= 250) slow.push(`${p} on ${JSON.stringify(s.slice(0, 8))}...: ${Math.round(ms)} ms`);
      }
    }
    expect(slow).toEqual([]);
  });
});
