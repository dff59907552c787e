/**
 * Gate sets whose meaning differs between two runs. A row is named by its gate set, so `all` in a
 * run before a gate joined it and `all` after are one row name for two different measurements:
 * the diff must say so instead of passing the difference off as a regression or an improvement.
 */
import type { RecordedGateSet } from '../../formats/run/index.js';

/** Each run's gate sets as its run.json recorded them; absent for a scorecard without one. */
export interface RunGateSets {
  base?: Record<string, RecordedGateSet>;
  head?: Record<string, RecordedGateSet>;
}

const gatesOf = (m: RecordedGateSet): string =>
  `${m.version !== undefined ? `v${m.version} ` : ''}[${[...m.gates, ...(m.prompted ?? []).map((g) => `${g}: prompt`)].join(',')}]`;

const settingsOf = (m: RecordedGateSet): string =>
  `{${Object.entries(m.settings)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ')}}`;

/** Gate set name → one line saying how its meaning changed, for the names both runs have rows of. */
export function gateSetChanges(names: Iterable<string>, sets: RunGateSets): Map<string, string> {
  const out = new Map<string, string>();
  if (!sets.base && !sets.head) return out;
  for (const name of [...new Set(names)].sort()) {
    const b = sets.base?.[name];
    const h = sets.head?.[name];
    // A set of no gates (`none`) means the same in every version, whatever its settings.
    const gateless = (m?: RecordedGateSet) => (m?.gates.length ?? 0) + (m?.prompted?.length ?? 0) === 0;
    if (gateless(b) && gateless(h)) continue;
    if (!b || !h) {
      // One run does not say what it meant: the rows may compare different gates.
      const say = (m: RecordedGateSet | undefined): string => (m ? gatesOf(m) : 'not recorded');
      out.set(name, `gate set ${name}: ${say(b)} → ${say(h)}`);
      continue;
    }
    const parts: string[] = [];
    if (gatesOf(b) !== gatesOf(h)) parts.push(`${gatesOf(b)} → ${gatesOf(h)}`);
    if (settingsOf(b) !== settingsOf(h)) parts.push(`settings ${settingsOf(b)} → ${settingsOf(h)}`);
    if (parts.length) out.set(name, `gate set ${name}: ${parts.join('; ')}`);
  }
  return out;
}
