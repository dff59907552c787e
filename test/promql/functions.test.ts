import { describe, expect, it } from 'vitest';
import { instantQuery } from '../../src/promql/index.js';
import { at, load, m } from './helpers.js';

describe('range functions', () => {
  const s = load(
    15_000,
    `
    c_total{i="a"} 0+15x40
    reset_total{i="a"} 0 10 20 30 5 15 25
    g{i="a"} 1 5 2 8 3
    `,
  );

  it('rate/increase extrapolate like Prometheus (counter clamped at zero)', () => {
    // 1/s counter, 5m window fully covered by samples.
    expect(Number(at(s, 'rate(c_total[5m])', 10 * m)[0].split(' ')[1])).toBeCloseTo(1, 12);
    expect(at(s, 'increase(c_total[5m])', 10 * m)).toEqual(['{i="a"} 300']);
    // Only 2 samples in the first 15s window edge: extrapolation stops at zero.
    expect(at(s, 'increase(c_total[1m])', 15_000)).toEqual(['{i="a"} 15']);
  });

  it('handles counter resets in rate, irate, resets and changes', () => {
    const t = 6 * 15_000;
    expect(at(s, 'resets(reset_total[2m])', t)).toEqual(['{i="a"} 1']);
    expect(at(s, 'changes(reset_total[2m])', t)).toEqual(['{i="a"} 6']);
    expect(at(s, 'irate(reset_total[1m])', 4 * 15_000)).toEqual(['{i="a"} 0.3333333333333333']);
    expect(at(s, 'idelta(g[1m])', 4 * 15_000)).toEqual(['{i="a"} -5']);
  });

  it('computes *_over_time aggregates, quantile and stddev', () => {
    const t = 4 * 15_000;
    expect(at(s, 'avg_over_time(g[2m])', t)).toEqual(['{i="a"} 3.8']);
    expect(at(s, 'min_over_time(g[2m])', t)).toEqual(['{i="a"} 1']);
    expect(at(s, 'max_over_time(g[2m])', t)).toEqual(['{i="a"} 8']);
    expect(at(s, 'sum_over_time(g[2m])', t)).toEqual(['{i="a"} 19']);
    expect(at(s, 'count_over_time(g[2m])', t)).toEqual(['{i="a"} 5']);
    expect(at(s, 'quantile_over_time(0.5, g[2m])', t)).toEqual(['{i="a"} 3']);
    expect(at(s, 'last_over_time(g[2m])', t)).toEqual(['{__name__="g",i="a"} 3']);
    expect(at(s, 'present_over_time(g[2m])', t)).toEqual(['{i="a"} 1']);
    const sd = Number(at(s, 'stddev_over_time(g[2m])', t)[0].split(' ')[1]);
    expect(sd).toBeCloseTo(Math.sqrt(6.16), 10);
  });

  it('fits deriv and predict_linear by least squares', () => {
    expect(at(s, 'deriv(c_total[5m])', 10 * m)).toEqual(['{i="a"} 1']);
    expect(at(s, 'predict_linear(c_total[5m], 60)', 10 * m)).toEqual(['{i="a"} 660']);
  });

  it('absent and absent_over_time report the selector equality labels', () => {
    expect(at(s, 'absent(nope{job="x",env=~"p.*"})', m)).toEqual(['{job="x"} 1']);
    expect(at(s, 'absent(g)', m)).toEqual([]);
    expect(at(s, 'absent_over_time(nope{job="x"}[1m])', m)).toEqual(['{job="x"} 1']);
  });
});

describe('instant functions', () => {
  const s = load(m, 'v{i="a"} -1.5\nv{i="b"} 2.25\nt{svc="api-1"} 1');

  it('math, clamp, round and sgn drop the metric name', () => {
    expect(at(s, 'abs(v)', 0)).toEqual(['{i="a"} 1.5', '{i="b"} 2.25']);
    expect(at(s, 'clamp(v, -1, 2)', 0)).toEqual(['{i="a"} -1', '{i="b"} 2']);
    expect(at(s, 'round(v, 0.5)', 0)).toEqual(['{i="a"} -1.5', '{i="b"} 2.5']);
    expect(at(s, 'sgn(v)', 0)).toEqual(['{i="a"} -1', '{i="b"} 1']);
    expect(at(s, 'clamp_max(v, 0)', 0)).toEqual(['{i="a"} -1.5', '{i="b"} 0']);
  });

  it('sorts, and keeps sort order in the output', () => {
    expect(at(s, 'sort_desc(v)', 0)).toEqual(['{__name__="v",i="b"} 2.25', '{__name__="v",i="a"} -1.5']);
  });

  it('label_replace and label_join', () => {
    expect(at(s, 'label_replace(t, "svc_base", "$1", "svc", "(.*)-\\\\d+")', 0)).toEqual([
      '{__name__="t",svc="api-1",svc_base="api"} 1',
    ]);
    expect(at(s, 'label_join(t, "x", "/", "svc", "svc")', 0)).toEqual([
      '{__name__="t",svc="api-1",x="api-1/api-1"} 1',
    ]);
  });

  it('vector, scalar, time and timestamp', () => {
    expect(at(s, 'vector(3)', 0)).toEqual(['{} 3']);
    expect(at(s, 'scalar(v)', 0)).toEqual(['scalar NaN']);
    expect(at(s, 'time()', 90_000)).toEqual(['scalar 90']);
    expect(at(s, 'timestamp(t)', 90_000)).toEqual(['{svc="api-1"} 0']);
    expect(at(s, 'hour(vector(7200))', 0)).toEqual(['{} 2']);
  });

  it('reports unsupported functions as bad_data, never a wrong answer', () => {
    expect(() => instantQuery(s, 'info(v)', 0)).toThrow(/unsupported function: info/);
  });
});

describe('histogram_quantile on classic buckets', () => {
  const s = load(
    m,
    `
    h_bucket{le="0.1"} 0+10x10
    h_bucket{le="0.5"} 0+30x10
    h_bucket{le="1"} 0+40x10
    h_bucket{le="+Inf"} 0+40x10
    bad_bucket{le="1"} 5x10
    bad_bucket{le="2"} 3x10
    bad_bucket{le="+Inf"} 6x10
    `,
  );

  it('interpolates inside the bucket holding the rank', () => {
    expect(at(s, 'histogram_quantile(0.5, rate(h_bucket[5m]))', 10 * m)).toEqual(['{} 0.3']);
    expect(at(s, 'histogram_quantile(1, rate(h_bucket[5m]))', 10 * m)).toEqual(['{} 1']);
    expect(at(s, 'histogram_fraction(0, 0.5, rate(h_bucket[5m]))', 10 * m)).toEqual(['{} 0.75']);
  });

  it('fixes non-monotonic buckets and says so in an info annotation', () => {
    const r = instantQuery(s, 'histogram_quantile(0.5, bad_bucket)', 10 * m);
    expect(r.infos[0]).toMatch(
      /^PromQL info: input to histogram_quantile needed to be fixed for monotonicity/,
    );
    const w = instantQuery(s, 'histogram_quantile(2, bad_bucket)', 10 * m);
    expect(w.warnings).toEqual(['PromQL warning: quantile value should be between 0 and 1, got 2 (1:20)']);
  });
});
