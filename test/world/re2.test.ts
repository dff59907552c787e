import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { compileRegexp, RegexpSyntaxError } from '../../src/world/re2.js';
import { expand, findAll, replaceAll } from '../../src/world/re2-replace.js';
import { quickestMs } from '../timing.js';

const CATASTROPHIC = ['(.*a){20}', '(a+)+$', '(a|aa)*b', '(a*)*b', '(x+x+)+y', '^(\\w+\\s?)*$'];

describe('compileRegexp: Go RE2 in linear time', () => {
  it.each(CATASTROPHIC)('answers %s over a 50k-char value in well under a second', (p) => {
    const long = `${'a'.repeat(30)}${'x'.repeat(50_000)}`;
    for (const anchored of [false, true]) {
      const re = compileRegexp(p, { anchored });
      expect(re.engine).toBe('re2');
      let got = false;
      expect(quickestMs(() => (got = re.test(long)), 500)).toBeLessThan(500);
      expect(got).toBe(RE2JS.compile(anchored ? `^(?:${p})$` : p).test(long));
    }
  });

  it.each([
    ['c(?=a)art', 'error parsing regexp: invalid or unsupported Perl syntax: `(?=`'],
    ['c(?!a)art', 'error parsing regexp: invalid or unsupported Perl syntax: `(?!`'],
    ['(?<=a)b', 'error parsing regexp: invalid named capture: `(?<=a)b`'],
    ['(a)\\1', 'error parsing regexp: invalid escape sequence: `\\1`'],
    ['a\\Z', 'error parsing regexp: invalid escape sequence: `\\Z`'],
    ['a{2,1001}', 'error parsing regexp: invalid repeat count: `{2,1001}`'],
    ['a)|(b', 'error parsing regexp: unexpected ): `a)|(b`'],
  ])('rejects %s with Go text', (p, msg) => {
    expect(() => compileRegexp(p, { anchored: true })).toThrow(RegexpSyntaxError);
    expect(() => compileRegexp(p, { anchored: false })).toThrow(msg);
  });

  it('speaks RE2: flags anywhere, \\pL, POSIX classes, \\Q..\\E, \\z, ASCII \\d and \\s', () => {
    const t = (p: string, s: string, anchored = true): boolean => compileRegexp(p, { anchored }).test(s);
    expect(t('(?i)error', 'ERROR')).toBe(true);
    expect(t('a(?i)b', 'aB')).toBe(true);
    expect(t('a(?i)b', 'AB')).toBe(false);
    expect(t('(?i:x)y', 'Xy')).toBe(true);
    expect(t('\\pL+', 'Grüße')).toBe(true);
    expect(t('[[:digit:]]+', '123')).toBe(true);
    expect(t('[[:^alpha:]]', '1')).toBe(true);
    expect(t('\\Q.*\\E', '.*')).toBe(true);
    expect(t('\\Q.*\\E', 'ab')).toBe(false);
    expect(t('a\\z', 'a\n', false)).toBe(false);
    expect(t('\\d', '٣')).toBe(false);
    expect(t('\\s', '\u00a0')).toBe(false);
    expect(t('\\s', '\v')).toBe(false);
    expect(t('[[:space:]]', '\v')).toBe(true);
    expect(t('.', '😀')).toBe(true);
    expect(t('(?i)k', '\u212a')).toBe(true);
  });

  it('anchors matchers whole; `.` takes \\n only when asked, or under (?s)', () => {
    expect(compileRegexp('a|b', { anchored: true }).test('ab')).toBe(false);
    expect(compileRegexp('a|b', { anchored: true }).test('b')).toBe(true);
    expect(compileRegexp('a|b', { anchored: false }).test('xbx')).toBe(true);
    expect(compileRegexp('a.b', { anchored: true }).test('a\nb')).toBe(false);
    expect(compileRegexp('a.b', { anchored: true, dotNL: true }).test('a\nb')).toBe(true);
    expect(compileRegexp('(?s)a.b', { anchored: true }).test('a\nb')).toBe(true);
  });

  it('takes the leftmost-first match and names its groups', () => {
    const re = compileRegexp('(?P<a>a|ab)(c|bcd)(?<d>d*)', { anchored: false });
    expect(re.names).toEqual([undefined, 'a', undefined, 'd']);
    expect(re.find('xabcd')?.groups).toEqual(['abcd', 'a', 'bcd', '']);
  });

  it("iterates and expands as Go's FindAll / ReplaceAllString / Expand", () => {
    expect(replaceAll(compileRegexp('b*', { anchored: false }), 'abc', () => '-')).toBe('-a-c-');
    const re = compileRegexp('(?P<x>\\d+)-(\\w)', { anchored: false });
    // biome-ignore lint/suspicious/noTemplateCurlyInString: `${1}` is Go's template syntax under test
    expect(replaceAll(re, 'a 12-z 3-q', (m) => expand('[$x|$2|$1x|${1}x|$9|$$|$]', re, m))).toBe(
      'a [12|z||12x||$|$] [3|q||3x||$|$]',
    );
    expect([...findAll(compileRegexp('x', { anchored: false }), 'xaxx')].map((m) => m.start)).toEqual([
      0, 2, 3,
    ]);
  });

  it('needs no regex for literals and Prometheus-style affixes', () => {
    expect(compileRegexp('timeout', { anchored: false }).engine).toBe('literal');
    expect(compileRegexp('api-.*', { anchored: true, dotNL: true }).engine).toBe('literal');
    expect(compileRegexp('.*pay.*', { anchored: true, dotNL: true }).test('x\npayments')).toBe(true);
    expect(compileRegexp('.*pay.*', { anchored: true }).engine).not.toBe('literal');
  });
});
