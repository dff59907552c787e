/**
 * The gated surface over real HTTP decides as the host does when the agent sends one turn's calls
 * as concurrent fetches, however fast the backend answers: a refused duplicate or a quick answer
 * does not end the wave (copies sent together are one probe), a deferred call records its defer
 * once, a duplicate of a deferred call is refused, and a deferred call whose client left never runs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse, Backend, GateNote } from '../../src/backend/api.js';
import { type HttpServerHandle, startHttpServer } from '../../src/backend/http/server.js';
import { RealClock } from '../../src/clock.js';
import type { GateName } from '../../src/formats/config.js';
import { gatedBackend } from '../../src/host/surface/index.js';
import type { ToolCall } from '../../src/protocol/model.js';
import { call, TestBackend, testGolden } from './helpers.js';
import { hosted, parityGateSet, SURFACE_RULES } from './surface-helpers.js';

const PATH: Record<string, string> = {
  'prom.query': '/api/v1/query',
  'loki.query_range': '/loki/api/v1/query_range',
};

const servers: HttpServerHandle[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** A served gated backend whose gate notes the test keeps (a decorator over the public Backend). */
async function serve(gateSet: ReturnType<typeof parityGateSet>, latencyMs: number) {
  const inner = new TestBackend(new RealClock(), SURFACE_RULES, latencyMs);
  const gated = gatedBackend(inner, { golden: testGolden(), gateSet });
  const notes: GateNote[] = [];
  const keep: Backend = {
    async handle(r: ApiRequest): Promise<ApiResponse> {
      const a = await gated.handle(r);
      if (a.gate) notes.push(a.gate);
      return a;
    },
  };
  const http = await startHttpServer(keep);
  servers.push(http);
  return { http, inner, notes };
}

const fetchOf = (url: string, r: ApiRequest, signal?: AbortSignal) => {
  const q = new URLSearchParams(r.params as Record<string, string>);
  return fetch(`${url}${PATH[r.api]}?${q}`, { headers: { 'X-Rematch-Session': 's1' }, signal });
};

/** One model turn through the host, then the same requests as concurrent fetches; decisions of both. */
async function oneTurn(wave: ToolCall[], gates: 'all' | GateName[], fanoutCap = 2, latencyMs = 1) {
  const gateSet = parityGateSet(gates, fanoutCap);
  const { calls, decisions: hostGates, requestOf } = await hosted([wave], gates, gateSet);
  const reqs = calls.map((c) => requestOf(c.id) as ApiRequest);
  const s = await serve(gateSet, latencyMs);
  const answers = await Promise.all(reqs.map((r) => fetchOf(s.http.url, r)));
  const kinds = (list: { gate: string; decision: string }[]) =>
    list.map((d) => `${d.gate}:${d.decision}`).sort();
  return {
    host: kinds(hostGates),
    surface: kinds(s.notes.flatMap((n) => n.decisions)),
    answers,
    notes: s.notes,
  };
}

const logs = (q: string) => call('query_logs', { query: q });
const metrics = (q: string) => call('query_metrics', { query: q });

describe('the gated surface over HTTP, one turn sent as concurrent fetches', () => {
  it('a refused duplicate and a fast answer do not end the wave: no steer, as the host', async () => {
    const r = await oneTurn(
      [
        logs('{app="payments",level="error"}'),
        logs('{app="payments",level="error"}'),
        logs('{app="payments",level="error",env="prod"}'),
      ],
      'all',
    );
    expect(r.host).toEqual(['fanout:block']);
    expect(r.surface).toEqual(r.host);
    expect(r.answers.map((a) => a.headers.get('x-rematch-gate')).filter((g) => g === 'steer')).toEqual([]);
    expect(new Set(r.notes.map((n) => n.wave))).toEqual(new Set([1]));
  }, 30_000);

  it('six calls past a cap of 2: each deferred call records its defer once, as the host', async () => {
    const r = await oneTurn(
      ['up', 'sum(up)', 'max(up)', 'min(up)', 'avg(up)', 'count(up)'].map(metrics),
      ['fanout'],
      2,
      30,
    );
    expect(r.host).toEqual(Array(4).fill('fanout:defer'));
    expect(r.surface).toEqual(r.host);
    expect(r.notes.filter((n) => (n.queuedMs ?? 0) > 0).length).toBe(4);
  }, 30_000);

  it('a duplicate of a deferred call is refused, not run twice', async () => {
    const r = await oneTurn([metrics('up'), metrics('sum(up)'), metrics('sum(up)')], ['fanout'], 1, 30);
    expect(r.host).toEqual(['fanout:block', 'fanout:defer']);
    expect(r.surface).toEqual(r.host);
  }, 30_000);

  it('a deferred call whose client went away never reaches the backend', async () => {
    const s = await serve(parityGateSet(['fanout'], 1), 300);
    const req = (q: string): ApiRequest => ({ api: 'prom.query', params: { query: q } });
    const first = fetchOf(s.http.url, req('up'));
    const abort = new AbortController();
    const second = fetchOf(s.http.url, req('sum(up)'), abort.signal).catch((e: Error) => e);
    await new Promise((r) => setTimeout(r, 50));
    abort.abort();
    expect(await second).toBeInstanceOf(Error);
    expect((await first).status).toBe(200);
    await new Promise((r) => setTimeout(r, 350));
    expect(s.inner.requests.map((r) => r.params.query)).toEqual(['up']);
  }, 30_000);
});
