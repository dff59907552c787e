/** Gate sets by name, through the one resolver of spec/gate-sets.ts (built-ins cannot be redefined). */
import type { ConfigFile } from '../spec/config.js';
import { gateSetNamed, resolveGateSets as resolveAll } from '../spec/gate-sets.js';
import type { GateSetSpec } from './types.js';

/**
 * Resolved from the config's own fields every time (pure and cheap), not from a loaded Config's
 * `resolvedGateSets`: a caller may spread a Config and change its settings.
 */
const setsOf = (config: ConfigFile): Record<string, GateSetSpec> => resolveAll(config);

export function gateSetsOf(config: ConfigFile): Map<string, GateSetSpec> {
  return new Map(Object.entries(setsOf(config)));
}

export function resolveGateSets(config: ConfigFile, names: string[]): GateSetSpec[] {
  const sets = setsOf(config);
  return names.map((n) => gateSetNamed(sets, n));
}
