import { describe, expect, it } from 'vitest';
import { expandValues, NativeHistogramNotationError, parseSeriesLine } from '../../src/world/notation.js';
import { isStaleNaN } from '../../src/world/types.js';

describe('promqltest series notation', () => {
  it('expands a+bxn, a-bxn, axn, blanks and specials', () => {
    expect(expandValues('1+2x3')).toEqual([1, 3, 5, 7]);
    expect(expandValues('1-1x4')).toEqual([1, 0, -1, -2, -3]);
    expect(expandValues('5x2 _ _x2 Inf -Inf')).toEqual([
      5,
      5,
      5,
      undefined,
      undefined,
      undefined,
      Infinity,
      -Infinity,
    ]);
    expect(Number.isNaN(expandValues('NaN')[0])).toBe(true);
    expect(expandValues('-2+0.5x2')).toEqual([-2, -1.5, -1]);
  });

  it('keeps staleness markers as STALE_NAN, distinct from NaN', () => {
    const v = expandValues('1 stale NaN 2');
    expect(isStaleNaN(v[1] as number)).toBe(true);
    expect(isStaleNaN(v[2] as number)).toBe(false);
  });

  it('parses labels, quoted names and escapes', () => {
    expect(parseSeriesLine('http_requests_total{job="api", path="/a\\"b"} 0+1x2')).toEqual({
      labels: { __name__: 'http_requests_total', job: 'api', path: '/a"b' },
      values: [0, 1, 2],
    });
    expect(parseSeriesLine('{__name__="x", "a.b"="c"} 1').labels).toEqual({ __name__: 'x', 'a.b': 'c' });
    expect(parseSeriesLine('up 1 1').labels).toEqual({ __name__: 'up' });
  });

  it('throws a specific error for native histograms and a plain one for bad values', () => {
    expect(() => parseSeriesLine('h {{schema:0 sum:1 count:1}}')).toThrow(NativeHistogramNotationError);
    expect(() => parseSeriesLine('h 1 2x')).toThrow(/bad series value/);
  });
});
