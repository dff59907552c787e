import { describe, expect, it } from 'vitest';
import { fingerprintOf, maskMessage, queryShape } from '../../src/host/index.js';

describe('fingerprints', () => {
  it('mask numbers, durations and quoted values in failure messages', () => {
    expect(maskMessage('upstream "loki-read-3" timed out after 30s (attempt 2)')).toBe(
      'upstream "…" timed out after # (attempt #)',
    );
  });

  it('give the same fingerprint to a failure under changed label values or ranges', () => {
    const f = (query: string, message: string) =>
      fingerprintOf({
        tool: 'query_logs',
        outcome: 'failed',
        error: { type: 'failed_envelope', message },
        query,
        source: 'logs',
      });
    const a = f('{app="payments"} |= "pool"', 'upstream "loki-read-3" timed out after 30s');
    const b = f('{app="payments-v2"} |= "timeout"', 'upstream "loki-read-1" timed out after 45s');
    expect(a).toBeDefined();
    expect(b).toBe(a);
    expect(f('{app="payments"}', 'connection reset by peer')).not.toBe(a);
  });

  it('key empty results by query shape: metric and label names, not values', () => {
    const e = (query: string) =>
      fingerprintOf({ tool: 'query_metrics', outcome: 'empty', query, source: 'metrics' });
    expect(e('rate(http_requests_total{code="500",service="checkout"}[5m])')).toBe(
      e('rate(http_requests_total{code="503",service="cart"}[15m])'),
    );
    expect(e('rate(http_requests_total{code="500"}[5m])')).not.toBe(
      e('rate(http_requests_total{route="500"}[5m])'),
    );
    expect(e('rate(http_requests_total[5m])')).not.toBe(e('rate(db_pool_waits_total[5m])'));
    const logs = (q: string) => queryShape(q, 'logs');
    expect(logs('sum(count_over_time({app="a"} |= "x" [5m]))')).toBe(
      logs('sum(count_over_time({app="b"} |= "y" [40m]))'),
    );
  });

  it('tell a vacuous empty (the selector matched nothing) from a measured empty of the same shape', () => {
    const e = (query: string, vacuous?: boolean) =>
      fingerprintOf({ tool: 'query_logs', outcome: 'empty', query, source: 'logs', vacuous });
    // g2-scripted-all: c12 measured an empty storefront count, c15 a typo'd selector read nothing
    const measured = e('sum(count_over_time({app="storefront"} |= "error" [30m]))');
    const typo = e('sum(count_over_time({app="storefrnt"} |= "error" [30m]))', true);
    expect(typo).not.toBe(measured);
    // a measured empty keeps the fingerprint it had; typos in a row are still one observation
    expect(e('sum(count_over_time({app="storefront"} |= "error" [30m]))', false)).toBe(measured);
    expect(e('sum(count_over_time({app="storefrt"} |= "error" [5m]))', true)).toBe(typo);
  });

  it('leave ok and error observations without a fingerprint', () => {
    expect(fingerprintOf({ tool: 'query_metrics', outcome: 'ok' })).toBeUndefined();
    expect(fingerprintOf({ tool: 'query_metrics', outcome: 'error' })).toBeUndefined();
  });

  it('fall back to a regex shape for queries the parsers refuse', () => {
    expect(queryShape('rate(foo{a="1"}[5m]', 'metrics')).toBe(queryShape('rate(foo{a="2"}[10m]', 'metrics'));
  });
});
