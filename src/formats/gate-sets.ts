/**
 * THE gate-set resolver: a config's gate sets by name, with the built-ins `none` (every gate off)
 * and `all` (every gate, in order) and each named set's settings merged over the config's. Pure:
 * the list of gate names in order is data, so the host's order (host/gates/order.ts) can feed it;
 * the default is the vocabulary's list. `loadConfig` runs it once (normalizeConfig); the host and
 * run/ look sets up through it rather than restating the rule.
 */
import { InputError } from '../errors.js';
import { type ConfigFile, type GateName, GateSettings } from './config.js';
import { BUILTIN_GATE_SETS, GATE_NAMES } from './vocabulary.js';

export { BUILTIN_GATE_SETS };

/** A gate set as the host runs it (host/types.ts `GateSetSpec` is the same shape). */
export interface ResolvedGateSet {
  name: string;
  gates: GateName[];
  settings: GateSettings;
}

export type GateSetSource = Partial<Pick<ConfigFile, 'gateSets' | 'gateSettings'>>;

export const isBuiltinGateSet = (name: string): boolean =>
  (BUILTIN_GATE_SETS as readonly string[]).includes(name);

/**
 * Every gate set the config knows, built-ins first. A config that defines `none` or `all` is
 * refused: a loaded file is refused earlier at its file:line:col (rules/config.ts); this catches a
 * config object handed to the library.
 */
export function resolveGateSets(
  config: GateSetSource = {},
  order: readonly GateName[] = GATE_NAMES,
): Record<string, ResolvedGateSet> {
  const settings = GateSettings.parse(config.gateSettings ?? {});
  const named = config.gateSets ?? {};
  const redefined = Object.keys(named).filter(isBuiltinGateSet);
  if (redefined.length) {
    throw new InputError(`gate set "${redefined[0]}" is built in and cannot be redefined`);
  }
  const out: Record<string, ResolvedGateSet> = {
    none: { name: 'none', gates: [], settings },
    all: { name: 'all', gates: [...order], settings },
  };
  for (const [name, set] of Object.entries(named)) {
    out[name] = { name, gates: [...set.gates], settings: { ...settings, ...set.settings } };
  }
  return out;
}

/** One set by name from resolved sets; an unknown name is bad input listing the known ones. */
export function gateSetNamed(sets: Record<string, ResolvedGateSet>, name: string): ResolvedGateSet {
  const set = Object.hasOwn(sets, name) ? sets[name] : undefined;
  if (!set) throw new InputError(`unknown gate set "${name}" (known: ${Object.keys(sets).join(', ')})`);
  return set;
}
