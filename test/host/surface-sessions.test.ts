/**
 * Gated sessions' lifetimes and what a header-less client gets: a request without a session key
 * gets the typed failure class only (no ledger, no halt, however many fail), `DELETE
 * /rematch/session` ends a session, idle sessions are dropped (never one with a call in flight),
 * and a session keeps only its calls in flight, not every call it ever served.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type HttpServerHandle, startHttpServer } from '../../src/backend/http/server.js';
import { RealClock } from '../../src/clock.js';
import { resolveGateSet } from '../../src/host/index.js';
import { gatedBackend } from '../../src/host/surface/index.js';
import { failedEnvelope, promVector, type Rule, TestBackend, testGolden } from './helpers.js';

const rules: Rule[] = [
  (r) => (String(r.params.query).includes('payments') ? failedEnvelope : undefined),
  (r) => (r.api.startsWith('prom.') ? promVector(1) : undefined),
];
const gateSet = resolveGateSet('all');
const servers: HttpServerHandle[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function serve(idleMs?: number, now?: () => number) {
  const inner = new TestBackend(new RealClock(), rules, 1);
  const gated = gatedBackend(inner, { golden: testGolden(), gateSet, idleMs, now, settleMs: 0 });
  const http = await startHttpServer(gated, { endSession: (k) => gated.close(k) });
  servers.push(http);
  return { gated, url: http.url };
}

const logs = (url: string, session?: string) =>
  fetch(`${url}/loki/api/v1/query_range?${new URLSearchParams({ query: '{app="payments"}' })}`, {
    headers: session ? { 'X-Rematch-Session': session } : {},
  });
const up = (url: string, session?: string) =>
  fetch(`${url}/api/v1/query?query=up`, { headers: session ? { 'X-Rematch-Session': session } : {} });
const pause = () => new Promise((r) => setTimeout(r, 10));

describe('gated sessions', () => {
  it('header-less requests: the typed failure only, never steered or halted, no session kept', async () => {
    const { gated, url } = await serve();
    for (let i = 0; i < 4; i++) {
      const r = await logs(url);
      expect(r.status).toBe(500);
      expect(r.headers.get('warning')).toBeNull();
      await pause();
    }
    expect((await up(url)).status).toBe(200);
    expect(gated.size).toBe(0);
  }, 30_000);

  it('DELETE /rematch/session ends a halted session: the next query starts afresh', async () => {
    const { gated, url } = await serve();
    for (let i = 0; i < 3; i++) {
      await logs(url, 'a');
      await pause();
    }
    expect((await up(url, 'a')).status).toBe(403);
    const del = await fetch(`${url}/rematch/session`, {
      method: 'DELETE',
      headers: { 'X-Rematch-Session': 'a' },
    });
    expect(del.status).toBe(204);
    expect(gated.size).toBe(0);
    expect((await up(url, 'a')).status).toBe(200);
    const again = await fetch(`${url}/rematch/session`, {
      method: 'DELETE',
      headers: { 'X-Rematch-Session': 'zz' },
    });
    expect(again.status).toBe(404);
  }, 30_000);

  it('idle sessions are dropped; a session keeps only its calls in flight', async () => {
    let t = 1_000_000;
    const { gated, url } = await serve(60_000, () => t);
    await up(url, 'a');
    await up(url, 'b');
    expect(gated.size).toBe(2);
    expect(gated.session('b').calls).toEqual([]);
    t += 61_000;
    await up(url, 'c');
    expect(gated.size).toBe(1);
  }, 30_000);
});
