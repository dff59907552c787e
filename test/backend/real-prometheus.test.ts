/**
 * `backend: prometheus`: the same golden answered by a real Prometheus behind the same stack gives
 * the same route values as the embedded engine, and the fault layer still applies on top of it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createBackendStack } from '../../src/backend/index.js';
import { findPrometheusBinaries } from '../../src/backend/oracle/process.js';
import { stopRealPrometheusServers } from '../../src/backend/oracle/real-prometheus.js';
import { VirtualClock } from '../../src/clock.js';
import { loadGolden } from '../../src/formats/load.js';
import { buildWorld } from '../../src/world/build.js';

const bin = findPrometheusBinaries();

describe.skipIf(!bin && process.env.CI !== 'true')('backend: prometheus', () => {
  afterAll(() => stopRealPrometheusServers());

  it('answers the golden routes like the embedded engine, under the same faults', async () => {
    const embedded = loadGolden('goldens/checkout-db-pool-logs-failed');
    const real = { ...embedded, backend: 'prometheus' as const };
    const world = buildWorld(embedded);
    const a = createBackendStack(embedded, world, { faults: true, clock: new VirtualClock(), seed: 1 });
    const b = createBackendStack(real, world, { faults: true, clock: new VirtualClock(), seed: 1 });
    const routes = embedded.parts.A.measurements.filter((m) => m.route && m.source === 'metrics');
    expect(routes.length).toBeGreaterThan(0);
    for (const m of routes) {
      const params = { query: m.route!, time: String((embedded.ms.now + 7000) / 1000) };
      const [x, y] = await Promise.all([
        a.backend.handle({ api: 'prom.query', params }),
        b.backend.handle({ api: 'prom.query', params }),
      ]);
      expect(y.status).toBe(x.status);
      const vx = (x.json as { data: { result: { value: [number, string] }[] } }).data.result.map((r) =>
        Number(r.value[1]),
      );
      const vy = (y.json as { data: { result: { value: [number, string] }[] } }).data.result.map((r) =>
        Number(r.value[1]),
      );
      expect(vy.length).toBe(vx.length);
      for (const [i, v] of vx.entries()) expect(vy[i]).toBeCloseTo(v, 6);
    }
    // The golden's logs fault still fires: Loki stays embedded and the fault layer wraps both.
    const logs = await b.backend.handle({
      api: 'loki.query_range',
      params: { query: 'sum(count_over_time({app="payments"} |= "pool" [5m]))', step: '60' },
    });
    expect(logs.status).toBe(200);
    expect(logs.fault).toBe('payments-logs-failed');
    expect(b.queryLog.size).toBe(routes.length + 1);
  }, 120_000);
});
