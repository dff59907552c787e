/** Gate sets: `none` and `all` are built in; others come from bench.config.yaml `gateSets`. */
import { InputError } from '../../errors.js';
import { type ConfigFile, GateName, GateSettings } from '../../spec/config.js';
import type { GateSetSpec } from '../types.js';

export const BUILTIN_GATE_SETS = ['none', 'all'] as const;

export function resolveGateSet(
  name: string,
  config: Pick<ConfigFile, 'gateSets' | 'gateSettings'> = {
    gateSets: {},
    gateSettings: GateSettings.parse({}),
  },
): GateSetSpec {
  const defaults = GateSettings.parse(config.gateSettings ?? {});
  const named = config.gateSets?.[name];
  if (named) return { name, gates: [...named.gates], settings: { ...defaults, ...named.settings } };
  if (name === 'none') return { name, gates: [], settings: defaults };
  if (name === 'all') return { name, gates: [...GateName.options], settings: defaults };
  const known = [...BUILTIN_GATE_SETS, ...Object.keys(config.gateSets ?? {})].join(', ');
  throw new InputError(`unknown gate set "${name}" (known: ${known})`);
}
