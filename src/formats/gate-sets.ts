/**
 * THE gate-set rule: a config's gate sets by name, with the built-ins `none` (every gate off) and
 * `all`, and each named set's settings merged field by field over the config's. Pure: what `all`
 * means is data (`order`), and the host supplies it: host/gates/gate-set.ts, the one entry point
 * everything resolves through, passes its versioned ALL_GATES list, so `all` does not grow when
 * a gate is added. The default (the vocabulary's list) serves only code below the host.
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
