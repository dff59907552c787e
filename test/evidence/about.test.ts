/** Which measurement a call or a sentence is about. */
import { describe, expect, it } from 'vitest';
import { type EvidenceCall, isAbout, measurementsNamed } from '../../src/evidence/index.js';
import type { MeasurementSpec } from '../../src/formats/golden.js';

const m = (id: string, source: 'logs' | 'metrics', route: string, obtainable = true): MeasurementSpec => ({
  id,
  source,
  route,
  obtainable,
});
const breaker = m(
  'breaker_open_lines',
  'logs',
  'sum(count_over_time({app="gateway"} |= "circuit breaker open" [1h]))',
);
const authErrors = m('auth_error_lines', 'logs', 'sum(count_over_time({app="auth"} |= "error" [1h]))');
const inUse = m(
  'pool_in_use_peak',
  'metrics',
  'max(max_over_time(db_pool_connections_in_use{service="auth"}[1h]))',
);
const specs = [breaker, authErrors, inUse];
const ctx = (part?: 'A' | 'B') => ({
  part,
  partOf: (x: MeasurementSpec) => (x === inUse ? ('A' as const) : ('B' as const)),
  alertValues: new Set(['gateway-api', 'page']),
});
const ids = (s: string, part?: 'A' | 'B') => measurementsNamed(s, specs, ctx(part)).map((x) => x.id);

describe('measurementsNamed', () => {
  it('names by id, by significant words, by line-filter phrase', () => {
    expect(ids('breaker_open_lines is 0')).toEqual(['breaker_open_lines']);
    expect(ids('No circuit breaker open lines found in the logs')).toEqual(['breaker_open_lines']);
    expect(ids('nothing about a circuit breaker open here')).toEqual(['breaker_open_lines']);
  });

  it('names by a selector value only with the source or the part in view', () => {
    expect(ids('No errors in the auth logs.')).toEqual(['auth_error_lines']);
    expect(ids('auth looked fine', 'B')).toEqual(['auth_error_lines']);
    expect(ids('auth looked fine', 'A')).toEqual(['pool_in_use_peak']);
    expect(ids('auth looked fine')).toEqual([]);
    expect(ids('the {app="auth"} stream was clean')).toEqual(['auth_error_lines']);
  });
});

describe('isAbout', () => {
  const c = (query: string, source: 'logs' | 'metrics' = 'logs'): EvidenceCall => ({
    id: 'c1',
    tool: 'query_logs',
    class: 'live',
    source,
    query,
    outcome: 'ok',
    reallyFailed: false,
    ran: true,
  });
  it('is about a measurement when it reads the same stream with the same exact line filters', () => {
    expect(isAbout(c('{app="gateway"} |= "circuit breaker open"'), breaker)).toBe(true);
    expect(
      isAbout(c('sum(count_over_time({app="gateway", env="prod"} |= "circuit breaker open" [5m]))'), breaker),
    ).toBe(true);
    expect(isAbout(c('{app="gateway"} |= "timeout"'), breaker)).toBe(false);
    expect(isAbout(c('{app="auth"} |= "circuit breaker open"'), breaker)).toBe(false);
    expect(isAbout(c('max(db_pool_connections_in_use{service="auth"})', 'metrics'), inUse)).toBe(true);
    expect(isAbout(c('max(db_pool_connections_max{service="auth"})', 'metrics'), inUse)).toBe(false);
  });
});
