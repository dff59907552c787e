import { describe, expect, it } from 'vitest';
import { MetricGenerator } from '../../src/formats/golden/schema.js';
import { resolveTimeRef } from '../../src/formats/time.js';
import type { GenContext } from '../../src/world/generate/context.js';
import { generateMetric } from '../../src/world/generate/metrics.js';
import { SeriesStore } from '../../src/world/series-store.js';
import type { Matcher, Series } from '../../src/world/types.js';

const START = Date.parse('2026-03-14T13:00:00Z');
const ctx = (seed = 7): GenContext => ({
  seed,
  start: START,
  end: START + 2 * 3600_000,
  resolve: (r) => resolveTimeRef(r, START),
});

function gen(spec: unknown, seed = 7): SeriesStore {
  const store = new SeriesStore();
  generateMetric(MetricGenerator.parse(spec), ctx(seed), store);
  return store;
}

const eq = (name: string, value: string): Matcher => ({ name, op: '=', value });
const one = (store: SeriesStore, ...ms: Matcher[]): Series => {
  const s = store.select(ms, -Infinity, Infinity);
  expect(s).toHaveLength(1);
  return s[0];
};
/** The last sample at or before t. */
const at = (s: Series, t: number): number => {
  let v = Number.NaN;
  for (let i = 0; i < s.ts.length && s.ts[i] <= t; i++) v = s.vs[i];
  return v;
};

describe('counter generator', () => {
  it('integrates the rate, is monotonic and integer, and follows a step', () => {
    const store = gen({
      metric: 'http_requests_total',
      type: 'counter',
      labels: { service: 'checkout' },
      value: { base: 10, noise: 0.1, shape: [{ kind: 'step', at: '1h', value: 50 }] },
    });
    const s = one(store, eq('__name__', 'http_requests_total'));
    expect(s.ts.length).toBe(480);
    for (let i = 1; i < s.vs.length; i++) {
      expect(s.vs[i]).toBeGreaterThanOrEqual(s.vs[i - 1]);
      expect(Number.isInteger(s.vs[i])).toBe(true);
    }
    const before = at(s, START + 50 * 60_000) - at(s, START + 40 * 60_000);
    const after = at(s, START + 80 * 60_000) - at(s, START + 70 * 60_000);
    expect(before / 600).toBeCloseTo(10, 0);
    expect(after / 600).toBeGreaterThan(45);
    expect(after / 600).toBeLessThan(55);
  });

  it('keeps counting through a gap (no samples) and restarts from zero at a reset', () => {
    const store = gen({
      metric: 'jobs_total',
      type: 'counter',
      value: {
        base: 2,
        shape: [
          { kind: 'gap', from: '30m', to: '40m' },
          { kind: 'reset', at: '90m' },
        ],
      },
    });
    const s = one(store, eq('__name__', 'jobs_total'));
    const inGap = [...s.ts].filter((t) => t >= START + 30 * 60_000 && t < START + 40 * 60_000);
    expect(inGap).toEqual([]);
    const jump = at(s, START + 40 * 60_000 + 15_000) - at(s, START + 30 * 60_000 - 1);
    expect(jump).toBeGreaterThan(2 * 600);
    const i = s.ts.findIndex((t) => t > START + 90 * 60_000);
    expect(s.vs[i]).toBeLessThan(s.vs[i - 1]);
    expect(s.vs[i]).toBeLessThan(2 * 15 + 1);
  });

  it('puts samples off the minute grid, one target sharing one phase', () => {
    const store = gen({
      metric: 'x_total',
      type: 'counter',
      labels: { job: 'api', instance: 'pod-0:8080', code: ['200', '500'] },
      value: { base: 1 },
    });
    const [a, b] = store.select([eq('__name__', 'x_total')], -Infinity, Infinity);
    expect(a.ts[0]).toBe(b.ts[0]);
    expect(a.ts[0] - START).toBeGreaterThan(0);
    expect(a.ts[0] - START).toBeLessThan(15_000);
  });
});

