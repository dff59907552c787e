/** Which measurement a call or a claim is about. */
import { describe, expect, it } from 'vitest';
import { type EvidenceCall, evidenceSet, isAbout, linker } from '../../src/evidence/index.js';
import type { Golden } from '../../src/formats/golden/normalized.js';
import type { MeasurementSpec } from '../../src/formats/golden/schema.js';

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
const golden = {
  parts: {
    A: { question: 'a', measurements: [inUse] },
    B: { question: 'b', measurements: [breaker, authErrors] },
  },
  world: { metrics: [], logs: [{ stream: { app: ['gateway', 'auth'] } }] },
  title: 'the auth service and the gateway',
  prompt: 'p',
  alert: { name: 'A', labels: { service: 'gateway-api' }, expr: 'x', activeAt: '1m', summary: 's' },
  rootCause: { component: 'auth', mechanism: 'm', accept: [['auth']] },
} as unknown as Golden;
const link = linker(golden, evidenceSet([]));
const named = (text: string, part?: 'A' | 'B') => {
  const s = link.link({ text, folded: text.toLowerCase(), language: 'en', ...(part ? { part } : {}) });
  return { m: s.measurements.map((x) => x.id), v: s.values, s: s.sources };
};

describe('the subject linker', () => {
  it('names a measurement by id, by its significant words in any inflection, by its filter phrase', () => {
    expect(named('breaker_open_lines is 0').m).toEqual(['breaker_open_lines']);
    expect(named('No circuit breaker open lines found in the logs').m).toEqual(['breaker_open_lines']);
    expect(named('nothing about a circuit breaker opening here').m).toEqual(['breaker_open_lines']);
    expect(named('the {app="auth"} stream was clean').m).toEqual(['auth_error_lines']);
  });

  it('names label values of the world, and measurements of the source or part the text stands in', () => {
    expect(named('No errors in the auth logs.')).toMatchObject({ v: ['auth'], s: ['logs'] });
    expect(named('auth error lines', 'B').m).toEqual(['auth_error_lines']);
    expect(named('the pool in use peak in the auth logs').m).toEqual([]);
    expect(named('the pool in use peak in the auth metrics').m).toEqual(['pool_in_use_peak']);
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
