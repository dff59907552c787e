/**
 * The `stale-tools` fault and its tool catalog (backend/catalog.ts, docs/faults.md): stale tools
 * answer the gateway's 502 until the catalog is refreshed by each of its triggers, and every call
 * the catalog lists carries the version that served it.
 */
import { describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse, Backend } from '../../src/backend/api.js';
import { catalogFor, ToolCatalog } from '../../src/backend/catalog.js';
import { withFaults } from '../../src/backend/faults/layer.js';
import { type Clock, VirtualClock } from '../../src/clock.js';
import type { FaultSpec } from '../../src/formats/golden/schema.js';
import { classify } from '../../src/protocol/classify.js';
import { makeGolden } from './fixtures.js';

const ok: Backend = {
  async handle(): Promise<ApiResponse> {
    return { status: 200, json: { status: 'success', data: { resultType: 'vector', result: [] } } };
  },
};
const prom = (): ApiRequest => ({ api: 'prom.query', params: { query: 'up' } });
const labels = (): ApiRequest => ({ api: 'prom.labels', params: {} });

/** A clock the test moves by hand (the catalog only reads `now`; these faults never sleep). */
function manualClock(): Clock & { advance(ms: number): void } {
  const v = new VirtualClock();
  let t = 0;
  return Object.assign(Object.create(v) as Clock, { now: () => t, advance: (ms: number) => void (t += ms) });
}

function stack(extra: Record<string, unknown> = {}) {
  const clock = manualClock();
  const fault = {
    id: 'stale',
    kind: 'stale-tools',
    match: { api: ['prom.query', 'loki.query_range'] },
    ...extra,
  } as FaultSpec;
  const catalog = catalogFor([fault], clock);
  if (!catalog) throw new Error('a stale-tools fault makes a catalog');
  const b = withFaults(ok, [fault], makeGolden(), { clock, seed: 1, catalog });
  return { clock, catalog, b };
}

describe('stale-tools', () => {
  it('answers a stale tool with the gateway 502 (credentials accepted), a failure to the typed class', async () => {
    const { b } = stack();
    const r = await b.handle(prom());
    expect(r.status).toBe(502);
    expect(r.text).toMatch(/^Bad Gateway: upstream query-tools v1 .*\(credentials accepted\)$/);
    expect(r.fault).toBe('stale');
    expect(r.catalog).toEqual({ version: 1, stale: true });
    expect(classify(r).outcome).toBe('failed');
  });

  it('a refresh on request brings the working tools: version 2, the engines answer', async () => {
    const { b, catalog } = stack({ status: 503, message: 'upstream image crashed' });
    const before = await b.handle(prom());
    expect([before.status, before.text]).toEqual([503, 'upstream image crashed']);
    expect(catalog.refresh()).toBe(true);
    expect(catalog.refresh()).toBe(false);
    const after = await b.handle(prom());
    expect(after.status).toBe(200);
    expect(after.fault).toBeUndefined();
    expect(after.catalog).toEqual({ version: 2, stale: false });
    expect(catalog.refreshes).toEqual([{ cause: 'request', atMs: 0, version: 2 }]);
  });

  it('refreshAfter: stale until that much of the trial clock has passed', async () => {
    const { b, clock, catalog } = stack({ refreshAfter: '30s' });
    expect(catalog.dueInMs()).toBe(30_000);
    clock.advance(29_999);
    expect((await b.handle(prom())).status).toBe(502);
    clock.advance(1);
    expect(catalog.dueInMs()).toBe(0);
    const r = await b.handle(prom());
    expect([r.status, r.catalog]).toEqual([200, { version: 2, stale: false }]);
    expect(catalog.refreshes[0]).toMatchObject({ cause: 'time', atMs: 30_000 });
    expect(catalog.dueInMs()).toBeUndefined();
  });

  it('refreshAfterCalls: the n-th stale answer is still stale, the next call is not', async () => {
    const { b, catalog } = stack({ refreshAfterCalls: 3 });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await b.handle(prom())).status);
    expect(statuses).toEqual([502, 502, 502, 200, 200]);
    expect(catalog.refreshes).toEqual([{ cause: 'calls', atMs: 0, version: 2 }]);
  });

  it('a call the catalog does not list is neither stale nor tagged, and does not count', async () => {
    const { b } = stack({ refreshAfterCalls: 1 });
    const r = await b.handle(labels());
    expect(r.status).toBe(200);
    expect(r.catalog).toBeUndefined();
    expect((await b.handle(prom())).status).toBe(502);
  });

  it('a call the fault lets through (match.calls) is served by the catalog but not stale', async () => {
    const { b } = stack({ match: { api: ['prom.query'], calls: { after: 1 } } });
    const first = await b.handle(prom());
    expect([first.status, first.catalog]).toEqual([200, { version: 1, stale: false }]);
    const second = await b.handle(prom());
    expect([second.status, second.catalog]).toEqual([502, { version: 1, stale: true }]);
  });

  it('tells its listeners once per change', () => {
    const clock = new VirtualClock();
    const c = new ToolCatalog({ id: 's', kind: 'stale-tools', match: {} } as never, clock);
    const seen: string[] = [];
    const off = c.onChange((s, cause) => seen.push(`${cause}:${s.version}`));
    c.refresh('request');
    c.refresh('request');
    off();
    expect(seen).toEqual(['request:2']);
    expect(c.state()).toEqual({ version: 2, stale: false });
  });

  it('a bare fault layer keeps its own catalog; a golden without the fault has none', async () => {
    const clock = new VirtualClock();
    const b = withFaults(ok, [{ id: 's', kind: 'stale-tools', match: {} } as FaultSpec], makeGolden(), {
      clock,
      seed: 1,
    });
    expect((await b.handle(prom())).status).toBe(502);
    expect(catalogFor([{ id: 'e', kind: 'empty', match: {} } as FaultSpec], clock)).toBeUndefined();
  });
});
