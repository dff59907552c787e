/**
 * `--gates SET` of `bench serve` and `bench mcp`: the set named as every command names one (the
 * one resolver, host/gates/gate-set.ts, over the config's `gateSets`), as the gated surface the
 * server puts in front of its stack. The servers below host/ get it as a plain decorator.
 */
import type { ServedGates } from '../backend/serve.js';
import type { Config, Golden } from '../formats/golden/index.js';
import { inOrder, resolveGateSet } from '../host/gates/index.js';
import { gatedBackend, IDLE_MS } from '../host/surface/index.js';

/**
 * `surface`: over HTTP (`bench serve`) the bench issues the session ids (`POST /rematch/session`);
 * over MCP the transport's own random session ids are the keys.
 */
export function servedGates(
  name: string,
  golden: Golden,
  config: () => Config,
  surface: 'http' | 'mcp',
): ServedGates {
  const gateSet = resolveGateSet(name, config());
  const gates = inOrder(gateSet.gates);
  const { steerAt, haltAt, fanoutCap } = gateSet.settings;
  // No gates: nothing to put in front of the stack, so it is served exactly as without --gates.
  if (!gates.length) return { describe: `${gateSet.name} (no gates: the backend as it is)` };
  return {
    wrap: (backend) => gatedBackend(backend, { golden, gateSet, issued: surface === 'http' }),
    describe:
      `${gateSet.name} (${gates.join(', ')}; steer at ${steerAt}, halt at ${haltAt}, ` +
      `fan-out cap ${fanoutCap}), one ledger per session, ended after ${IDLE_MS / 60_000} min idle`,
  };
}
