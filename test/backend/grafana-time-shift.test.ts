/** `--shift-to-now`: a wall-clock client sees the golden's data, with timestamps in its own time. */
import { afterAll, describe, expect, it } from 'vitest';
import { createBackendStack, startHttpServer, withCallIds, withTimeShift } from '../../src/backend/index.js';
import { RealClock } from '../../src/clock.js';
import { makeGolden, makeWorld, NOW } from './fixtures.js';

const golden = makeGolden({ capacity: { prometheus: { latency: 0 }, loki: { latency: 0 } } });
const { backend, queryLog } = createBackendStack(golden, makeWorld(), {
  faults: false,
  clock: new RealClock(),
  seed: 1,
});
const shiftMs = Date.now() - NOW;
const server = await startHttpServer(withTimeShift(withCallIds(backend), shiftMs), {
  golden,
  nowMs: () => Date.now(),
});
afterAll(() => server.close());

type Answer = { data: { result: { value: [number, string]; values: [string, string][] }[] } };

async function get(path: string, q: Record<string, string>) {
  const u = new URL(path, server.url);
  for (const [k, v] of Object.entries(q)) u.searchParams.append(k, v);
  const r = await fetch(u);
  return { id: r.headers.get('x-rematch-call-id'), json: (await r.json()) as Answer };
}

describe('time shift and call ids', () => {
  it('answers a wall-clock instant query with the value at the golden now, stamped in wall time', async () => {
    const wall = Date.now() / 1000;
    const r = await get('/api/v1/query', {
      query: 'sum(http_requests_total{code="500"})',
      time: String(wall),
    });
    const [t, v] = r.json.data.result[0].value;
    expect(v).toBe(String(15 * 240));
    expect(Math.abs(t - wall)).toBeLessThan(1);
    // the log keeps golden time: the wall time asked, moved back by the shift (to the ms; not
    // "near NOW", which drifts with the time this file took to get here)
    expect(
      Math.abs(Number(queryLog.entries().at(-1)?.params.time) * 1000 - (wall * 1000 - shiftMs)),
    ).toBeLessThan(1);
    expect(r.id).toMatch(/^c\d+$/);
    expect(queryLog.entries().at(-1)?.origin).toBe(r.id);
  });

  it('shifts Loki nanosecond requests and stream entries', async () => {
    const endNs = `${BigInt(Date.now()) * 1_000_000n}`;
    const startNs = `${BigInt(Date.now() - 300_000) * 1_000_000n}`;
    const r = await get('/loki/api/v1/query_range', {
      query: '{app="payments", level="error"}',
      start: startNs,
      end: endNs,
    });
    const values = r.json.data.result[0].values;
    expect(values).toHaveLength(5);
    for (const [ns] of values) {
      expect(BigInt(ns) >= BigInt(startNs) && BigInt(ns) <= BigInt(endNs)).toBe(true);
    }
  });

  it('takes "now" in Grafana time ranges as the wall clock', async () => {
    const res = await fetch(new URL('/api/ds/query', server.url), {
      method: 'POST',
      body: JSON.stringify({
        from: 'now-5m',
        to: 'now',
        queries: [{ refId: 'A', datasource: { uid: 'rematch-prometheus' }, expr: 'up', intervalMs: 60_000 }],
      }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { results: { A: { frames: { data: { values: number[][] } }[] } } };
    const [times, values] = body.results.A.frames[0].data.values;
    expect(values).toEqual([1, 1, 1, 1, 1, 1]);
    expect(Math.abs(times[5] - Date.now())).toBeLessThan(60_000);
  });
});
