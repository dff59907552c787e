/**
 * What a result showed (docs/trace.md#values), read from the wire body: finite sample values,
 * distinct and ascending, with the totals a reader adds up, at most 256 of them.
 */
import { describe, expect, it } from 'vitest';
import { MAX_VALUES, resultRecord, valuesShown } from '../../src/protocol/values.js';

const body = (resultType: string, result: unknown) => ({ status: 'success', data: { resultType, result } });
const vector = (...vs: string[]) =>
  body(
    'vector',
    vs.map((v, i) => ({ metric: { i: String(i) }, value: [1000, v] })),
  );
const matrix = (...series: [number, string][][]) =>
  body(
    'matrix',
    series.map((values, i) => ({ metric: { i: String(i) }, values })),
  );

describe('values shown', () => {
  it('a one-series vector shows its value; a scalar its own', () => {
    expect(valuesShown(vector('0.25'))).toEqual({ values: [0.25], truncated: false });
    expect(valuesShown(body('scalar', [1000, '7']))).toEqual({ values: [7], truncated: false });
    expect(valuesShown(vector())).toEqual({ values: [], truncated: false });
  });

  it('a vector of several series adds their sum; values are distinct and ascending', () => {
    expect(valuesShown(vector('3', '1', '3', '2'))?.values).toEqual([1, 2, 3, 9]);
  });

  it('drops NaN and infinities, and sums only finite values', () => {
    expect(valuesShown(vector('NaN', '+Inf', '2', '-Inf', '5'))?.values).toEqual([2, 5, 7]);
    expect(valuesShown(vector('NaN'))?.values).toEqual([]);
  });

  it('a matrix of several series adds the smallest and largest per-timestamp sum', () => {
    const m = matrix(
      [
        [60, '1'],
        [120, '4'],
      ],
      [
        [60, '10'],
        [120, '20'],
        [180, 'NaN'],
      ],
    );
    // per timestamp: 60 → 11, 120 → 24 (180 holds no finite value)
    expect(valuesShown(m)?.values).toEqual([1, 4, 10, 11, 20, 24]);
    expect(
      valuesShown(
        matrix([
          [60, '1'],
          [120, '2'],
        ]),
      )?.values,
    ).toEqual([1, 2]);
  });

  it('log streams, strings and listings show no values', () => {
    expect(valuesShown(body('streams', [{ stream: {}, values: [['1', '42']] }]))).toBeUndefined();
    expect(valuesShown(body('string', [1000, 'x']))).toBeUndefined();
    expect(valuesShown({ status: 'success', data: ['a', 'b'] })).toBeUndefined();
    expect(valuesShown('plain text')).toBeUndefined();
  });

  it('more than 256 values: min, max, the totals and evenly spaced order statistics, marked truncated', () => {
    const vs = Array.from({ length: 1000 }, (_, i) => String(i + 1));
    const shown = valuesShown(vector(...vs));
    expect(shown?.truncated).toBe(true);
    const values = shown?.values ?? [];
    expect(values).toHaveLength(MAX_VALUES);
    expect(values[0]).toBe(1);
    expect(values).toContain(1000);
    expect(values.at(-1)).toBe(500_500); // the sum
    expect([...values].sort((a, b) => a - b)).toEqual(values);
    expect(new Set(values).size).toBe(values.length);
    // evenly spaced: no gap between kept values is more than twice the even spacing
    const gaps = values.slice(1, -1).map((v, i) => v - values[i]);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(2 * Math.ceil(999 / 254));
    expect(valuesShown(vector(...vs.slice(0, 255)))).toMatchObject({ truncated: false });
    expect(valuesShown(vector(...vs.slice(0, 255)))?.values).toHaveLength(256);
  });

  it('reads a frozen body once and the same way', () => {
    const b = Object.freeze(vector('1', '2'));
    expect(valuesShown(b)).toBe(valuesShown(b));
    expect(valuesShown(b)?.values).toEqual([1, 2, 3]);
  });
});

describe('resultRecord', () => {
  const selection = { selectors: 1, unmatched: [] };
  it('ok and empty answers record values; failed ones only what the engine said', () => {
    expect(resultRecord('ok', vector('4'), selection)).toEqual({ selection, values: [4] });
    expect(resultRecord('empty', vector(), selection)).toEqual({ selection, values: [] });
    expect(resultRecord('failed', vector('4'), undefined)).toEqual({});
    const many = vector(...Array.from({ length: 300 }, (_, i) => String(i)));
    expect(resultRecord('ok', many, undefined)).toMatchObject({ valuesTruncated: true });
  });
});
