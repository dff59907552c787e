import { describe, expect, it } from 'vitest';
import { instantQuery } from '../../src/promql/index.js';
import { at, load, m } from './helpers.js';

const s = load(
  m,
  `
  req{job="api",code="200"} 90
  req{job="api",code="500"} 10
  req{job="web",code="200"} 40
  lim{job="api"} 50
  lim{job="web"} 20
  info{job="api",team="core"} 1
  dup{job="api",x="1"} 1
  dup{job="api",x="2"} 2
  `,
);

describe('aggregations', () => {
  it('sum/avg/min/max/count/group with by and without', () => {
    expect(at(s, 'sum by (job) (req)', 0)).toEqual(['{job="api"} 100', '{job="web"} 40']);
    expect(at(s, 'sum without (code) (req)', 0)).toEqual(['{job="api"} 100', '{job="web"} 40']);
    expect(at(s, 'avg(req)', 0)).toEqual(['{} 46.666666666666664']);
    expect(at(s, 'min by (code) (req)', 0)).toEqual(['{code="200"} 40', '{code="500"} 10']);
    expect(at(s, 'max(req)', 0)).toEqual(['{} 90']);
    expect(at(s, 'count(req)', 0)).toEqual(['{} 3']);
    expect(at(s, 'group by (job) (req)', 0)).toEqual(['{job="api"} 1', '{job="web"} 1']);
    expect(at(s, 'stddev(lim)', 0)).toEqual(['{} 15']);
    expect(at(s, 'quantile(0.5, req)', 0)).toEqual(['{} 40']);
  });

  it('topk/bottomk keep labels and order; count_values labels by value', () => {
    expect(at(s, 'topk(2, req)', 0)).toEqual([
      '{__name__="req",code="200",job="api"} 90',
      '{__name__="req",code="200",job="web"} 40',
    ]);
    expect(at(s, 'bottomk by (job) (1, req)', 0)).toEqual([
      '{__name__="req",code="500",job="api"} 10',
      '{__name__="req",code="200",job="web"} 40',
    ]);
    expect(at(s, 'count_values("v", lim)', 0)).toEqual(['{v="20"} 1', '{v="50"} 1']);
    expect(() => instantQuery(s, 'topk(NaN, req)', 0)).toThrow('Parameter value is NaN');
  });
});

describe('binary operators and vector matching', () => {
  it('arithmetic drops the name; comparison filters unless bool', () => {
    expect(at(s, 'lim * 2', 0)).toEqual(['{job="api"} 100', '{job="web"} 40']);
    expect(at(s, 'lim > 30', 0)).toEqual(['{__name__="lim",job="api"} 50']);
    expect(at(s, 'lim > bool 30', 0)).toEqual(['{job="api"} 1', '{job="web"} 0']);
    expect(at(s, '30 < lim', 0)).toEqual(['{__name__="lim",job="api"} 50']);
    expect(at(s, '2 ^ 3 ^ 2', 0)).toEqual(['scalar 512']);
    expect(at(s, '-1 ^ 2', 0)).toEqual(['scalar -1']);
  });

  it('matches one-to-one with on/ignoring and many-to-one with group_left', () => {
    expect(at(s, 'sum by (job) (req) / on(job) lim', 0)).toEqual(['{job="api"} 2', '{job="web"} 2']);
    expect(at(s, 'req / ignoring(code) group_left lim', 0)).toEqual([
      '{code="200",job="api"} 1.8',
      '{code="200",job="web"} 2',
      '{code="500",job="api"} 0.2',
    ]);
    expect(at(s, 'lim * on(job) group_left(team) info', 0)).toEqual(['{job="api",team="core"} 50']);
    expect(at(s, 'info * on(job) group_right(team) lim', 0)).toEqual(['{job="api",team="core"} 50']);
  });

  it('reports many-to-many and missing group modifiers as execution errors', () => {
    expect(() => instantQuery(s, 'lim / on(job) dup', 0)).toThrow(
      /found duplicate series for the match group \{job="api"\} on the right hand-side of the operation: \[.*\];many-to-many matching not allowed/,
    );
    expect(() => instantQuery(s, 'dup / on(job) lim', 0)).toThrow(
      'multiple matches for labels: many-to-one matching must be explicit (group_left/group_right)',
    );
  });

  it('and/or/unless match on all labels but the name by default', () => {
    expect(at(s, 'lim and on(job) req{code="500"}', 0)).toEqual(['{__name__="lim",job="api"} 50']);
    expect(at(s, 'lim unless on(job) req{code="500"}', 0)).toEqual(['{__name__="lim",job="web"} 20']);
    expect(at(s, 'lim or info', 0)).toHaveLength(3);
  });
});

describe('subqueries', () => {
  const c = load(15_000, 'c_total 0+15x80');
  it('evaluate the inner query at aligned steps inside (t-range, t]', () => {
    expect(at(c, 'count_over_time(rate(c_total[1m])[5m:1m])', 10 * m)).toEqual(['{} 5']);
    expect(at(c, 'max_over_time(c_total[2m:30s])', 10 * m)).toEqual(['{} 600']);
    expect(at(c, 'min_over_time(c_total[2m:30s] offset 1m)', 10 * m)).toEqual(['{} 450']);
    expect(at(c, 'max_over_time(c_total[2m:30s] @ 300)', 10 * m)).toEqual(['{} 300']);
  });
});

describe('limits', () => {
  it('limitk keeps k series per group; limit_ratio picks complementary hash-stable subsets', () => {
    expect(at(s, 'count(limitk(2, req))', 0)).toEqual(['{} 2']);
    expect(at(s, 'count(limit_ratio(0.5, req) or limit_ratio(-0.5, req))', 0)).toEqual(['{} 3']);
    expect(at(s, 'count(limit_ratio(0.5, req) and limit_ratio(-0.5, req))', 0)).toEqual([]);
    const r = instantQuery(s, 'limit_ratio(1.5, req)', 0);
    expect(r.warnings).toEqual([
      'PromQL warning: ratio value should be between -1 and 1, got 1.5, capping to 1 (1:13)',
    ]);
  });

  it('maxSamples turns an oversized step into an execution error', () => {
    try {
      instantQuery(s, 'req[10m]', 0, { maxSamples: 2 });
      throw new Error('no error');
    } catch (e) {
      expect((e as { errorType?: string }).errorType).toBe('execution');
    }
  });
});

describe('runaway subqueries', () => {
  it('stop with a timeout error instead of hanging', () => {
    const c = load(m, 'x 1');
    expect(() => instantQuery(c, 'max_over_time(vector(1)[1d:1ms])', 0)).toThrow(
      'query timed out in expression evaluation',
    );
  });

  it("count their inner results against the sample budget, as Prometheus holds a subquery's matrix", () => {
    const c = load(m, 'x{a="1"} 1+0x60\nx{a="2"} 1+0x60');
    // 2 series × 60 inner steps: 120 samples selected plus the 120 points held is over 200.
    expect(() => instantQuery(c, 'max_over_time(x[1h:1m])', 60 * m, { maxSamples: 200 })).toThrow(
      'query processing would load too many samples into memory in query execution',
    );
    expect(() => instantQuery(c, 'max_over_time(x[1h:1m])', 60 * m, { maxSamples: 1000 })).not.toThrow();
  });
});
