/**
 * The fast paths for aggregations of range aggregations (pushdown.ts, range-sum.ts) must answer
 * exactly as the plain evaluation: results (toEqual tells -0 from 0), stats and errors.
 */
import { describe, expect, it } from 'vitest';
import type { LogQueryOptions } from '../../src/logql/api.js';
import { evalLogQL } from '../../src/logql/index.js';
import { type StreamSpec, storeOf, T0 } from './helpers.js';

const lines = (n: number, f: (i: number) => string): [number, string][] =>
  Array.from({ length: n }, (_, i) => [i * 7, f(i)]);

const STREAMS: StreamSpec[] = [
  {
    labels: { app: 'api', level: 'info' },
    lines: lines(400, (i) =>
      i % 13 === 0
        ? `not logfmt "quoted ${i}`
        : `level=${i % 5 ? 'info' : 'error'} cache=${i % 3 ? 'miss' : 'hit'} req=${i} took=${i % 7}ms path=/v${i % 4} empty=`,
    ),
  },
  {
    labels: { app: 'api', level: '' },
    lines: lines(300, (i) => `level=warn req=${i} cache=${i % 2 ? 'miss' : 'hit'}`),
  },
  {
    labels: { app: 'pay' },
    lines: lines(350, (i) =>
      JSON.stringify({
        level: i % 4 ? 'info' : 'error',
        wait_ms: i % 11 === 0 ? 'n/a' : i % 17 === 0 ? -0 : (i * 37) % 1000,
        req: { id: i, ok: i % 2 === 0 },
        zero: i % 5 === 0 ? '-0' : '0',
      }),
    ),
  },
  // Scanned first but later in time: the plain path meets -0 first, a time-ordered group 0 first.
  { labels: { app: 'zed', part: 'a' }, lines: [[3000, 'v=-0']] },
  { labels: { app: 'zed', part: 'b' }, lines: [[10, 'v=0']] },
];

const store = storeOf(STREAMS);

/** `outer (inner)` the fast ways, and `outer (inner * 1)`: a binary operand, which neither takes. */
function both(outer: string, inner: string, opts: LogQueryOptions) {
  const get = (query: string) => {
    try {
      const r = evalLogQL(store, query, opts);
      return { value: r.value, lines: r.stats.linesProcessed, bytes: r.stats.bytesProcessed };
    } catch (e) {
      return { error: (e as Error).message };
    }
  };
  return { fast: get(`${outer} (${inner})`), plain: get(`${outer} (${inner} * 1)`) };
}

const QUERIES: [string, string][] = [
  ['sum', 'count_over_time({app="api"} | logfmt | cache="miss" [1h])'],
  ['sum by (level)', 'count_over_time({app="api"} | logfmt [10m])'],
  ['sum by (level, path)', 'count_over_time({app="api"} | logfmt | took > 2 [10m])'],
  ['sum by (level_extracted)', 'count_over_time({app="api"} | logfmt [30m])'],
  ['sum by (level)', 'bytes_over_time({app=~"api|pay"} |= "e" [10m])'],
  ['sum by (app)', 'count_over_time({app=~".+"} | json | __error__="" [10m])'],
  ['sum', 'count_over_time({app="api"} | logfmt --strict | __error__="" [10m])'],
  ['sum', 'count_over_time({app="pay"} | logfmt [10m])'],
  ['sum by (req_ok)', 'count_over_time({app="pay"} | json [10m])'],
  ['sum', 'count_over_time({app="pay"} | json [10m])'],
  ['sum', 'count_over_time({app="api"} | json [1h])'],
  ['max', 'max_over_time({app="pay"} | json | unwrap wait_ms | __error__="" [1h])'],
  ['max by (level)', 'max_over_time({app="pay"} | json | wait_ms > 100 | unwrap wait_ms [10m])'],
  ['min by (level)', 'min_over_time({app="pay"} | json | unwrap wait_ms | __error__="" [10m])'],
  ['max', 'max_over_time({app="pay"} | json | unwrap wait_ms [10m])'],
  ['min', 'min_over_time({app="pay"} | json | unwrap zero | __error__="" [10m])'],
  ['max', 'max_over_time({app="zed"} | logfmt | unwrap v [1h])'],
  ['2 * sum by (level)', 'count_over_time({app="api"} | logfmt [5m])'],
  ['sum without (req)', 'count_over_time({app="api"} | logfmt | __error__="" [5m])'],
  // Fused sums (range-sum.ts): any range aggregation, float values.
  ['sum by (level)', 'rate({app="api"} | logfmt | __error__="" [5m])'],
  ['sum', 'rate({app=~".+"} |= "e" [3m])'],
  ['sum without (req, took)', 'rate({app="api"} | logfmt | __error__="" [5m])'],
  ['sum by (level)', 'sum_over_time({app="pay"} | json | unwrap wait_ms | __error__="" [10m])'],
  ['sum', 'avg_over_time({app="pay"} | json | unwrap wait_ms | __error__="" [10m])'],
  ['sum', 'rate({app="pay"} | json [10m])'],
];

describe('aggregations of range aggregations', () => {
  for (const [outer, inner] of QUERIES) {
    it(`same answer: ${outer} (${inner})`, () => {
      const end = T0 + 3600_000;
      const instant = both(outer, inner, { start: end, end });
      expect(instant.fast).toEqual(instant.plain);
      const range = both(outer, inner, { start: T0, end, step: 60_000 });
      expect(range.fast).toEqual(range.plain);
    });
  }

  it('keeps the plain path error for a line that fails to parse', () => {
    const end = T0 + 3600_000;
    const r = both('sum', 'count_over_time({app="api"} | json [1h])', { start: end, end });
    expect(r.fast).toHaveProperty('error');
    expect(r.fast).toEqual(r.plain);
  });
});
