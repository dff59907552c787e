/**
 * The LogQL engine's selection record (docs/trace.md#selection): which stream selectors read an
 * entry inside the span the evaluation asked about, counted before any pipeline stage.
 */
import { describe, expect, it } from 'vitest';
import { evalLogQL } from '../../src/logql/index.js';
import { run, type StreamSpec, storeOf, T0, vectorOf } from './helpers.js';

const api: StreamSpec = {
  labels: { app: 'api', env: 'prod' },
  lines: [
    [10, 'level=info status=200 path=/ok'],
    [20, 'level=error status=500 path=/pay'],
    [1800, 'level=info status=200 path=/ok'],
  ],
};
// Entries at 0–10 min and 50–60 min: nothing in between.
const gappy: StreamSpec = {
  labels: { app: 'gappy' },
  lines: [
    [60, 'a'],
    [600, 'b'],
    [3000, 'c'],
    [3590, 'd'],
  ],
};
const streams = [api, gappy];
const H = 3600_000;
const instant = (q: string, endSec = 3600) =>
  run(streams, q, { start: T0 + endSec * 1000, end: T0 + endSec * 1000 });

describe('LogQL selection', () => {
  it('log queries: a typo in a label is unmatched; a line filter that passes nothing is matched', () => {
    expect(run(streams, '{app="api"}').selection).toEqual({ selectors: 1, unmatched: [] });
    expect(run(streams, '{app="apii"}').selection).toEqual({ selectors: 1, unmatched: ['{app="apii"}'] });
    const none = run(streams, '{app="api"} |= "no such text" | logfmt | level="fatal"');
    expect(none.value).toEqual({ type: 'streams', streams: [] });
    expect(none.selection).toEqual({ selectors: 1, unmatched: [] });
  });

  it('a log query reads only entries inside [start, end)', () => {
    const before = run(streams, '{app="api"}', { start: T0 + 2 * H, end: T0 + 3 * H });
    expect(before.selection.unmatched).toEqual(['{app="api"}']);
    // end is exclusive: the entry at exactly 10 s is not read.
    expect(run(streams, '{app="api"}', { start: T0, end: T0 + 10_000 }).selection.unmatched).toEqual([
      '{app="api"}',
    ]);
  });

  it('a measured zero vs a vacuous one: `or vector(0)` over a selector that matched nothing', () => {
    const measured = instant('sum(count_over_time({app="api"} |= "no such text" [1h])) or vector(0)');
    expect(vectorOf(measured).map(([, v]) => v)).toEqual([0]);
    expect(measured.selection).toEqual({ selectors: 1, unmatched: [] });
    const vacuous = instant('sum(count_over_time({app="apii"} |= "error" [1h])) or vector(0)');
    expect(vectorOf(vacuous).map(([, v]) => v)).toEqual([0]);
    expect(vacuous.selection).toEqual({ selectors: 1, unmatched: ['{app="apii"}'] });
  });

  it('names selectors normalized, one per stream selector node, in query order', () => {
    const q = 'sum(rate({ app = "api" } [5m])) / sum(rate({app="nope", env="prod"}[5m]))';
    expect(instant(q, 30).selection).toEqual({ selectors: 2, unmatched: ['{app="nope",env="prod"}'] });
    expect(instant('vector(1)').selection).toEqual({ selectors: 0, unmatched: [] });
  });

  it('absent_over_time over a selector that read nothing is vacuous', () => {
    const r = instant('absent_over_time({app="nope"}[5m])');
    expect(vectorOf(r).map(([, v]) => v)).toEqual([1]);
    expect(r.selection.unmatched).toEqual(['{app="nope"}']);
    expect(instant('absent_over_time({app="api"}[1h])').selection.unmatched).toEqual([]);
  });

  it('every evaluation path of a range aggregation records it (pushdown, sum fast path, plain)', () => {
    for (const q of [
      'sum by (app) (count_over_time({app="gappy"}[5m]))',
      'sum(count_over_time({app="gappy"} | logfmt [5m]))',
      'count_over_time({app="gappy"}[5m])',
      'max(count_over_time({app="gappy"}[5m]))',
    ]) {
      // Window (55m, 60m] holds `d`; window (15m, 20m] lies in the gap.
      expect(instant(q, 3600).selection.unmatched, q).toEqual([]);
      expect(instant(q, 1200).selection.unmatched, q).toEqual(['{app="gappy"}']);
    }
  });

  it('range queries: only the steps’ windows count, not the span between them', () => {
    const store = storeOf(streams);
    const q = 'count_over_time({app="gappy"}[1m])';
    // Steps 20m, 40m (windows (19m,20m] and (39m,40m]): both in the gap.
    const gap = evalLogQL(store, q, { start: T0 + 20 * 60_000, end: T0 + 40 * 60_000, step: 20 * 60_000 });
    expect(gap.value).toEqual({ type: 'matrix', series: [] });
    expect(gap.selection.unmatched).toEqual(['{app="gappy"}']);
    // Steps 10m, 30m, 50m: the first window (9m,10m] holds `b` (at 10m).
    const hit = evalLogQL(store, q, { start: T0 + 10 * 60_000, end: T0 + 50 * 60_000, step: 20 * 60_000 });
    expect(hit.selection.unmatched).toEqual([]);
    // Steps 5m and 55m with a 1m range: the span between them holds `b` and `c`, no window does.
    const between = evalLogQL(store, q, { start: T0 + 5 * 60_000, end: T0 + 55 * 60_000, step: 50 * 60_000 });
    expect(between.selection.unmatched).toEqual(['{app="gappy"}']);
    // offset moves the windows: steps 15m and 55m, offset 5m, read (9m,10m] and (49m,50m]: `b`, `c`;
    // steps 12m and 52m read (6m,7m] and (46m,47m], though `b` lies between them.
    const off = (from: number) =>
      evalLogQL(store, 'count_over_time({app="gappy"}[1m] offset 5m)', {
        start: T0 + from * 60_000,
        end: T0 + (from + 40) * 60_000,
        step: 40 * 60_000,
      }).selection.unmatched;
    expect(off(15)).toEqual([]);
    expect(off(12)).toEqual(['{app="gappy"}']);
  });
});
