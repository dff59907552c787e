/**
 * The one gate-set resolver (bench run, bench trial, the ceiling, the host API): `none` and `all`
 * are built in, others come from bench.config.yaml `gateSets`. A config may not redefine a
 * built-in: loadConfig refuses it at file:line:col (formats/rules/config.ts), and a config handed in
 * as a value is refused here, so `all` means ALL_GATES in every run.
 */
import { InputError } from '../../errors.js';
import { type ConfigFile, type GateName, GateSettings } from '../../formats/config.js';
import { BUILTIN_GATE_SETS, resolveGateSets as resolveAll } from '../../formats/gate-sets.js';
import type { GateSetSpec } from '../types.js';
import { ALL_GATES, inOrder } from './order.js';

type GateSetConfig = Pick<ConfigFile, 'gateSets' | 'gateSettings'>;

const NO_CONFIG: GateSetConfig = { gateSets: {}, gateSettings: GateSettings.parse({}) };

/**
 * Every gate set a config knows, by name: the built-ins first. The rule is formats/gate-sets.ts's
 * (the one resolver); the host supplies what `all` means: ALL_GATES, the versioned list.
 */
export function gateSetsOf(config: GateSetConfig = NO_CONFIG): Map<string, GateSetSpec> {
  return new Map(Object.entries(resolveAll(config, ALL_GATES.gates)));
}

export function resolveGateSets(config: GateSetConfig | undefined, names: readonly string[]): GateSetSpec[] {
  const known = gateSetsOf(config);
  return names.map((n) => {
    const g = known.get(n);
    if (!g) throw new InputError(`unknown gate set "${n}" (known: ${[...known.keys()].join(', ')})`);
    return g;
  });
}

export function resolveGateSet(name: string, config?: GateSetConfig): GateSetSpec {
  return resolveGateSets(config, [name])[0];
}

/**
 * What a gate set means, as run.json records it: its gates in composition order, its settings,
 * and for `all` the ALL_GATES version. Two runs' rows of one gate set compare only when equal.
 */
export type GateSetMeaning = {
  gates: GateName[];
  settings: GateSettings;
  version?: number;
};

export function gateSetMeaning(spec: GateSetSpec): GateSetMeaning {
  const m: GateSetMeaning = { gates: inOrder(spec.gates), settings: spec.settings };
  if (spec.name === 'all') m.version = ALL_GATES.version;
  return m;
}

export { BUILTIN_GATE_SETS };
