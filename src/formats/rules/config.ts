/** Rules of bench.config.yaml: gate-set names, threshold order, and seats it names. */

import { asList } from '../assert.js';
import type { ConfigFile, GateEntry, GateSettings } from '../config.js';
import { BUILTIN_GATE_SETS, derivedRedefined, isBuiltinGateSet, parseDerivedSet } from '../gate-sets.js';
import { matchesName } from '../glob.js';
import { configLimitRules } from './limits.js';
import { err, type RuleIssue } from './types.js';

export { BUILTIN_GATE_SETS };

export function configRules(c: ConfigFile): RuleIssue[] {
  const out: RuleIssue[] = [];
  for (const name of Object.keys(c.gateSets)) {
    if (isBuiltinGateSet(name)) {
      out.push({
        ...err(['gateSets', name], `gate set "${name}" is built in and cannot be redefined`),
        key: true,
      });
    } else if (parseDerivedSet(name) !== undefined) {
      out.push({ ...err(['gateSets', name], derivedRedefined(name)), key: true });
    }
  }
  const known = new KnownSets([...BUILTIN_GATE_SETS, ...Object.keys(c.gateSets)]);
  c.defaultGateSets.forEach((name, i) => {
    const wrong = known.wrong(name);
    if (wrong) out.push(err(['defaultGateSets', i], wrong));
  });
  out.push(...assertGateSetRules(c, known));
  out.push(...settingsRules(c.gateSettings, ['gateSettings']));
  out.push(...configLimitRules(c));
  for (const [name, set] of Object.entries(c.gateSets)) {
    out.push(...gateEntryRules(set.gates, ['gateSets', name, 'gates']));
    if (set.settings) {
      const merged = { ...c.gateSettings, ...set.settings };
      out.push(...settingsRules(merged, ['gateSets', name, 'settings']));
    }
  }
  return out;
}

/**
 * A `gates:` list: a map item names exactly one gate (`{ledger: prompt}`), and a gate appears once
 * per set, whatever its mode: `[ledger, {ledger: prompt}]` would both enforce and merely advise it.
 */
function gateEntryRules(entries: readonly GateEntry[], path: (string | number)[]): RuleIssue[] {
  const out: RuleIssue[] = [];
  const seen = new Map<string, number>();
  entries.forEach((e, i) => {
    const names = typeof e === 'string' ? [e] : Object.keys(e);
    if (typeof e !== 'string' && names.length !== 1)
      out.push(
        err(
          [...path, i],
          `a gate with a mode is a map of one gate to its mode (e.g. {ledger: prompt}); this one has ${names.length} keys`,
        ),
      );
    for (const n of names) {
      const first = seen.get(n);
      if (first !== undefined)
        out.push(
          err(
            typeof e === 'string' ? [...path, i] : [...path, i, n],
            `gate "${n}" is already listed (item ${first + 1}); list each gate once, with one mode`,
          ),
        );
      else seen.set(n, i);
    }
  });
  return out;
}

function settingsRules(s: GateSettings, path: string[]): RuleIssue[] {
  return s.haltAt <= s.steerAt ? [err([...path, 'haltAt'], 'haltAt must be greater than steerAt')] : [];
}

/** `defaultSeats` must name seats that exist; checked once the seats are loaded. */
export function defaultSeatRules(c: ConfigFile, seatNames: Iterable<string>): RuleIssue[] {
  const names = new Set(seatNames);
  const out: RuleIssue[] = [];
  c.defaultSeats?.forEach((name, i) => {
    if (!names.has(name)) out.push(err(['defaultSeats', i], `unknown seat "${name}"`));
  });
  return out;
}

/**
 * An `assert:` rule's seat and golden patterns must each name a known seat or golden (checked once
 * they are loaded): a misspelt one would select nothing, and a run narrowed by flags skips a rule
 * with nothing to judge, so the typo must be caught here, whatever the run.
 */
export function assertNameRules(c: ConfigFile, seatNames: string[], goldenIds: string[]): RuleIssue[] {
  const out: RuleIssue[] = [];
  c.assert.forEach((rule, i) => {
    const fields = [
      ['seats', 'seat', seatNames],
      ['goldens', 'golden', goldenIds],
    ] as const;
    for (const [field, what, names] of fields) {
      const value = (rule as { seats?: string | string[]; goldens?: string | string[] })[field];
      if (value === undefined) continue;
      const one = typeof value === 'string';
      asList(value)!.forEach((p, j) => {
        if (!names.some((n) => matchesName(p, n)))
          out.push(
            err(one ? ['assert', i, field] : ['assert', i, field, j], `"${p}" names no known ${what}`),
          );
      });
    }
  });
  return out;
}

/** The gate-set names a config may use: built in, its own, and derived (all-ledger, only-ledger). */
class KnownSets {
  private readonly names: Set<string>;
  constructor(names: string[]) {
    this.names = new Set(names);
  }
  /** What is wrong with `name` as a gate set's name, or undefined when it names one. */
  wrong(name: string): string | undefined {
    if (this.names.has(name)) return undefined;
    const d = parseDerivedSet(name);
    if (typeof d === 'object') return undefined;
    if (typeof d === 'string') return `gate set ${d}`;
    return `unknown gate set "${name}" (known: ${[...this.names].join(', ')}, and all-<gates> / only-<gates>)`;
  }
}

/** An `assert:` rule's gate sets must exist: a misspelt one would select nothing at every run. */
function assertGateSetRules(c: ConfigFile, known: KnownSets): RuleIssue[] {
  const out: RuleIssue[] = [];
  const check = (name: string, path: (string | number)[]): void => {
    const wrong = known.wrong(name);
    if (wrong) out.push(err(path, wrong));
  };
  const named = new Set<string>();
  c.assert.forEach((rule, i) => {
    // a name is the rule's id in every report and junit testcase: two of one name would be one line
    if (rule.name !== undefined) {
      if (named.has(rule.name)) out.push(err(['assert', i, 'name'], `another rule is named "${rule.name}"`));
      named.add(rule.name);
    }
    if (rule.type === 'gate-effect') {
      check(rule.treatment, ['assert', i, 'treatment']);
      check(rule.control, ['assert', i, 'control']);
      if (rule.min === undefined && rule.max === undefined)
        out.push(err(['assert', i], 'a gate-effect rule needs min or max (or both)'));
      if (rule.treatment === rule.control)
        out.push(err(['assert', i, 'control'], 'control must differ from treatment'));
    } else if ('under' in rule && rule.under !== undefined) {
      const one = typeof rule.under === 'string';
      asList(rule.under)!.forEach((n, j) => {
        check(n, one ? ['assert', i, 'under'] : ['assert', i, 'under', j]);
      });
    }
  });
  return out;
}
