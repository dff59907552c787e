/**
 * Gate sets, the one owner: the shape a gate set has once resolved (`GateSetSpec`, the one type
 * the host runs, the planner plans and a command seat's server enforces), and the rule from a
 * config to its sets by name. `none` (every gate off) and `all` are built in; each named set's
 * settings merge field by field over the config's `gateSettings`. Pure: what `all` means is data
 * the caller passes. The host does (host/gates/gate-set.ts binds its versioned ALL_GATES list, so
 * `all` does not grow when a gate is added), and everything resolves through that binding.
 */
import { InputError } from '../errors.js';
import { type ConfigFile, type GateName, GateSettings } from './config.js';
import { BUILTIN_GATE_SETS } from './vocabulary.js';

export { BUILTIN_GATE_SETS };

/** A named gate set with its settings, as the host runs it. */
export interface GateSetSpec {
  name: string;
  gates: GateName[];
  settings: GateSettings;
}

/** What of a config decides its gate sets. */
export type GateSetConfig = Partial<Pick<ConfigFile, 'gateSets' | 'gateSettings'>>;

export const isBuiltinGateSet = (name: string): boolean =>
  (BUILTIN_GATE_SETS as readonly string[]).includes(name);

/**
 * Every gate set the config knows, by name, built-ins first; `all` is `allGates`. A config that
 * defines `none` or `all` is refused: a loaded file is refused earlier at its file:line:col
 * (rules/config.ts); this catches a config object handed to the library.
 */
export function gateSetsWith(
  config: GateSetConfig | undefined,
  allGates: readonly GateName[],
): Map<string, GateSetSpec> {
  const settings = GateSettings.parse(config?.gateSettings ?? {});
  const named = config?.gateSets ?? {};
  const redefined = Object.keys(named).filter(isBuiltinGateSet);
  if (redefined.length) {
    throw new InputError(`gate set "${redefined[0]}" is built in and cannot be redefined`);
  }
  const out = new Map<string, GateSetSpec>([
    ['none', { name: 'none', gates: [], settings }],
    ['all', { name: 'all', gates: [...allGates], settings }],
  ]);
  for (const [name, set] of Object.entries(named)) {
    out.set(name, { name, gates: [...set.gates], settings: { ...settings, ...set.settings } });
  }
  return out;
}

/** The sets `names` name, in that order; an unknown name is bad input listing the known ones. */
export function gateSetsNamed(
  known: ReadonlyMap<string, GateSetSpec>,
  names: readonly string[],
): GateSetSpec[] {
  return names.map((n) => {
    const g = known.get(n);
    if (!g) throw new InputError(`unknown gate set "${n}" (known: ${[...known.keys()].join(', ')})`);
    return g;
  });
}
