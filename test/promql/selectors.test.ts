import { describe, expect, it } from 'vitest';
import { instantQuery, PromQLError, rangeQuery } from '../../src/promql/index.js';
import { at, load, m, range } from './helpers.js';

describe('vector and range selectors', () => {
  const s = load(
    m,
    `
    http_requests_total{job="api",code="200"} 0+10x20
    http_requests_total{job="api",code="500"} 0+1x20
    http_requests_total{job="web",code="200"} 0+5x20
    `,
  );

  it('applies all four matcher kinds, regexes anchored', () => {
    expect(at(s, 'http_requests_total{job="api",code!="200"}', 5 * m)).toEqual([
      '{__name__="http_requests_total",code="500",job="api"} 5',
    ]);
    expect(at(s, 'http_requests_total{code=~"2.."}', 5 * m)).toHaveLength(2);
    expect(at(s, 'http_requests_total{code=~"2"}', 5 * m)).toHaveLength(0);
    expect(at(s, 'http_requests_total{job!~"a.*"}', 5 * m)).toEqual([
      '{__name__="http_requests_total",code="200",job="web"} 25',
    ]);
    expect(at(s, '{__name__=~"http_.*",job="web"}', 5 * m)).toHaveLength(1);
    expect(at(s, 'http_requests_total{job=~"(?i)API",code="500"}', 5 * m)).toHaveLength(1);
  });

  it('looks back at most 5 minutes, left-open', () => {
    // The last sample is at 20m; at 25m it is exactly 5m old and no longer visible.
    expect(at(s, 'http_requests_total{code="500"}', 24 * m + 59_000)).toHaveLength(1);
    expect(at(s, 'http_requests_total{code="500"}', 25 * m)).toHaveLength(0);
  });

  it('returns a range selector window (t-range, t] as a matrix', () => {
    expect(at(s, 'http_requests_total{code="500"}[3m]', 5 * m)).toEqual([
      '{__name__="http_requests_total",code="500",job="api"} 3@180 4@240 5@300',
    ]);
  });

  it('shifts by offset and pins with @, including start() and end() in range queries', () => {
    expect(at(s, 'http_requests_total{code="500"} offset 2m', 5 * m)).toEqual([
      '{__name__="http_requests_total",code="500",job="api"} 3',
    ]);
    expect(at(s, 'http_requests_total{code="500"} @ 120', 10 * m)).toEqual([
      '{__name__="http_requests_total",code="500",job="api"} 2',
    ]);
    expect(range(s, 'http_requests_total{code="500"} @ end()', 0, 4 * m, 2 * m)).toEqual([
      '{__name__="http_requests_total",code="500",job="api"} 4@0 4@120 4@240',
    ]);
    expect(at(s, 'http_requests_total{code="500"} @ 600 offset 5m', 0)).toEqual([
      '{__name__="http_requests_total",code="500",job="api"} 5',
    ]);
  });

  it('ends a series at a staleness marker and drops markers from windows', () => {
    const st = load(15_000, 'g{a="1"} 1 2 stale 4');
    expect(at(st, 'g', 30_000)).toEqual([]);
    expect(at(st, 'g', 45_000)).toEqual(['{__name__="g",a="1"} 4']);
    expect(at(st, 'count_over_time(g[1m])', 45_000)).toEqual(['{a="1"} 3']);
  });

  it('refuses range queries above 11,000 intervals per series, as Prometheus compares them', () => {
    // `end.Sub(start)/step > 11000`: exactly 11,000 intervals (11,001 points) pass.
    expect(rangeQuery(s, 'up', 0, 11_000 * 1000, 1000).value.type).toBe('matrix');
    expect(() => rangeQuery(s, 'up', 0, 11_001 * 1000, 1000)).toThrow(
      'exceeded maximum resolution of 11,000 points per timeseries. Try decreasing the query resolution (?step=XX)',
    );
    try {
      rangeQuery(s, 'up', 0, 11_001 * 1000, 1000);
    } catch (e) {
      expect((e as PromQLError).errorType).toBe('bad_data');
    }
    expect(() => rangeQuery(s, 'up', 0, 10_999 * 1000, 1000)).not.toThrow();
  });

  it('counts samples read for the cost model', () => {
    expect(instantQuery(s, 'http_requests_total[5m]', 10 * m).samplesRead).toBe(15);
  });

  it('rejects range vectors as range-query results', () => {
    expect(() => rangeQuery(s, 'http_requests_total[5m]', 0, m, m)).toThrow(PromQLError);
  });
});
