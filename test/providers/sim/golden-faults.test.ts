/**
 * What the reference reads off a golden's faults before it asks (golden-faults.ts): the fault that
 * would decide a planned call, held against what the fault layer really answers, and the length
 * limit the faults put on a query.
 */
import { describe, expect, it } from 'vitest';
import { createBackendStack } from '../../../src/backend/index.js';
import { VirtualClock } from '../../../src/clock.js';
import type { Golden } from '../../../src/formats/golden/normalized.js';
import type { FaultSpec } from '../../../src/formats/golden/schema.js';
import { loadGolden } from '../../../src/formats/load.js';
import { oneStepRange } from '../../../src/providers/sim/reference/ask.js';
import { faultOn, lengthLimit } from '../../../src/providers/sim/reference/golden-faults.js';
import { queryCall } from '../../../src/providers/sim/routes.js';
import { buildWorld } from '../../../src/world/build.js';
import { writeTinyGolden } from '../../e2e/tiny-golden.js';

const COUNT = 'sum(count_over_time({app="payments"} |= "pool exhausted" [1h]))';

function withFaults(faults: FaultSpec[]): Golden {
  const g = loadGolden(writeTinyGolden());
  return { ...g, faults };
}

describe('faultOn', () => {
  const at = new Date(Date.parse('2026-03-14T14:40:00Z')).toISOString();
  const instant = queryCall('logs', COUNT, at);
  const range = oneStepRange('logs', COUNT, at);

  it('names the first deciding fault by API, query and time, latency aside', () => {
    const g = withFaults([
      { id: 'slow', kind: 'latency', latency: 100, match: {} },
      { id: 'instant-only', kind: 'failed-envelope', match: { api: ['loki.query'], query: 'pool' } },
      { id: 'later', kind: 'empty', match: { api: ['loki'], from: '1h50m' } },
    ]);
    expect(faultOn(g, instant)).toMatchObject({ fault: { id: 'instant-only' }, index: 1, sure: true });
    expect(faultOn(g, range)).toBeUndefined();
    // the range form asked at 14:55 reads back to 13:55: it meets `later` (from 14:50)
    expect(faultOn(g, oneStepRange('logs', COUNT, '2026-03-14T14:55:00.000Z'))?.fault.id).toBe('later');
  });

  it('agrees with the fault layer on every fault it is sure of', async () => {
    const g = withFaults([
      { id: 'mql', kind: 'max-query-length', limit: '30m', match: { api: ['loki.query'] } },
      {
        id: 'range-5xx',
        kind: 'http-error',
        status: 503,
        match: { api: ['loki.query_range'], query: 'pool' },
      },
    ]);
    const { backend } = createBackendStack(g, buildWorld(g), {
      faults: true,
      clock: new VirtualClock(),
      seed: 1,
      capacity: false,
    });
    const ns = (iso: string) => (BigInt(Date.parse(iso)) * 1_000_000n).toString();
    const cases = [
      { call: instant, req: { api: 'loki.query' as const, params: { query: COUNT, time: ns(at) } } },
      {
        call: queryCall('logs', COUNT.replace('[1h]', '[30m]'), at),
        req: { api: 'loki.query' as const, params: { query: COUNT.replace('[1h]', '[30m]'), time: ns(at) } },
      },
      {
        call: range,
        req: {
          api: 'loki.query_range' as const,
          params: { query: COUNT, start: ns(at), end: ns(at), step: '60' },
        },
      },
    ];
    for (const { call, req } of cases) {
      const res = await backend.handle({ ...req, origin: 'test' });
      expect({ q: req, predicted: faultOn(g, call)?.fault.id }).toEqual({ q: req, predicted: res.fault });
    }
  });

  it('is not sure of a fault that counts calls or needs the answer', () => {
    const g = withFaults([{ id: 'first', kind: 'rate-limit', match: { calls: { first: 1 } } }]);
    expect(faultOn(g, instant)).toMatchObject({ fault: { id: 'first' }, sure: false });
  });
});

describe('lengthLimit', () => {
  it("takes the smallest limit of the faults that apply to the route's API and text", () => {
    const g = withFaults([
      { id: 'mql', kind: 'max-query-length', limit: '30m', match: { api: ['loki'] } },
      { id: 'narrow', kind: 'max-query-length', limit: '10m', match: { query: 'gateway' } },
      { id: 'prom-timeout', kind: 'timeout', match: { api: ['prom.query'], rangeOver: '20m' } },
    ]);
    const now = g.ms.now;
    expect(lengthLimit(g, 'logs', COUNT, now)).toBe(30 * 60_000);
    expect(lengthLimit(g, 'logs', '{app="gateway"}', now)).toBe(10 * 60_000);
    expect(lengthLimit(g, 'metrics', 'max_over_time(x[1h])', now)).toBe(20 * 60_000);
  });
});
