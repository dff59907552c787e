/** The LogQL engine's evaluation deadline: spent per line and window, Loki's 504/499 texts when it fires. */
import { describe, expect, it, vi } from 'vitest';
import { LogQLError } from '../../src/logql/api.js';
import { evalLogQL, LOKI_CANCELED_TEXT, LOKI_TIMEOUT_TEXT } from '../../src/logql/index.js';
import { Deadline } from '../../src/world/deadline.js';
import { LogStore } from '../../src/world/log-store.js';

const T0 = Date.UTC(2026, 2, 14, 13, 0, 0);
const HOUR = 3_600_000;
const store = new LogStore();
// 20,000 lines, each its own series once parsed (a request id): the expensive case for windows.
for (let i = 0; i < 20_000; i++) store.push({ app: 'api' }, T0 + i * 180, `level=info id=${i} msg="served"`);

function failure(f: () => unknown): LogQLError {
  try {
    f();
  } catch (e) {
    if (e instanceof LogQLError) return e;
    throw e;
  }
  throw new Error('expected the query to fail');
}

describe('LogQL deadline', () => {
  it('stops a range query whose windows are many with Loki timeout text', () => {
    // The clock the deadline reads, stepped by hand: it passes the deadline at the engine's third
    // look, a few thousand units of work into seconds of it. A loaded machine cannot stretch it.
    let looks = 0;
    const now = vi.spyOn(Date, 'now').mockImplementation(() => (++looks >= 3 ? 2_000 : 1_000));
    try {
      const e = failure(() =>
        evalLogQL(store, 'sum by (level) (rate({app="api"} | logfmt [1h]))', {
          start: T0,
          end: T0 + HOUR,
          step: 1000,
          deadline: new Deadline({ atMs: 1_500 }),
        }),
      );
      expect([e.errorType, e.message]).toEqual(['timeout', LOKI_TIMEOUT_TEXT]);
      // it stopped at the first look past the deadline, as it went, not after the work
      expect(looks).toBe(3);
    } finally {
      now.mockRestore();
    }
  });

  it('stops a log query line by line once canceled', () => {
    const e = failure(() =>
      evalLogQL(store, '{app="api"} |= "served"', {
        start: T0,
        end: T0 + HOUR,
        limit: 100_000,
        deadline: new Deadline({ canceled: () => true }),
      }),
    );
    expect([e.errorType, e.message]).toEqual(['canceled', LOKI_CANCELED_TEXT]);
  });

  it('leaves answers and stats unchanged when the deadline does not fire', () => {
    const q = 'sum(count_over_time({app="api"} |= "served" [10m]))';
    const opts = { start: T0, end: T0 + HOUR, step: 60_000 };
    const free = evalLogQL(store, q, opts);
    const bounded = evalLogQL(store, q, { ...opts, deadline: new Deadline({ atMs: Date.now() + 60_000 }) });
    expect(bounded).toEqual(free);
    expect(Object.keys(bounded.stats).sort()).toEqual([
      'bytesProcessed',
      'entriesReturned',
      'linesProcessed',
    ]);
  });
});
