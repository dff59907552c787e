import { describe, expect, it } from 'vitest';
import { LogQLError } from '../../src/logql/api.js';
import { evalLogQL, logQueryShape, logSelectorsOf } from '../../src/logql/index.js';
import { linesOf, storeOf, T0, vectorOf } from './helpers.js';

const store = storeOf([
  {
    labels: { app: 'a' },
    lines: [
      [10, 'a10'],
      [20, 'a20'],
      [30, 'a30'],
      [60, 'a60'],
    ],
  },
  {
    labels: { app: 'b' },
    lines: [
      [15, 'b15'],
      [25, 'b25'],
    ],
  },
]);
const at = (q: string, endSec: number) => evalLogQL(store, q, { start: T0, end: T0 + endSec * 1000 });

describe('log query windows, limit and direction', () => {
  it('treats end as exclusive', () => {
    const r = evalLogQL(store, '{app="a"}', { start: T0 + 10_000, end: T0 + 30_000 });
    expect(linesOf(r)[0].lines).toEqual(['a20', 'a10']);
  });
  it('returns the newest entries across streams, newest first', () => {
    const r = evalLogQL(store, '{app=~"a|b"}', { start: T0, end: T0 + 100_000, limit: 3 });
    const byApp = Object.fromEntries(linesOf(r).map((s) => [s.labels.app, s.lines]));
    expect(byApp).toEqual({ a: ['a60', 'a30'], b: ['b25'] });
  });
  it('returns the oldest entries oldest first going forward', () => {
    const r = evalLogQL(store, '{app=~"a|b"}', {
      start: T0,
      end: T0 + 100_000,
      limit: 3,
      direction: 'forward',
    });
    const byApp = Object.fromEntries(linesOf(r).map((s) => [s.labels.app, s.lines]));
    expect(byApp).toEqual({ a: ['a10', 'a20'], b: ['b15'] });
  });
  it('rejects a non-positive limit', () => {
    expect(() => evalLogQL(store, '{app="a"}', { start: T0, end: T0 + 1, limit: 0 })).toThrow(LogQLError);
  });
});

describe('range aggregation windows', () => {
  it('is left-open and right-closed: (t - range, t]', () => {
    // At t = 30 s with [20s]: the entry at 10 s is on the open edge, the one at 30 s on the closed edge.
    expect(vectorOf(at('count_over_time({app="a"}[20s])', 30))).toEqual([[{ app: 'a' }, 2]]);
  });
  it('shifts the window with offset', () => {
    expect(vectorOf(at('count_over_time({app="a"}[20s] offset 30s)', 60))).toEqual([[{ app: 'a' }, 2]]);
  });
  it('emits no point for an empty window in a range query', () => {
    const r = evalLogQL(store, 'count_over_time({app="b"}[10s])', {
      start: T0,
      end: T0 + 40_000,
      step: 10_000,
    });
    if (r.value.type !== 'matrix') throw new Error(r.value.type);
    expect(r.value.series[0].points.map((p) => (p.t - T0) / 1000)).toEqual([20, 30]);
  });
  it('computes rate_counter with Prometheus extrapolation', () => {
    const s = storeOf([
      {
        labels: { app: 'c' },
        lines: [
          [1, 'c=10'],
          [2, 'c=20'],
          [3, 'c=30'],
        ],
      },
    ]);
    const r = evalLogQL(s, 'rate_counter({app="c"} | logfmt | unwrap c [5m])', {
      start: T0,
      end: T0 + 300_000,
    });
    // 20 over 2 s sampled, extrapolated by 1 s to the start and half an interval to the end.
    expect(vectorOf(r)[0][1]).toBeCloseTo((20 * 3.5) / 2 / 300, 10);
  });
  it('treats a counter reset as a restart from zero', () => {
    const s = storeOf([
      {
        labels: { app: 'c' },
        lines: [
          [100, 'c=10'],
          [200, 'c=2'],
          [300, 'c=5'],
        ],
      },
    ]);
    const r = evalLogQL(s, 'rate_counter({app="c"} | logfmt | unwrap c [5m])', {
      start: T0,
      end: T0 + 300_000,
    });
    expect(vectorOf(r)[0][1]).toBeGreaterThan(0);
  });
});

describe('query options', () => {
  it('rejects a zero step and too many points', () => {
    expect(() =>
      evalLogQL(store, 'count_over_time({app="a"}[1m])', { start: T0, end: T0 + 1000, step: 0 }),
    ).toThrow(/zero or negative query resolution step/);
    expect(() =>
      evalLogQL(store, 'count_over_time({app="a"}[1m])', { start: T0, end: T0 + 20_000_000, step: 1000 }),
    ).toThrow(/11,000 points/);
  });
  it('evaluates an instant metric query at end', () => {
    const r = evalLogQL(store, 'count_over_time({app="a"}[1m])', { start: T0, end: T0 + 30_000 });
    if (r.value.type !== 'vector') throw new Error(r.value.type);
    expect(r.value.samples[0].t).toBe(T0 + 30_000);
  });
  it('returns a scalar for a literal and a matrix for a literal over a range', () => {
    expect(at('2 * 3', 10).value).toEqual({ type: 'scalar', t: T0 + 10_000, v: 6 });
    const r = evalLogQL(store, '2 * 3', { start: T0, end: T0 + 20_000, step: 10_000 });
    expect(r.value.type === 'matrix' && r.value.series[0].points.length).toBe(3);
  });
  it('rejects duplicate label sets produced by label_replace', () => {
    expect(() => at('label_replace(count_over_time({app=~"a|b"}[1m]), "app", "x", "app", ".*")', 60)).toThrow(
      /same labelset/,
    );
  });
});

describe('selectors and shapes', () => {
  it('reads the selector of the first log query in a binary expression', () => {
    expect(logSelectorsOf('vector(1) + sum(rate({app="x"}[1m]))')).toEqual([
      { name: 'app', op: '=', value: 'x' },
    ]);
    expect(logSelectorsOf('vector(1)')).toEqual([]);
  });
  it('keeps operators and grouping in the shape', () => {
    expect(logQueryShape('sum by (level) (rate({app="x"} |= "e" [1m]))')).toBe(
      'sum by (level)(rate({app=?} |= ? [?]))',
    );
    expect(logQueryShape('{app="x"} | json | status >= 500')).toBe('{app=?} | json | status>=?');
  });
});
