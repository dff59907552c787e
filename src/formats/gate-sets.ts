/**
 * Gate sets, the one owner: the shape a gate set has once resolved (`GateSetSpec`, the one type
 * the host runs, the planner plans and a command seat's server enforces), and the rule from a
 * config to its sets by name. `none` (every gate off) and `all` are built in; each named set's
 * settings merge field by field over the config's `gateSettings`. Pure: what `all` means is data
 * the caller passes. The host does (host/gates/gate-set.ts binds its versioned ALL_GATES list, so
 * `all` does not grow when a gate is added), and everything resolves through that binding.
 *
 * Derived sets are named, never configured: `all-<gates>` is `all` without those gates, `only-<gates>`
 * exactly those gates, each gate spelt in kebab case (`tool-classes`), in GATE_NAMES order, joined by
 * `-` (`all-ledger-tool-classes`); `+<gate>` adds a gate outside all (`all-ledger+loop-detector`: the
 * loop detector in the ledger's place). An ablation plans them (plan/ablate.ts); any command that takes a
 * gate-set name takes them, and a config may not define a set of such a name.
 */
import { InputError } from '../errors.js';
import { type ConfigFile, type GateEntry, type GateName, GateSettings } from './config.js';
import { BUILTIN_GATE_SETS, GATE_NAMES, type GateMode, gateWord } from './vocabulary.js';

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

export { gateWord };

/**
 * A derived set's name: `all-<gates>` (all without them), `all-<gates>+<gate>` (and with a gate
 * outside all: `all-ledger+loop-detector`), `only-<gates>` (exactly them).
 */
export function derivedSetName(
  base: 'all' | 'only',
  gates: readonly GateName[],
  added: readonly GateName[] = [],
): string {
  const words = (gs: readonly GateName[]) => GATE_NAMES.filter((g) => gs.includes(g)).map(gateWord);
  return [[base, ...words(gates)].join('-'), ...words(added)].join('+');
}

/** What a derived set's name says: the gates removed from all (or the only ones), and those added. */
export type DerivedName = { base: 'all' | 'only'; gates: GateName[]; added: GateName[] };

/** `a-b-c` split into gate words (kebab names hold dashes), or the first word that names no gate. */
function gatesOf(text: string): GateName[] | { bad: string } {
  const gates: GateName[] = [];
  let rest = text;
  while (rest.length) {
    const g = GATE_NAMES.find((x) => rest === gateWord(x) || rest.startsWith(`${gateWord(x)}-`));
    if (!g) return { bad: rest };
    gates.push(g);
    rest = rest.slice(gateWord(g).length + 1);
  }
  return gates;
}

/**
 * Reads `all-<gates>[+<gate>...]` / `only-<gates>`: undefined for any other name, a string saying
 * what is wrong for one of that form that is misspelt, repeated or out of order.
 */
export function parseDerivedSet(name: string): DerivedName | string | undefined {
  const [head, ...plus] = name.split('+');
  const m = /^(all|only)(?:-(.+))?$/.exec(head);
  if (!m || (m[2] === undefined && !plus.length)) return undefined;
  const base = m[1] as 'all' | 'only';
  const gates = gatesOf(m[2] ?? '');
  // a name of this form that names no gate is an ordinary name a config may define (only-fast)
  if ('bad' in gates)
    return gates.bad === m[2] && !plus.length ? undefined : `"${name}": "${gates.bad}" names no gate`;
  const added: GateName[] = [];
  for (const p of plus) {
    const g = GATE_NAMES.find((x) => gateWord(x) === p);
    if (!g) return `"${name}": "+${p}" names no gate`;
    added.push(g);
  }
  if (base === 'only' && added.length)
    return `"${name}": only-<gates> lists every gate it holds; "+" is for all`;
  const twice = GATE_NAMES.find((g) => [...gates, ...added].filter((x) => x === g).length > 1);
  if (twice) return `"${name}" names ${gateWord(twice)} twice`;
  const canonical = derivedSetName(base, gates, added);
  if (canonical !== name) return `"${name}" lists its gates out of order: write "${canonical}"`;
  return { base, gates, added };
}

/** Whether `name` is a well-formed derived set's name (what it means is the resolver's). */
export const isDerivedGateSet = (name: string): boolean => typeof parseDerivedSet(name) === 'object';

/** The derived set `name` means, given what `all` is; undefined when it is not a derived name. */
function derivedSet(name: string, all: GateSetSpec, settings: GateSettings): GateSetSpec | undefined {
  const d = parseDerivedSet(name);
  if (d === undefined) return undefined;
  if (typeof d === 'string') throw new InputError(`gate set ${d}`);
  if (d.base === 'only') return { name, gates: [...d.gates], settings };
  const outside = d.gates.filter((g) => !all.gates.includes(g));
  if (outside.length)
    throw new InputError(
      `gate set "${name}": ${outside.map(gateWord).join(', ')} ${outside.length > 1 ? 'are' : 'is'} not in all (${all.gates.join(', ')}), so all without it is all`,
    );
  const inside = d.added.filter((g) => all.gates.includes(g));
  if (inside.length)
    throw new InputError(
      `gate set "${name}": ${inside.map(gateWord).join(', ')} is in all already; +<gate> adds one that is not`,
    );
  return { name, gates: [...all.gates.filter((g) => !d.gates.includes(g)), ...d.added], settings };
}

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
  const derived = Object.keys(named).filter((n) => parseDerivedSet(n) !== undefined);
  if (derived.length) throw new InputError(derivedRedefined(derived[0]));
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

/** Why a config may not name a set `name` (one of the derived names'). */
export function derivedRedefined(name: string): string {
  return `gate set "${name}" has a derived set's name (all-<gates>: all without them, only-<gates>: exactly them) and cannot be defined; name it otherwise`;
}

/**
 * The sets `names` name, in that order, derived ones included (over `known`'s `all`, with `none`'s
 * settings: the config's); an unknown name is bad input listing the known ones.
 */
export function gateSetsNamed(
  known: ReadonlyMap<string, GateSetSpec>,
  names: readonly string[],
): GateSetSpec[] {
  const all = known.get('all');
  const none = known.get('none');
  return names.map((n) => {
    const g = known.get(n) ?? (all && none ? derivedSet(n, all, none.settings) : undefined);
    if (!g)
      throw new InputError(
        `unknown gate set "${n}" (known: ${[...known.keys()].join(', ')}, and all-<gates> / only-<gates>, e.g. all-ledger, only-ledger)`,
      );
    return g;
  });
}
