/** The PromQL engine's evaluation deadline: spent as it evaluates, Prometheus' errors when it fires. */
import { describe, expect, it, vi } from 'vitest';
import { PromQLError } from '../../src/promql/api.js';
import { instantQuery, rangeQuery } from '../../src/promql/index.js';
import { Deadline } from '../../src/world/deadline.js';
import { load } from './helpers.js';

const store = load(15_000, 'x{a="1"} 0+1x2000\nx{a="2"} 0+2x2000');
/** 1.8 M inner subquery steps: seconds of work without a deadline. */
const HEAVY = 'max_over_time(rate(x[1m])[5h:10ms])';
const T = 2000 * 15_000;

function failure(f: () => unknown): PromQLError {
  try {
    f();
  } catch (e) {
    if (e instanceof PromQLError) return e;
    throw e;
  }
  throw new Error('expected the query to fail');
}

describe('PromQL deadline', () => {
  it('stops an instant query with a timeout once its deadline has passed', () => {
    // The clock the deadline reads, stepped by hand: it passes the deadline at the engine's third
    // look, a few thousand units of work into seconds of it. A loaded machine cannot stretch it.
    let looks = 0;
    const now = vi.spyOn(Date, 'now').mockImplementation(() => (++looks >= 3 ? 2_000 : 1_000));
    try {
      const e = failure(() => instantQuery(store, HEAVY, T, { deadline: new Deadline({ atMs: 1_500 }) }));
      expect([e.errorType, e.message]).toEqual(['timeout', 'query timed out in expression evaluation']);
      // it stopped at the first look past the deadline, as it went, not after the work
      expect(looks).toBe(3);
    } finally {
      now.mockRestore();
    }
  });

  it('stops a range query over many steps too', () => {
    const e = failure(() =>
      rangeQuery(store, 'sum(rate(x[5m]))', 0, T, 3_000, {
        deadline: new Deadline({ atMs: Date.now() - 1 }),
      }),
    );
    expect(e.errorType).toBe('timeout');
  });

  it('answers canceled when its signal aborts or its cancel flag is set', () => {
    const abort = new AbortController();
    abort.abort();
    const e = failure(() =>
      instantQuery(store, HEAVY, T, { deadline: new Deadline({ signal: abort.signal }) }),
    );
    expect([e.errorType, e.message]).toEqual(['canceled', 'query was canceled in expression evaluation']);
    const f = failure(() =>
      instantQuery(store, HEAVY, T, { deadline: new Deadline({ canceled: () => true }) }),
    );
    expect(f.errorType).toBe('canceled');
  });

  it('leaves answers unchanged when the deadline does not fire', () => {
    const q = 'sum by (a) (rate(x[5m]))';
    const free = instantQuery(store, q, T);
    const bounded = instantQuery(store, q, T, { deadline: new Deadline({ atMs: Date.now() + 60_000 }) });
    expect(bounded).toEqual(free);
  });
});
