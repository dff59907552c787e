/** Gate sets: `none` and `all` are built in; others come from bench.config.yaml `gateSets`. */
import type { ConfigFile } from '../../spec/config.js';
import { BUILTIN_GATE_SETS, gateSetNamed, resolveGateSets } from '../../spec/gate-sets.js';
import type { GateSetSpec } from '../types.js';

export { BUILTIN_GATE_SETS };

/** One gate set by name, through the one resolver of spec/gate-sets.ts. */
export function resolveGateSet(
  name: string,
  config: Partial<Pick<ConfigFile, 'gateSets' | 'gateSettings'>> = {},
): GateSetSpec {
  return gateSetNamed(resolveGateSets(config), name);
}
