/**
 * What a gated surface sends on the wire for a failed envelope and for a steer: the typed
 * failure's status follows the envelope's errorType (its own, or its failed element's), as the
 * real servers say it (Loki: timeout 504, canceled 499, bad_data 400, else 500; Prometheus:
 * PROM_STATUS), and a `Warning` header stays short however long the query (the full text is in
 * the gate note), so a client's header limit is never hit.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiResponse } from '../../src/backend/api.js';
import { type HttpServerHandle, startHttpServer } from '../../src/backend/http/server.js';
import { RealClock } from '../../src/clock.js';
import { resolveGateSet } from '../../src/host/index.js';
import { gatedBackend } from '../../src/host/surface/index.js';
import { type Rule, TestBackend, testGolden } from './helpers.js';

const lokiFailed = (errorType: string): ApiResponse => ({
  status: 200,
  json: {
    outcome: 'failed',
    n: 0,
    results: [{ query: 'q', status: 'error', errorType, error: `it ${errorType}` }],
  },
});
const promFailed = (errorType: string): ApiResponse => ({
  status: 200,
  json: { status: 'error', errorType, error: `it ${errorType}` },
});
const rules: Rule[] = [
  (r) => {
    const t = /type=(\w+)/.exec(String(r.params.query))?.[1] ?? 'internal';
    return r.api.startsWith('prom.') ? promFailed(t) : lokiFailed(t);
  },
];
const servers: HttpServerHandle[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function serve() {
  const gated = gatedBackend(new TestBackend(new RealClock(), rules, 1), {
    golden: testGolden(),
    gateSet: resolveGateSet('all'),
    settleMs: 0,
  });
  const http = await startHttpServer(gated);
  servers.push(http);
  return http.url;
}

const get = (url: string, path: string, query: string) =>
  fetch(`${url}${path}?${new URLSearchParams({ query })}`, { headers: { 'X-Rematch-Session': 's' } });

describe('the typed failure by errorType', () => {
  it('Loki: a failed element names the status', async () => {
    const url = await serve();
    const status = async (t: string) =>
      (await get(url, '/loki/api/v1/query_range', `{app="x${t}"} type=${t}`)).status;
    expect(await status('timeout')).toBe(504);
    expect(await status('canceled')).toBe(499);
    expect(await status('bad_data')).toBe(400);
    expect(await status('internal')).toBe(500);
  }, 30_000);

  it('Prometheus: the envelope errorType names the status', async () => {
    const url = await serve();
    const status = async (t: string) => (await get(url, '/api/v1/query', `up{t="${t}"} type=${t}`)).status;
    expect(await status('timeout')).toBe(503);
    expect(await status('canceled')).toBe(499);
    expect(await status('execution')).toBe(422);
  }, 30_000);
});

describe('the Warning header', () => {
  it('a 17 KB query steered and halted: the header is cut and names the call', async () => {
    const url = await serve();
    const query = `up{job="${'x'.repeat(17_000)}"}`;
    // A POST form: a query this long does not fit in a URL.
    const post = () =>
      fetch(`${url}/api/v1/query`, {
        method: 'POST',
        headers: { 'X-Rematch-Session': 's', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ query }),
      });
    await post();
    await new Promise((r) => setTimeout(r, 10));
    const second = await post();
    const warning = second.headers.get('warning') ?? '';
    expect(warning).toMatch(/^299 rematch "\[host:steer\]/);
    expect(warning.length).toBeLessThan(400);
    expect(warning).toMatch(/cut; call c2 has the full text/);
  }, 30_000);
});
