/**
 * Gated sessions' lifetimes and what a header-less client gets: a request without a session key
 * gets the typed failure class only (no ledger, no halt, however many fail), idle sessions are
 * dropped (never one with a call in flight), and a session keeps only its calls in flight, not
 * every call it ever served. Sessions are the bench's (`bench serve --gates`): `POST
 * /rematch/session` opens one under an id nobody can guess, a key the bench never issued is
 * refused, so one client cannot end or pre-halt another's, only the holder's `DELETE` ends it, and
 * a flood of new sessions cannot evict a halted one. A command-seat trial's one session ignores
 * the agent's header and cannot be ended or reopened through the route.
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

async function serve(idleMs?: number, now?: () => number, maxSessions?: number) {
  const inner = new TestBackend(new RealClock(), rules, 1);
  const gated = gatedBackend(inner, {
    golden: testGolden(),
    gateSet,
    idleMs,
    now,
    maxSessions,
    settleMs: 0,
    issued: true,
  });
  const http = await startHttpServer(gated, {
    sessions: { open: () => gated.open(), end: (k) => gated.close(k) },
  });
  servers.push(http);
  return { gated, url: http.url };
}

async function open(url: string): Promise<string> {
  const r = await fetch(`${url}/rematch/session`, { method: 'POST' });
  expect(r.status).toBe(201);
  const { session } = (await r.json()) as { session: string };
  expect(r.headers.get('x-rematch-session')).toBe(session);
  return session;
}

async function halt(url: string, session: string) {
  for (let i = 0; i < 3; i++) {
    await logs(url, session);
    await pause();
  }
  expect((await up(url, session)).status).toBe(403);
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

  it('POST /rematch/session opens a session under an id nobody can guess; a key never issued is refused', async () => {
    const { gated, url } = await serve();
    const a = await open(url);
    const b = await open(url);
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(b).not.toBe(a);
    expect((await up(url, a)).status).toBe(200);
    const made = await up(url, 'my-own-name');
    expect(made.status).toBe(400);
    expect(made.headers.get('x-rematch-gate')).toBe('unknown-session');
    expect(((await made.json()) as { error: string }).error).toMatch(
      /^unknown session "my-own-name": open one/,
    );
    expect((await logs(url, 'my-own-name')).status).toBe(400);
    expect(gated.size).toBe(2);
  }, 30_000);

  it('only its holder ends a session; ending it forgets the halt, and the id is then refused', async () => {
    const { gated, url } = await serve();
    const a = await open(url);
    const b = await open(url);
    await halt(url, a);
    // another client cannot end it, nor halt b by naming a key of its own
    const guess = await fetch(`${url}/rematch/session`, {
      method: 'DELETE',
      headers: { 'X-Rematch-Session': 'a' },
    });
    expect(guess.status).toBe(404);
    expect((await up(url, a)).status).toBe(403);
    expect((await up(url, b)).status).toBe(200);
    const del = await fetch(`${url}/rematch/session`, {
      method: 'DELETE',
      headers: { 'X-Rematch-Session': a },
    });
    expect(del.status).toBe(204);
    expect(gated.size).toBe(1);
    expect((await up(url, a)).status).toBe(400);
    const c = await open(url);
    expect((await up(url, c)).status).toBe(200);
  }, 30_000);

  it('a flood of new sessions never evicts a halted one; when only halted ones are left, POST refuses', async () => {
    const { gated, url } = await serve(undefined, undefined, 3);
    const a = await open(url);
    await halt(url, a);
    for (let i = 0; i < 20; i++) await open(url);
    expect(gated.size).toBe(3);
    expect((await up(url, a)).status).toBe(403);
    expect(gated.halted(a)).toBe(true);
    const [b, c] = [await open(url), await open(url)];
    await halt(url, b);
    await halt(url, c);
    const full = await fetch(`${url}/rematch/session`, { method: 'POST' });
    expect(full.status).toBe(503);
    for (const s of [a, b, c]) expect((await up(url, s)).status).toBe(403);
  }, 30_000);

  it('keyed by the transport (MCP): a flood of new keys never evicts a halted session either', async () => {
    const inner = new TestBackend(new RealClock(), rules, 1);
    const gated = gatedBackend(inner, { golden: testGolden(), gateSet, settleMs: 0, maxSessions: 3 });
    const http = await startHttpServer(gated);
    servers.push(http);
    await halt(http.url, 'a');
    for (let i = 0; i < 20; i++) await up(http.url, `flood-${i}`);
    expect(gated.size).toBe(3);
    expect((await up(http.url, 'a')).status).toBe(403);
  }, 30_000);

  it('idle sessions are dropped, a halted one too; a session keeps only its calls in flight', async () => {
    let t = 1_000_000;
    const { gated, url } = await serve(60_000, () => t);
    const a = await open(url);
    const b = await open(url);
    await halt(url, a);
    expect(gated.size).toBe(2);
    expect(gated.session(b).calls).toEqual([]);
    t += 61_000;
    await open(url);
    expect(gated.size).toBe(1);
    expect((await up(url, a)).status).toBe(400);
  }, 30_000);
});

describe('a command-seat trial’s session', () => {
  it('is one, whatever header the agent sends; the route cannot end or reopen it', async () => {
    const inner = new TestBackend(new RealClock(), rules, 1);
    const gated = gatedBackend(inner, { golden: testGolden(), gateSet, settleMs: 0, single: true });
    const http = await startHttpServer(gated, { sessions: 'fixed' });
    servers.push(http);
    for (const s of ['mine', 'other', undefined]) {
      await logs(http.url, s);
      await pause();
    }
    for (const s of ['mine', 'fresh', undefined]) expect((await up(http.url, s)).status).toBe(403);
    for (const method of ['DELETE', 'POST']) {
      const r = await fetch(`${http.url}/rematch/session`, {
        method,
        headers: { 'X-Rematch-Session': 'mine' },
      });
      expect(r.status).toBe(403);
    }
    expect(gated.close('mine')).toBe(false);
    expect(gated.open()).toBeUndefined();
    for (let i = 0; i < 50; i++) gated.session(`flood-${i}`);
    expect((await up(http.url, 'mine')).status).toBe(403);
  }, 30_000);
});
