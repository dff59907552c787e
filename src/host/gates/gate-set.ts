/**
 * What `all` means, bound into the gate-set rule: formats/gate-sets.ts owns the shape
 * (`GateSetSpec`) and the resolution by name; this module hands it the versioned ALL_GATES list,
 * so `all` means ALL_GATES in every run (bench run, bench trial, the ceiling, the servers, the host
 * API) and does not grow when a gate is added. Everything outside the host reaches these through
 * host/index.ts.
 */
import type { GateName, GateSettings } from '../../formats/config.js';
import {
  type GateSetConfig,
  type GateSetSpec,
  gateSetsNamed,
  gateSetsWith,
  parseDerivedSet,
} from '../../formats/gate-sets.js';
import { ALL_GATES, inOrder } from './order.js';

/** Every gate set a config knows, by name, built-ins first (`all` = ALL_GATES). */
export function gateSetsOf(config?: GateSetConfig): Map<string, GateSetSpec> {
  return gateSetsWith(config, ALL_GATES.gates);
}

export function resolveGateSets(config: GateSetConfig | undefined, names: readonly string[]): GateSetSpec[] {
  return gateSetsNamed(gateSetsOf(config), names);
}

export function resolveGateSet(name: string, config?: GateSetConfig): GateSetSpec {
  return resolveGateSets(config, [name])[0];
}

/**
 * What a gate set means, as run.json records it: its gates in composition order, its settings,
 * and for `all` (and `all-<gates>`) the ALL_GATES version. Two runs' rows of one gate set compare only when equal.
 */
export type GateSetMeaning = {
  gates: GateName[];
  settings: GateSettings;
  version?: number;
};

export function gateSetMeaning(spec: GateSetSpec): GateSetMeaning {
  const m: GateSetMeaning = { gates: inOrder(spec.gates), settings: spec.settings };
  // all-<gates> is all without them: its meaning moves with all's version too
  const derived = parseDerivedSet(spec.name);
  if (spec.name === 'all' || (typeof derived === 'object' && derived.base === 'all'))
    m.version = ALL_GATES.version;
  return m;
}
