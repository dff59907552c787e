/**
 * What the surface tests share: the backend's rules (payments logs fail as a 200 failed envelope,
 * metrics answer), the gate set both sides use, and a hosted run of a script with the wire request
 * each of its calls sent, so the same requests can be put to the gated surface.
 */
import type { ApiRequest } from '../../src/backend/api.js';
import type { GateName } from '../../src/formats/config.js';
import { resolveGateSet } from '../../src/host/index.js';
import type { ToolCall } from '../../src/protocol/model.js';
import { failedEnvelope, of, promVector, type Rule, run, ScriptedModel } from './helpers.js';

export const SURFACE_RULES: Rule[] = [
  (r) => (String(r.params.query).includes('payments') ? failedEnvelope : undefined),
  (r) => (r.api.startsWith('prom.') ? promVector(1) : undefined),
];

/** One gate set for host and surface: its gates, steer at 2, halt at 3, the fan-out cap. */
export function parityGateSet(gates: 'all' | 'none' | GateName[], fanoutCap = 2, fanoutOver?: 'refuse') {
  return {
    name: 'parity',
    gates: typeof gates === 'string' ? resolveGateSet(gates).gates : gates,
    settings: { steerAt: 2, haltAt: 3, fanoutCap, ...(fanoutOver ? { fanoutOver } : {}) },
  };
}

/**
 * The script through a hosted session: its calls, the gate decisions about them, and the wire
 * request of a call (a blocked duplicate: its twin's request; a call never sent: undefined).
 */
export async function hosted(
  script: ToolCall[][],
  gates: 'all' | 'none' | GateName[],
  gateSet: ReturnType<typeof parityGateSet>,
) {
  const host = await run(new ScriptedModel(script.map((w) => () => w)), SURFACE_RULES, gates, { gateSet });
  const calls = of(host.events, 'tool_call');
  const sent = new Map(host.backend.requests.map((r) => [r.origin, r]));
  const decisions = of(host.events, 'gate').filter((g) => calls.some((c) => c.id === g.callId));
  const requestOf = (id: string): ApiRequest | undefined => {
    const twin = decisions.find((g) => g.callId === id && g.decision === 'block')?.reason;
    return sent.get(id) ?? sent.get(/duplicate of (c\d+)/.exec(twin ?? '')?.[1] ?? '');
  };
  return { host, calls, decisions, requestOf };
}