describe('gauge generator and label matrices', () => {
  it('expands the cartesian product and applies where overrides (later wins)', () => {
    const store = gen({
      metric: 'db_pool_in_use',
      type: 'gauge',
      labels: { service: ['payments', 'orders'], pod: ['a', 'b', 'c'] },
      value: { base: 5 },
      round: 0,
      max: 20,
      where: [
        {
          match: { service: 'payments' },
          value: { base: 8, shape: [{ kind: 'spike', from: '1h', to: '1h20m', value: 30 }] },
        },
        { match: { service: 'payments', pod: 'c' }, value: { base: 1 } },
      ],
    });
    expect(store.size.series).toBe(6);
    const pa = one(store, eq('service', 'payments'), eq('pod', 'a'));
    expect(at(pa, START + 30 * 60_000)).toBe(8);
    expect(at(pa, START + 70 * 60_000)).toBe(20);
    expect(at(pa, START + 90 * 60_000)).toBe(8);
    expect(at(one(store, eq('service', 'payments'), eq('pod', 'c')), START + 70 * 60_000)).toBe(1);
    expect(at(one(store, eq('service', 'orders'), eq('pod', 'b')), START + 70 * 60_000)).toBe(5);
  });

  it('ramps linearly between two levels', () => {
    const store = gen({
      metric: 'queue_depth',
      type: 'gauge',
      value: { base: 0, shape: [{ kind: 'ramp', from: '1h', to: '1h40m', value: 100 }] },
    });
    const s = one(store, eq('__name__', 'queue_depth'));
    expect(at(s, START + 59 * 60_000)).toBe(0);
    expect(at(s, START + 80 * 60_000)).toBeGreaterThan(45);
    expect(at(s, START + 80 * 60_000)).toBeLessThan(51);
    expect(at(s, START + 110 * 60_000)).toBe(100);
  });

  it('same seed gives the same samples, another seed other noise', () => {
    const spec = { metric: 'g', type: 'gauge', value: { base: 10, noise: 0.2 } };
    const vs = (seed: number) => [...one(gen(spec, seed), eq('__name__', 'g')).vs];
    expect(vs(3)).toEqual(vs(3));
    expect(vs(3)).not.toEqual(vs(4));
  });
});

const le = (s: Series): number => (s.labels.le === '+Inf' ? Infinity : Number(s.labels.le));

describe('histogram generator', () => {
  const store = gen({
    metric: 'http_request_duration_seconds',
    type: 'histogram',
    labels: { service: 'checkout' },
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5],
    value: { base: 20, noise: 0.05 },
    latency: { median: 0.1, spread: 0.4, shape: [{ kind: 'step', at: '1h', value: 0.8 }] },
  });
  const buckets = store
    .select([eq('__name__', 'http_request_duration_seconds_bucket')], -Infinity, Infinity)
    .sort((a, b) => le(a) - le(b));
  const count = one(store, eq('__name__', 'http_request_duration_seconds_count'));
  const sum = one(store, eq('__name__', 'http_request_duration_seconds_sum'));

  it('has cumulative buckets, +Inf equal to _count, and monotonic counters', () => {
    expect(buckets.map((b) => b.labels.le)).toEqual(['0.05', '0.1', '0.25', '0.5', '1', '2.5', '+Inf']);
    for (let i = 0; i < count.ts.length; i++) {
      for (let k = 1; k < buckets.length; k++)
        expect(buckets[k].vs[i]).toBeGreaterThanOrEqual(buckets[k - 1].vs[i]);
      expect(buckets[buckets.length - 1].vs[i]).toBe(count.vs[i]);
      if (i > 0) expect(sum.vs[i]).toBeGreaterThanOrEqual(sum.vs[i - 1]);
    }
  });

  it('places about half the observations under the median, which the shape moves', () => {
    const share = (le: number, from: number, to: number): number => {
      const b = buckets.find((x) => Number(x.labels.le) === le)!;
      return (at(b, START + to) - at(b, START + from)) / (at(count, START + to) - at(count, START + from));
    };
    expect(share(0.1, 20 * 60_000, 50 * 60_000)).toBeCloseTo(0.5, 1);
    expect(share(0.1, 70 * 60_000, 110 * 60_000)).toBeLessThan(0.01);
    expect(share(1, 70 * 60_000, 110 * 60_000)).toBeGreaterThan(0.6);
    const mean =
      (at(sum, START + 50 * 60_000) - at(sum, START + 20 * 60_000)) /
      (at(count, START + 50 * 60_000) - at(count, START + 20 * 60_000));
    expect(mean).toBeCloseTo(0.1 * Math.exp(0.08), 2);
  });
});
