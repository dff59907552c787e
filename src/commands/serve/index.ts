/** `bench serve <golden>`: the golden named as every command names one (commands/resolve.ts), served over HTTP. */
import { type ServedGates, type ServeOptions, serveCommand } from '../../backend/serve.js';
import { gateListText } from '../../formats/gate-sets.js';
import type { Config, Golden } from '../../formats/golden/index.js';
import { loadConfig } from '../../formats/load.js';
import {
  gatedBackend,
  guidanceFor,
  hasGuidance,
  IDLE_MS,
  inOrder,
  resolveGateSet,
} from '../../host/index.js';
import { resolveOneGolden } from '../resolve.js';

export function serve(
  ref: string,
  opts: Omit<ServeOptions, 'gates'> & { config?: string; gates?: string } = {},
): Promise<void> {
  const { config, gates, ...rest } = opts;
  const cfg = () => loadConfig(config).config;
  const golden = resolveOneGolden(ref, cfg);
  return serveCommand(golden, {
    ...rest,
    ...(gates ? { gates: servedGates(gates, golden, cfg, 'http') } : {}),
  });
}

/**
 * `--gates SET` of `bench serve` and `bench mcp`: the set named as every command names one (the
 * one resolver over the config's `gateSets`), as the gated surface the server puts in front of its
 * stack. The servers below host/ get it as a plain decorator.
 *
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
  const text = guidanceFor(gateSet.prompted, gateSet.settings);
  const guidance = hasGuidance(text)
    ? { guidance: { instructions: [...text.system, ...text.submit], telemetry: text.query } }
    : {};
  const list = gateListText(gateSet.gates, gateSet.prompted);
  // No enforced gate: nothing to put in front of the stack, so it is served exactly as without --gates.
  if (!gates.length)
    return {
      describe: list
        ? `${gateSet.name} (${list}; no gate enforced: the backend as it is)`
        : `${gateSet.name} (no gates: the backend as it is)`,
      ...guidance,
    };
  return {
    wrap: (backend) => gatedBackend(backend, { golden, gateSet, issued: surface === 'http' }),
    describe:
      `${gateSet.name} (${list}; steer at ${steerAt}, halt at ${haltAt}, ` +
      `fan-out cap ${fanoutCap}), one ledger per session, ended after ${IDLE_MS / 60_000} min idle`,
    ...guidance,
  };
}
