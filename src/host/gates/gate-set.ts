/**
 * What `all` means, bound into the gate-set rule: formats/gate-sets.ts owns the shape
 * (`GateSetSpec`) and the resolution by name; this module hands it the versioned ALL_GATES list,
 * so `all` means ALL_GATES in every run (bench run, bench trial, the ceiling, the servers, the host
 * API) and does not grow when a gate is added. Everything outside the host reaches these through
 * host/index.ts.
 */

import { InputError } from '../../errors.js';
import type { GateName, GateSettings } from '../../formats/config.js';
import {
  type GateSetConfig,
  type GateSetSpec,
  gateSetsNamed,
  gateSetsWith,
  parseDerivedSet,
} from '../../formats/gate-sets.js';
import { promptable } from '../../protocol/guidance.js';
import { ALL_GATES, inOrder } from './order.js';

/**
 * Every gate set a config knows, by name, built-ins first (`all` = ALL_GATES). A set asking for the
 * prompt form of a gate that has no guidance text (protocol/guidance.ts) is refused by name.
 */
export function gateSetsOf(config?: GateSetConfig): Map<string, GateSetSpec> {
  const sets = gateSetsWith(config, ALL_GATES.gates);
  for (const s of sets.values()) {
    const mute = s.prompted?.find((g) => !promptable(g));
    if (mute)
      throw new InputError(
        `gate set "${s.name}": gate "${mute}" has no prompt form yet (no guidance text in src/protocol/guidance.ts); list it enforced`,
      );
  }
  return sets;
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
  /** The gates in `prompt` mode, in composition order; absent when none is. */
  prompted?: GateName[];
};

export function gateSetMeaning(spec: GateSetSpec): GateSetMeaning {
  const m: GateSetMeaning = { gates: inOrder(spec.gates), settings: spec.settings };
  // all-<gates> is all without them: its meaning moves with all's version too
  const derived = parseDerivedSet(spec.name);
  if (spec.name === 'all' || (typeof derived === 'object' && derived.base === 'all'))
    m.version = ALL_GATES.version;
  if (spec.prompted?.length) m.prompted = inOrder(spec.prompted);
  return m;
}
