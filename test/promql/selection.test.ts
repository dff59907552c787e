/**
 * The PromQL engine's selection record (docs/trace.md#selection): which selectors read a sample
 * inside the windows the evaluation read. A zero or an empty is measured only when every selector
 * read something; a constant over a selector that read nothing is vacuous.
 */
import { describe, expect, it } from 'vitest';
import { instantQuery, rangeQuery } from '../../src/promql/index.js';
import { load, m } from './helpers.js';

// Samples every minute from 0 to 20m; `gappy` has none between 6m and 14m (a scrape gap).
const s = load(
  m,
  `
  http_requests_total{job="api",code="200"} 0+10x20
  http_requests_total{job="api",code="500"} 0+1x20
  gappy{job="api"} 1 1 1 1 1 1 1 _ _ _ _ _ _ _ _ 1 1 1 1 1 1
  `,
);

const sel = (q: string, t = 10 * m) => instantQuery(s, q, t).selection;

describe('PromQL selection', () => {
  it('a selector that read samples is matched; one whose label is a typo is not', () => {
    expect(sel('http_requests_total{job="api"}')).toEqual({ selectors: 1, unmatched: [] });
    expect(sel('http_requests_total{job="apii"}')).toEqual({
      selectors: 1,
      unmatched: ['http_requests_total{job="apii"}'],
    });
  });

  it('names the selector normalized: whitespace outside strings dropped, no range or offset', () => {
    expect(sel('sum(rate( http_requests_total { job = "a pi" } [5m] offset 1m ))').unmatched).toEqual([
      'http_requests_total{job="a pi"}',
    ]);
  });

  it('a filter that removes every sample leaves the selector matched: a measured empty', () => {
    const r = instantQuery(s, 'http_requests_total{code="500"} > 1000', 10 * m);
    expect(r.value).toEqual({ type: 'vector', samples: [] });
    expect(r.selection).toEqual({ selectors: 1, unmatched: [] });
  });

  it('`or vector(0)` and absent() over a selector that read nothing stay unmatched', () => {
    const r = instantQuery(s, 'sum(rate(http_requests_total{job="nope"}[5m])) or vector(0)', 10 * m);
    expect(r.value.type === 'vector' && r.value.samples.map((x) => x.v)).toEqual([0]);
    expect(r.selection.unmatched).toEqual(['http_requests_total{job="nope"}']);
    const a = instantQuery(s, 'absent(http_requests_total{job="nope"})', 10 * m);
    expect(a.value.type === 'vector' && a.value.samples.map((x) => x.v)).toEqual([1]);
    expect(a.selection).toEqual({ selectors: 1, unmatched: ['http_requests_total{job="nope"}'] });
    expect(sel('absent(http_requests_total{job="api"})')).toEqual({ selectors: 1, unmatched: [] });
  });

  it('counts every selector node and names each unmatched one, in query order', () => {
    const q = 'sum(http_requests_total{code="404"}) / sum(http_requests_total) + count(missing_metric)';
    expect(sel(q)).toEqual({
      selectors: 3,
      unmatched: ['http_requests_total{code="404"}', 'missing_metric'],
    });
  });

  it('reads selectors inside subqueries at the inner steps', () => {
    expect(sel('max_over_time(rate(http_requests_total[5m])[30m:1m])')).toEqual({
      selectors: 1,
      unmatched: [],
    });
    expect(sel('max_over_time(rate(http_requests_total{job="x"}[5m])[30m:1m])').unmatched).toEqual([
      'http_requests_total{job="x"}',
    ]);
    // The inner window ends 1h before the outer step: before the world's first sample.
    expect(sel('max_over_time(http_requests_total[5m:1m] offset 1h)').unmatched).toEqual([
      'http_requests_total',
    ]);
  });

  it('range queries: matched when any step read a sample, on the step path and the block path', () => {
    // Steps 30m..40m: every lookback window is past the last sample (20m), so nothing is read.
    const late = rangeQuery(s, 'http_requests_total', 30 * m, 40 * m, m);
    expect(late.value).toEqual({ type: 'matrix', series: [] });
    expect(late.selection.unmatched).toEqual(['http_requests_total']);
    // 22m..40m: the steps up to 24m still see the 20m sample.
    expect(rangeQuery(s, 'http_requests_total', 22 * m, 40 * m, m).selection.unmatched).toEqual([]);
    // rate() over a plain range selector takes the block path (range-columns.ts): the same answers.
    expect(rangeQuery(s, 'rate(http_requests_total[2m])', 30 * m, 90 * m, m).selection.unmatched).toEqual([
      'http_requests_total',
    ]);
    expect(rangeQuery(s, 'rate(http_requests_total[2m])', 10 * m, 90 * m, m).selection.unmatched).toEqual([]);
    // Under a subquery offset, a block computed ahead reaches inner steps with data (up to the
    // query's end) that no outer step ever asks for: only the steps asked count.
    const q = (off: string) => `max_over_time(rate(http_requests_total[2m])[5m:1m] offset ${off})`;
    expect(rangeQuery(s, q('26m'), 0, 25 * m, m).selection.unmatched).toEqual(['http_requests_total']);
    expect(rangeQuery(s, q('20m'), 0, 25 * m, m).selection.unmatched).toEqual([]);
  });

  it('a scrape gap inside the window still reads the samples around it; a window inside the gap reads none', () => {
    // Window (5m, 15m] holds the 6m and 15m samples.
    expect(sel('count_over_time(gappy[10m])', 15 * m).unmatched).toEqual([]);
    // Window (8m, 13m] lies inside the gap.
    const inGap = instantQuery(s, 'count_over_time(gappy[5m]) or vector(0)', 13 * m);
    expect(inGap.value.type === 'vector' && inGap.value.samples.map((x) => x.v)).toEqual([0]);
    expect(inGap.selection.unmatched).toEqual(['gappy']);
    // The instant selector's 5m lookback at 12m: the last sample (6m) is too old.
    expect(sel('gappy', 12 * m).unmatched).toEqual(['gappy']);
    expect(sel('gappy', 10 * m).unmatched).toEqual([]);
  });

  it('a selector pinned with @ reads at that time only', () => {
    expect(sel('http_requests_total @ 600').unmatched).toEqual([]);
    expect(sel('http_requests_total @ 6000').unmatched).toEqual(['http_requests_total']);
  });

  it('queries without selectors have none', () => {
    expect(sel('vector(0)')).toEqual({ selectors: 0, unmatched: [] });
    expect(sel('1 + 1')).toEqual({ selectors: 0, unmatched: [] });
  });
});
