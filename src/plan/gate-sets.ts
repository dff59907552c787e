/** Gate sets by name: the config's, plus the built-ins `none` and `all` unless the config redefines them. */
import { InputError } from '../errors.js';
import { type ConfigFile, GateName } from '../spec/config.js';
import type { GateSetSpec } from './types.js';

export function gateSetsOf(config: ConfigFile): Map<string, GateSetSpec> {
  const out = new Map<string, GateSetSpec>();
  out.set('none', { name: 'none', gates: [], settings: config.gateSettings });
  out.set('all', { name: 'all', gates: [...GateName.options], settings: config.gateSettings });
  for (const [name, set] of Object.entries(config.gateSets)) {
    out.set(name, { name, gates: [...set.gates], settings: { ...config.gateSettings, ...set.settings } });
  }
  return out;
}

export function resolveGateSets(config: ConfigFile, names: string[]): GateSetSpec[] {
  const known = gateSetsOf(config);
  return names.map((n) => {
    const g = known.get(n);
    if (!g) throw new InputError(`unknown gate set "${n}" (known: ${[...known.keys()].join(', ')})`);
    return g;
  });
}
