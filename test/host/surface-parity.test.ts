/**
 * The gated surface decides as the host does: the same calls, wave by wave, through a hosted
 * session (a scripted model) and through the surface (the wire requests the host's tools sent,
 * each wave's sent together), give the same gate decisions: gate, decision, reason, call id and
 * fingerprint, in the same order per call. Exercised: the fanout gate's defer and duplicate block
 * (cap 2), the ledger's one-sighting-per-wave, steer and halt, and the halted session's refusal.
 */
import { describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse, GateDecision } from '../../src/backend/api.js';
import { RealClock } from '../../src/clock.js';
import type { GateName } from '../../src/formats/config.js';
import { gatedBackend } from '../../src/host/surface/index.js';
import type { ToolCall } from '../../src/protocol/model.js';
import { call, TestBackend, testGolden } from './helpers.js';
import { hosted, parityGateSet, SURFACE_RULES } from './surface-helpers.js';

const metrics = (q: string) => call('query_metrics', { query: q });
const logs = (q: string) => call('query_logs', { query: q });

/** Waves of one model turn each: fan-out past the cap and a duplicate, then a failing route tweaked. */
function waves(): ToolCall[][] {
  return [
    [metrics('up'), metrics('sum(up)'), metrics('max(up)'), metrics('up')],
    [logs('{app="payments"} |= "pool"'), logs('{app="payments"} |= "timeout"')],
    [logs('{app=~"payments"} |= "pool"')],
    [logs('{app=~"payments.*"} |= "pool"')],
    [logs('{app=~"payments.?"} |= "pool"')],
  ];
}

type Decision = Omit<GateDecision, 'at' | 'node'>;

const strip = ({ gate, decision, reason, callId, fingerprint }: Decision): Decision => ({
  gate,
  decision,
  reason,
  callId,
  ...(fingerprint ? { fingerprint } : {}),
});

/** Per call id, in call order; within a call, in the order they were made. */
function byCall(list: Decision[]): Decision[] {
  const n = (d: Decision) => Number(d.callId?.slice(1));
  return list
    .map((d, i) => ({ d, i }))
    .sort((a, b) => n(a.d) - n(b.d) || a.i - b.i)
    .map(({ d }) => d);
}

async function compare(gates: 'all' | 'none' | GateName[], fanoutOver?: 'refuse') {
  const script = waves();
  const gateSet = parityGateSet(gates, 2, fanoutOver);
  const { host, calls, decisions: hostDecisions, requestOf } = await hosted(script, gates, gateSet);

  // The surface gets the wire request of each call (a blocked duplicate: its twin's request).
  const surface = gatedBackend(new TestBackend(new RealClock(), SURFACE_RULES, 15), {
    golden: testGolden(),
    gateSet,
    settleMs: 5,
  });
  const answers: ApiResponse[] = [];
  let i = 0;
  for (const wave of script) {
    // A model turn between waves: longer than the settle window, as any model's is.
    await sleep(20);
    const reqs = wave.map((tc) => {
      const req = requestOf(calls[i++]?.id ?? '') ?? fallback(tc);
      return { ...req, origin: 'http', session: 's1' } satisfies ApiRequest;
    });
    answers.push(...(await Promise.all(reqs.map((r) => surface.handle(r)))));
  }
  const surfaceDecisions = answers.flatMap((a) => a.gate?.decisions ?? []);
  return {
    host: byCall(hostDecisions.map(strip)),
    surface: byCall(surfaceDecisions.map(strip)),
    answers,
    host_: host,
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A call the host never sent (refused, or after its halt): the request its tool would send. */
function fallback(tc: ToolCall): ApiRequest {
  const { query } = tc.args as { query: string };
  return tc.name === 'query_metrics'
    ? { api: 'prom.query', params: { query } }
    : { api: 'loki.query_range', params: { query } };
}

describe('gates at the surface decide as the host does', () => {
  it('all: fan-out defer and duplicate block, one sighting per wave, steer, halt, then the refusal', async () => {
    const r = await compare('all');
    expect(r.surface).toEqual(r.host);
    const kinds = r.host.map((d) => `${d.gate}:${d.decision}:${d.callId}`);
    expect(kinds).toEqual(['fanout:defer:c3', 'fanout:block:c4', 'ledger:steer:c7', 'ledger:halt:c8']);
    // The host's halt ended its querying; the surface refuses the next live query.
    const last = r.answers.at(-1);
    expect(last?.gate?.refused?.message).toMatch(/^halted: submit your Theory/);
    expect(last?.status).toBe(403);
  }, 30_000);

  it('fanoutOver refuse: the call past the cap is blocked on both sides, with the same words', async () => {
    const r = await compare(['fanout'], 'refuse');
    expect(r.surface).toEqual(r.host);
    expect(r.host.map((d) => `${d.decision}:${d.callId}`)).toEqual(['block:c3', 'block:c4']);
    expect(r.answers[2].status).toBe(403);
    expect(r.answers[2].gate?.refused?.message).toMatch(/are already running \(cap 2\)/);
  }, 30_000);

  it('the ledger alone sees the untyped view (a 200 failed envelope looks ok): no decision either side', async () => {
    const r = await compare(['ledger']);
    expect(r.surface).toEqual(r.host);
    expect(r.host).toEqual([]);
    expect(r.answers[4].status).toBe(200);
    expect(r.answers[4].gate?.untyped).toBe(true);
  }, 30_000);

  it('none: nothing decided, answers pass unchanged', async () => {
    const r = await compare('none');
    expect(r.surface).toEqual([]);
    expect(r.host).toEqual([]);
    expect(r.answers.every((a) => !a.gate?.refused)).toBe(true);
  }, 30_000);
});
