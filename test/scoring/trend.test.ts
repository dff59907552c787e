/** Where a row's pass rate moved over runs (scoring/trend.ts): whole intervals, pooled stretches. */
import { describe, expect, it } from 'vitest';
import { sparkline, trendOf } from '../../src/scoring/index.js';

const runs = (...xs: [number, number][]) => xs.map(([passes, n]) => ({ passes, n }));

describe('trendOf', () => {
  it('does not call one unlucky run of few trials a regression', () => {
    const marks = trendOf(
      runs(...Array.from({ length: 10 }, (): [number, number] => [10, 10]), [9, 10], [10, 10]),
    );
    expect(marks.map((m) => m.mark)).toEqual(Array(12).fill(undefined));
  });

  it('marks the first run of a fall once, and an improvement apart', () => {
    const marks = trendOf(runs([10, 10], [10, 10], [10, 10], [3, 10], [2, 10], [3, 10], [10, 10], [10, 10]));
    expect(marks.map((m) => m.mark ?? '')).toEqual(['', '', '', 'regressed', '', '', 'improved', '']);
    expect(marks[3].before?.lo).toBeGreaterThan(0.88);
    expect(marks[3].ci95?.hi).toBeLessThan(0.61);
  });

  it('skips runs with nothing scored, neither marking nor pooling them', () => {
    const marks = trendOf(runs([10, 10], [10, 10], [0, 0], [10, 10], [1, 10]));
    expect(marks.map((m) => m.mark ?? '')).toEqual(['', '', '', '', 'regressed']);
    expect(marks[2]).toEqual({ ci95: null, before: null });
    expect(sparkline([1, 0.5, null, 0])).toBe('█▅ ▁');
  });
});
