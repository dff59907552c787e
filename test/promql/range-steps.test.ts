import { describe, expect, it } from 'vitest';
import { instantQuery, rangeQuery } from '../../src/promql/index.js';
import { at, load } from './helpers.js';

// Counters with resets inside and outside windows, a gap, one longer than the lookback, stale markers, series that start late
// and values that tie: what the range path's shortcuts (search hints, reset counts, identity
// lookups, top-k without a full sort) must not change.
const s = load(
  15_000,
  `
  req_total{svc="a",pod="1"} 0+10x30 5+10x30 0+1x20
  req_total{svc="a",pod="2"} 0+7x40 _x10 100+7x30
  req_total{svc="b",pod="1"} 1+1x20 stale 50+2x40 stale
  req_total{svc="b",pod="2"} _x40 0+3x40
  req_total{svc="c",pod="1"} 0+10x30 5+10x30 0+1x20
  gauge{svc="a"} 5x80
  gauge{svc="b"} 5x80
  gauge{svc="c"} 5x40 9x40
  gauge{svc="d"} 5x80
  gap{svc="g"} 1+1x10 _x30 5+1x20
  `,
);

const QUERIES = [
  'req_total',
  'req_total offset 1m',
  'gauge @ 600',
  'gap',
  '(req_total{pod="2"})',
  'avg by (svc) (rate(req_total[1m]))',
  'min by (svc) (req_total)',
  'max without (pod) (req_total)',
  'count by (pod) (req_total)',
  'group by (svc) (gauge)',
  'sum by (nope, svc, svc) (req_total)',
  'count by (pod) (label_replace(req_total, "pod", "", "pod", "2"))',
  'stddev by (svc) (rate(req_total[1m]))',
  'sum without (pod) (req_total) + count(gauge)',
  'rate(req_total[1m])',
  'increase(req_total[2m])',
  'resets(req_total[5m])',
  'sum by (svc) (rate(req_total[1m]))',
  'topk(2, gauge)',
  'bottomk(3, rate(req_total[1m]))',
  'topk(20, gauge)',
  'max_over_time(sum(rate(req_total[1m]))[5m:30s])',
  'sum(rate(req_total[1m])) / sum by (svc) (rate(req_total[1m]))',
  'rate(req_total[1m] offset 2m)',
  'delta(req_total[2m] offset -1m)',
  'quantile_over_time(0.5, req_total[2m])',
  'quantile_over_time(scalar(count(gauge)) / 8, req_total[2m])',
  'predict_linear(req_total[3m], 60)',
  'rate(req_total[1m] @ 600)',
  'sum_over_time(rate(req_total[1m])[3m:15s] offset 1m)',
  'last_over_time(gauge[1m]) + on(svc) group_left rate(req_total{pod="1"}[1m])',
];

/** One `{labels}=v` line per sample at one time, sorted. */
function instantAt(q: string, t: number): string[] {
  const v = instantQuery(s, q, t).value;
  if (v.type !== 'vector') throw new Error(`not a vector: ${q}`);
  return v.samples.map((x) => `${JSON.stringify(x.labels)}=${x.v}`).sort();
}

describe('a range query answers each step as an instant query at that time', () => {
  it.each(QUERIES)('%s', (q) => {
    const start = 30_000;
    const end = 1_200_000;
    const step = 45_000;
    const r = rangeQuery(s, q, start, end, step).value;
    if (r.type !== 'matrix') throw new Error('not a matrix');
    for (let t = start; t <= end; t += step) {
      const fromRange = r.series
        .flatMap((x) => x.points.filter((p) => p.t === t).map((p) => `${JSON.stringify(x.labels)}=${p.v}`))
        .sort();
      expect([t, fromRange]).toEqual([t, instantAt(q, t)]);
    }
  });
});

describe('a range query of a plain selector charges what its steps charge', () => {
  it.each(['req_total', 'req_total offset 1m', 'gauge @ 600', 'gap'])('%s', (q) => {
    const [start, end, step] = [30_000, 1_200_000, 45_000];
    let read = 0;
    let peak = 0;
    for (let t = start; t <= end; t += step) {
      const n = instantQuery(s, q, t).samplesRead;
      read += n;
      peak = Math.max(peak, n);
    }
    expect(rangeQuery(s, q, start, end, step).samplesRead).toBe(read);
    expect(rangeQuery(s, q, start, end, step, { maxSamples: peak }).samplesRead).toBe(read);
    expect(() => rangeQuery(s, q, start, end, step, { maxSamples: peak - 1 })).toThrow(/too many samples/);
  });
});

describe("a subquery's inner steps are instant queries at the subquery's step", () => {
  it.each(['rate(req_total[1m])', 'increase(req_total[90s] offset 30s)', 'max_over_time(gauge[2m])'])(
    'max_over_time((%s)[5m:30s])',
    (inner) => {
      for (let t = 300_000; t <= 1_200_000; t += 45_000) {
        const want = new Map<string, number>();
        for (let u = Math.floor((t - 300_000) / 30_000) * 30_000 + 30_000; u <= t; u += 30_000) {
          const v = instantQuery(s, inner, u).value;
          if (v.type !== 'vector') throw new Error('not a vector');
          for (const x of v.samples) {
            const k = JSON.stringify(x.labels);
            want.set(k, Math.max(want.get(k) ?? Number.NEGATIVE_INFINITY, x.v));
          }
        }
        const got = instantAt(`max_over_time((${inner})[5m:30s])`, t);
        expect([t, got]).toEqual([t, [...want].map(([k, v]) => `${k}=${v}`).sort()]);
      }
    },
  );
});

describe('topk and bottomk keep the first of tied series in selection order', () => {
  it('takes k of four tied gauges in label order, NaN last', () => {
    const g = (svc: string, v: number | string): string => `{__name__="gauge",svc="${svc}"} ${v}`;
    expect(at(s, 'topk(2, gauge)', 60_000)).toEqual([g('a', 5), g('b', 5)]);
    expect(at(s, 'bottomk(3, gauge)', 900_000)).toEqual([g('a', 5), g('b', 5), g('d', 5)]);
    expect(at(s, 'topk(1, gauge)', 900_000)).toEqual([g('c', 9)]);
    const withNaN = 'gauge{svc="a"} / 0 * 0 or gauge{svc=~"b|c"}';
    expect(at(s, `topk(3, ${withNaN})`, 60_000)).toEqual([g('b', 5), g('c', 5), '{svc="a"} NaN']);
    expect(at(s, `bottomk(1, ${withNaN})`, 900_000)).toEqual([g('b', 5)]);
  });
});
