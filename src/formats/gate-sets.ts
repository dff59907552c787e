/**
 * Gate sets, the one owner: the shape a gate set has once resolved (`GateSetSpec`, the one type
 * the host runs, the planner plans and a command seat's server enforces), and the rule from a
 * config to its sets by name. `none` (every gate off) and `all` are built in; each named set's
 * settings merge field by field over the config's `gateSettings`. Pure: what `all` means is data
 * the caller passes. The host does (host/gates/gate-set.ts binds its versioned ALL_GATES list, so
 * `all` does not grow when a gate is added), and everything resolves through that binding.
 */
import { InputError } from '../errors.js';
import { type ConfigFile, type GateEntry, type GateName, GateSettings } from './config.js';
import { BUILTIN_GATE_SETS, GATE_NAMES, type GateMode } from './vocabulary.js';

export { BUILTIN_GATE_SETS };

/**
 * A named gate set with its settings, as the host runs it. `gates` are the enforced ones (the host's
 * code); `prompted` the gates in `prompt` mode: their guidance is given to the agent as text and
 * nothing of them is enforced (docs/gates.md, "Gates versus prompts"). Absent means none, so a set
 * without prompt-mode gates is the same value (and hashes the same in run.json) as before modes.
 */
export interface GateSetSpec {
  name: string;
  gates: GateName[];
  settings: GateSettings;
  prompted?: GateName[];
}

/** A `gates:` list as written, split by mode (the rules refuse a gate twice or a map of two keys). */
export function splitGateEntries(entries: readonly GateEntry[]): { gates: GateName[]; prompted: GateName[] } {
  const gates: GateName[] = [];
  const prompted: GateName[] = [];
  for (const e of entries) {
    if (typeof e === 'string') gates.push(e);
    else
      for (const [name, mode] of Object.entries(e) as [GateName, GateMode][])
        (mode === 'prompt' ? prompted : gates).push(name);
  }
  return { gates, prompted };
}

/**
 * A gate set's gates in the notation a config writes them, for every place that prints one (the
 * plan, trial headers and timelines, `bench diff`, the scorecards, the servers' banners):
 * `failureClass, ledger: prompt`; empty for no gate (each caller says none its own way). Listed in vocabulary order (the host's
 * composition order), names this version does not know last: a recorded run may name them.
 */
export function gateListText(gates: readonly string[], prompted: readonly string[] = []): string {
  const rank = (n: string): number => {
    const i = (GATE_NAMES as readonly string[]).indexOf(n);
    return i < 0 ? GATE_NAMES.length : i;
  };
  const items = [...gates.map((n) => ({ n, p: false })), ...prompted.map((n) => ({ n, p: true }))];
  items.sort((a, b) => rank(a.n) - rank(b.n));
  return items.map((i) => (i.p ? `${i.n}: prompt` : i.n)).join(', ');
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
    const { gates, prompted } = splitGateEntries(set.gates);
    const spec: GateSetSpec = { name, gates, settings: { ...settings, ...set.settings } };
    if (prompted.length) spec.prompted = prompted;
    out.set(name, spec);
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
