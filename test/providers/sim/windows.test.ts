/**
 * The reference's split of a query too long for a limit (windows.ts): which shapes split, the
 * windows asked (each at its own end time), and how their answers combine into the route's value.
 */
import { describe, expect, it } from 'vitest';
import { windowPlan } from '../../../src/providers/sim/reference/windows.js';

const AT = '2026-07-04T17:10:00.000Z';
const MIN = 60_000;
const build = (query: string, time: string) => ({ name: 'q', args: { query, time } });
const plan = (q: string, source: 'logs' | 'metrics', limitMin: number) =>
  windowPlan(q, source, limitMin * MIN, AT, build);
const asked = (q: string, source: 'logs' | 'metrics', limitMin: number) =>
  plan(q, source, limitMin)?.calls.map((c) => {
    const a = c.args as { query: string; time: string };
    return `${a.query} @${a.time.slice(11, 16)}`;
  });

describe('windowPlan', () => {
  it('tiles the range with windows of the limit and a remainder, each ending where the last began', () => {
    expect(asked('sum(count_over_time({app="w"} |= "job failed" [50m]))', 'logs', 20)).toEqual([
      'sum(count_over_time({app="w"} |= "job failed" [20m])) @17:10',
      'sum(count_over_time({app="w"} |= "job failed" [20m])) @16:50',
      'sum(count_over_time({app="w"} |= "job failed" [10m])) @16:30',
    ]);
    // a window that answered empty adds nothing; every window empty is no value
    const p = plan('sum(count_over_time({app="w"}[50m]))', 'logs', 20)!;
    expect(p.combine([3, undefined, 4])).toBe(7);
    expect(p.combine([undefined, undefined, undefined])).toBeUndefined();
    expect(p.derivation(['c1', 'c2', 'c3'], [3, undefined, 4])).toBe('the sum of 3 (c1), 4 (c3)');
  });

  it('needs no split within the limit, and does not split past 24 windows', () => {
    expect(plan('sum(count_over_time({app="w"}[20m]))', 'logs', 20)).toBeUndefined();
    expect(plan('sum(count_over_time({app="w"}[25h]))', 'logs', 60)).toBeUndefined();
    expect(plan('sum(count_over_time({app="w"}[24h]))', 'logs', 60)?.calls).toHaveLength(24);
  });

  it('keeps parsers, label filters, a fallback and a string that looks like syntax', () => {
    expect(
      asked('sum(count_over_time({app="w"} | json | status >= 500 [40m])) or vector(0)', 'logs', 30),
    ).toEqual([
      'sum(count_over_time({app="w"} | json | status >= 500 [30m])) or vector(0) @17:10',
      'sum(count_over_time({app="w"} | json | status >= 500 [10m])) or vector(0) @16:40',
    ]);
    expect(asked('sum(count_over_time({app="w"} |~ "job (done|[1h])" [40m]))', 'logs', 30)?.[1]).toBe(
      'sum(count_over_time({app="w"} |~ "job (done|[1h])" [10m])) @16:40',
    );
    // Loki's range-before-pipeline form
    expect(asked('count_over_time({app="x"}[40m] |= "err")', 'logs', 30)?.[0]).toBe(
      'count_over_time({app="x"}[30m] |= "err") @17:10',
    );
  });

  it('combines maxima, minima and LogQL rates (the window-weighted mean)', () => {
    expect(
      plan('max(max_over_time({app="w"} | logfmt | unwrap wait_ms [45m]))', 'logs', 20)!.combine([5, 9, 2]),
    ).toBe(9);
    expect(plan('min(min_over_time(x{a="b"}[45m]))', 'metrics', 20)!.combine([5, 9, 2])).toBe(2);
    const rate = plan('sum(rate({app="w"} |= "failed" [50m]))', 'logs', 20)!;
    // 20m at 1/s, 20m at 2/s, 10m at 4/s over 50m: (20 + 40 + 40) / 50
    expect(rate.combine([1, 2, 4])).toBe(2);
    expect(rate.derivation(['c1', 'c2', 'c3'], [1, 2, 4])).toBe(
      'the time-weighted mean of 1 (c1), 2 (c2), 4 (c3)',
    );
  });

  it('splits a subquery range, leaving the inner range alone', () => {
    expect(
      asked(
        'max_over_time(histogram_quantile(0.99, sum by (le) (rate(x_bucket{s="a"}[5m])))[1h:1m])',
        'metrics',
        30,
      ),
    ).toEqual([
      'max_over_time(histogram_quantile(0.99, sum by (le) (rate(x_bucket{s="a"}[5m])))[30m:1m]) @17:10',
      'max_over_time(histogram_quantile(0.99, sum by (le) (rate(x_bucket{s="a"}[5m])))[30m:1m]) @16:40',
    ]);
  });

  it('computes arithmetic of split terms and numbers, * and / before + and -', () => {
    const share = plan(
      'sum(count_over_time({app="w"} |= "failed" [40m])) / sum(count_over_time({app="w"} |= "job" [40m]))',
      'logs',
      20,
    )!;
    expect(share.calls).toHaveLength(4);
    expect(share.combine([1, 2, 4, 6])).toBe(0.3);
    expect(share.derivation(['c1', 'c2', 'c3', 'c4'], [1, 2, 4, 6])).toBe(
      '3 (the sum of 1 (c1), 2 (c2)) / 10 (the sum of 4 (c3), 6 (c4))',
    );
    const scaled = plan('sum(count_over_time({app="w"}[40m])) * 15 / 60 + 1', 'logs', 20)!;
    expect(scaled.combine([2, 2])).toBe(2);
  });

  it('does not split what does not combine', () => {
    for (const [q, source] of [
      ['sum(rate(x{a="b"}[40m]))', 'metrics'], // PromQL rate extrapolates at the edges
      ['max(quantile_over_time(0.99, {app="w"} | unwrap took_ms [1h]) by (app))', 'logs'],
      ['avg_over_time({app="w"} | unwrap took_ms [1h])', 'logs'],
      ['max(max_over_time({app="w"} | unwrap x [45m])) by (app)', 'logs'], // per-series windows
      ['max(count_over_time((up == 0)[1h:15s]))', 'metrics'], // a max of per-series counts
      ['sum(count_over_time({app="w"}[40m])) > 3', 'logs'],
    ] as const)
      expect({ q, plan: plan(q, source, 20) }).toEqual({ q, plan: undefined });
  });
});
