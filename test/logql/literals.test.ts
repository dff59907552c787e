import { describe, expect, it } from 'vitest';
import { LogQLError } from '../../src/logql/api.js';
import { jsonAt, jsonPath } from '../../src/logql/pipeline/json-path.js';
import { MALFORMED_OBJECT, scanJson } from '../../src/logql/pipeline/json-scan.js';
import { decodeLogfmt } from '../../src/logql/pipeline/logfmt.js';
import { compilePattern, matchPattern } from '../../src/logql/pipeline/pattern.js';
import {
  goRegex,
  parseBytes,
  parseDurationMs,
  parseGoFloat,
  unquote,
} from '../../src/logql/syntax/literals.js';

describe('Go literals', () => {
  it('unquotes Go strings and rejects unknown escapes', () => {
    expect(unquote('"a\\tb\\"c\\\\"')).toBe('a\tb"c\\');
    expect(unquote('"\\x41\\u00e9\\101"')).toBe('AéA');
    expect(unquote('`raw \\d`')).toBe('raw \\d');
    expect(() => unquote('"\\d"')).toThrow(LogQLError);
  });
  it('parses Go and Prometheus durations', () => {
    expect(parseDurationMs('1h30m')).toBe(5_400_000);
    expect(parseDurationMs('1.5s')).toBe(1500);
    expect(parseDurationMs('300us')).toBeCloseTo(0.3);
    expect(parseDurationMs('7d')).toBe(604_800_000);
    expect(parseDurationMs('5')).toBeNull();
    expect(parseDurationMs('abc')).toBeNull();
  });
  it('parses humanized bytes with SI and IEC units', () => {
    expect(parseBytes('42MB')).toBe(42e6);
    expect(parseBytes('1.5KiB')).toBe(1536);
    expect(parseBytes('5 MiB')).toBe(5 * 2 ** 20);
    expect(parseBytes('20B')).toBe(20);
    expect(parseBytes('3k')).toBe(3000);
    expect(parseBytes('12')).toBe(12);
    expect(parseBytes('12 parsecs')).toBeNull();
  });
  it('parses floats like strconv.ParseFloat', () => {
    expect(parseGoFloat('1e3')).toBe(1000);
    expect(parseGoFloat('-2.5')).toBe(-2.5);
    expect(parseGoFloat('+Inf')).toBe(Infinity);
    expect(parseGoFloat('12ms')).toBeNull();
    expect(parseGoFloat('')).toBeNull();
  });
  it('compiles RE2 syntax: named groups, leading flags, POSIX classes', () => {
    const named = goRegex('(?P<x>\\d+)', false);
    expect(named.find('ab12')?.groups[named.names.indexOf('x')]).toBe('12');
    expect(goRegex('(?i)error', false).test('ERROR')).toBe(true);
    expect(goRegex('[[:digit:]]+', true).test('123')).toBe(true);
    expect(goRegex('abc', true).test('xabc')).toBe(false);
    // Go accepts flags anywhere: they hold to the end of the enclosing group.
    expect(goRegex('a(?i)b', false).test('aB')).toBe(true);
    expect(goRegex('a(?i)b', false).test('AB')).toBe(false);
    expect(() => goRegex('(', false)).toThrow(LogQLError);
  });
});

describe('logfmt decoding', () => {
  it('reads bare, quoted and standalone keys', () => {
    expect(decodeLogfmt('a=1 b="x y" c d=', false).pairs).toEqual([
      ['a', '1'],
      ['b', 'x y'],
      ['c', ''],
      ['d', ''],
    ]);
  });
  it('skips a malformed pair unless strict', () => {
    expect(decodeLogfmt('a=1 b=x=y c=3', false).pairs).toEqual([
      ['a', '1'],
      ['c', '3'],
    ]);
    const strict = decodeLogfmt('a=1 b=x=y c=3', true);
    expect(strict.pairs).toEqual([['a', '1']]);
    expect(strict.error).toMatch(/unexpected '='/);
  });
  it('reports an unterminated quote', () => {
    expect(decodeLogfmt('a="open', true).error).toMatch(/unterminated/);
  });
});

describe('pattern expressions', () => {
  it('captures up to the next literal and skips <_>', () => {
    const p = compilePattern('<ip> - <_> "<method> <path>"', true);
    expect(matchPattern(p, '1.2.3.4 - x "GET /a" trailing')).toEqual({
      caps: [
        ['ip', '1.2.3.4'],
        ['method', 'GET'],
        ['path', '/a'],
      ],
      full: true,
    });
  });
  it('stops at a missing literal; the capture before it takes the rest of the line', () => {
    const p = compilePattern('<a> <b> (<c>)', true);
    expect(matchPattern(p, 'x y z')).toEqual({
      caps: [
        ['a', 'x'],
        ['b', 'y z'],
      ],
      full: false,
    });
  });
});

describe('JSON scanning', () => {
  it('keeps numbers and nested values as written', () => {
    const doc = scanJson('{"n": 1.50, "o": {"a": [1, 2]}}');
    if ('error' in doc) throw new Error(doc.error);
    expect(jsonAt(doc, ['n'])?.raw).toBe('1.50');
    expect(jsonAt(doc, ['o'])?.raw).toBe('{"a": [1, 2]}');
    expect(jsonAt(doc, jsonPath('o.a[1]')!)?.raw).toBe('2');
    expect(jsonPath('a["b c"][0]')).toEqual(['a', 'b c', 0]);
  });
  it('rejects malformed documents', () => {
    expect(scanJson('{"a": }')).toEqual({ error: 'Unknown value type' });
    expect(scanJson('{"a": 1')).toEqual({ error: MALFORMED_OBJECT });
    expect(scanJson(`{"a":${'['.repeat(500)}${']'.repeat(500)}}`)).toEqual({ error: 'Too deeply nested' });
  });
});

describe('string literals decode like Go', () => {
  it('treats \\x and octal escapes as UTF-8 bytes, and rejects a surrogate half', () => {
    expect(unquote('"\\xc3\\xa9"')).toBe('é');
    expect(unquote('"\\303\\251"')).toBe('é');
    expect(() => unquote('"\\ud800"')).toThrow(/invalid char escape/);
  });
});

describe('arithmetic like Go', () => {
  it('raises with math.Pow semantics', async () => {
    const { arith } = await import('../../src/logql/eval/binary.js');
    expect(arith('^', 1, Number.NaN)).toBe(1);
    expect(arith('^', -1, Number.POSITIVE_INFINITY)).toBe(1);
    expect(arith('^', 2, 10)).toBe(1024);
  });
});
