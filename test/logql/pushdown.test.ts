/**
 * The grouped fast path (pushdown.ts) must answer exactly as the plain evaluation. `Q or <empty>`
 * is the same query evaluated the plain way (an `or` operand's order is observable, so it is never
 * pushed down); results, stats and errors are compared as they are.
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
const EMPTY = '{app="none"}';

function both(q: string, opts: LogQueryOptions) {
  const plainQ = `${q} or ${q.replaceAll(/\{app=~?"[^"]*"\}/g, EMPTY)}`;
  const get = (query: string) => {
    try {
      const r = evalLogQL(store, query, opts);
      return { value: r.value, lines: r.stats.linesProcessed, bytes: r.stats.bytesProcessed };
    } catch (e) {
      return { error: (e as Error).message };
    }
  };
  return { fast: get(q), plain: get(plainQ) };
}

const QUERIES = [
  'sum(count_over_time({app="api"} | logfmt | cache="miss" [1h]))',
  'sum by (level) (count_over_time({app="api"} | logfmt [10m]))',
  'sum by (level, path) (count_over_time({app="api"} | logfmt | took > 2 [10m]))',
  'sum by (level_extracted) (count_over_time({app="api"} | logfmt [30m]))',
  'sum by (level) (bytes_over_time({app=~"api|pay"} |= "e" [10m]))',
  'sum by (app) (count_over_time({app=~".+"} | json | __error__="" [10m]))',
  'sum(count_over_time({app="api"} | logfmt --strict | __error__="" [10m]))',
  'sum(count_over_time({app="pay"} | logfmt [10m]))',
  'sum by (req_ok) (count_over_time({app="pay"} | json [10m]))',
  'sum(count_over_time({app="pay"} | json [10m]))',
  'max(max_over_time({app="pay"} | json | unwrap wait_ms | __error__="" [1h]))',
  'max by (level) (max_over_time({app="pay"} | json | wait_ms > 100 | unwrap wait_ms [10m]))',
  'min by (level) (min_over_time({app="pay"} | json | unwrap wait_ms | __error__="" [10m]))',
  'max(max_over_time({app="pay"} | json | unwrap wait_ms [10m]))',
  'min(min_over_time({app="pay"} | json | unwrap zero | __error__="" [10m]))',
  'max(max_over_time({app="zed"} | logfmt | unwrap v [1h]))',
  'sum by (level) (count_over_time({app="api"} | logfmt [5m])) * 2',
  'sum without (req) (count_over_time({app="api"} | logfmt | __error__="" [5m]))',
];

describe('sum/max/min pushdown', () => {
  for (const q of QUERIES) {
    it(`same answer: ${q}`, () => {
      const end = T0 + 3600_000;
      const instant = both(q, { start: end, end });
      expect(instant.fast).toEqual(instant.plain);
      const range = both(q, { start: T0, end, step: 60_000 });
      expect(range.fast).toEqual(range.plain);
    });
  }

  it('keeps the plain path error for a line that fails to parse', () => {
    const r = both('sum(count_over_time({app="api"} | json [1h]))', {
      start: T0 + 3600_000,
      end: T0 + 3600_000,
    });
    expect(r.fast).toHaveProperty('error');
    expect(r.fast).toEqual(r.plain);
  });
});
