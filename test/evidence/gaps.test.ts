/** A gap names a query by id, by its whole text, or by a parseable sub-expression holding a selector. */
import { describe, expect, it } from 'vitest';
import { callNamedByGap, type EvidenceCall, evidenceSet, normalizeQuery } from '../../src/evidence/index.js';

const logs = 'sum(count_over_time({app="payments"} |= "pool exhausted" | json | unwrap wait_ms [1h]))';
const metrics = 'sum by (le) (rate(db_pool_acquire_duration_seconds_bucket{service="payments"}[5m]))';
const call = (
  id: string,
  source: 'logs' | 'metrics',
  query: string,
  outcome: EvidenceCall['outcome'],
): EvidenceCall => ({
  id,
  tool: source === 'logs' ? 'query_logs' : 'query_metrics',
  class: 'live',
  source,
  query,
  outcome,
  reallyFailed: outcome === 'failed',
  ran: true,
});
const set = evidenceSet([call('c1', 'logs', logs, 'failed'), call('c2', 'metrics', metrics, 'empty')]);
const named = (failedQuery: string, accept: 'really-failed' | 'unproductive' = 'unproductive') =>
  callNamedByGap(set, { failedQuery }, accept)?.id;

describe('callNamedByGap', () => {
  it('matches the whole query whatever the whitespace outside string literals', () => {
    expect(named(logs)).toBe('c1');
    expect(
      named('sum( count_over_time( { app = "payments" } |= "pool exhausted"|json|unwrap wait_ms[1h] ) )'),
    ).toBe('c1');
    expect(named(logs.replace('pool exhausted', 'poolexhausted'))).toBeUndefined();
  });

  it('matches a parseable sub-expression that holds a selector: stream selector, log pipeline, inner PromQL', () => {
    expect(named('{app="payments"}')).toBe('c1');
    expect(named('{app="payments"} |= "pool exhausted"')).toBe('c1');
    expect(named('{app="payments"} |= "pool exhausted" | json')).toBe('c1');
    expect(named('{app="payments"} |= "pool exhausted" | json | unwrap wait_ms [1h]')).toBe('c1');
    expect(named('rate(db_pool_acquire_duration_seconds_bucket{service="payments"}[5m])')).toBe('c2');
    expect(named('db_pool_acquire_duration_seconds_bucket{service="payments"}')).toBe('c2');
  });

  it('never matches a fragment that does not parse or holds no selector', () => {
    for (const f of ['sum', '{', '|= "pool', '"payments"', 'app="payments"', '5m', '[1h]', 'le', '']) {
      expect(named(f), f).toBeUndefined();
    }
    expect(named('{app="checkout"}')).toBeUndefined();
  });

  it('gives coverage only for calls that really failed; a clean empty names an undetermined part only', () => {
    expect(named('{app="payments"}', 'really-failed')).toBe('c1');
    expect(named(metrics, 'really-failed')).toBeUndefined();
    expect(named(metrics, 'unproductive')).toBe('c2');
  });

  it('matches by call id when the id exists and fits', () => {
    expect(callNamedByGap(set, { callId: 'c1' }, 'really-failed')?.id).toBe('c1');
    expect(callNamedByGap(set, { callId: 'c9' }, 'unproductive')).toBeUndefined();
    expect(callNamedByGap(set, { callId: 'c1' }, 'unproductive', ['metrics'])).toBeUndefined();
  });

  it('normalizes whitespace outside literals only', () => {
    expect(normalizeQuery(' { a = "x y" } ')).toBe('{a="x y"}');
  });
});
