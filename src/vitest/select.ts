/**
 * A set of trials the matchers judge one by one (`runMatrix`'s, or a part of it), and `where`,
 * which picks a part by golden, seat and gate set: a name, a glob (`sim-diligent-*`, the
 * resolver's rule) or a RegExp.
 */
import { z } from 'zod';
import { parseOptions } from '../commands/options.js';
import { matchesName } from '../formats/glob.js';
import type { Trial } from './trial.js';

export type NamePattern = string | RegExp;

export interface TrialFilter {
  golden?: NamePattern;
  seat?: NamePattern;
  gates?: NamePattern;
}

export interface Trials {
  trials: Trial[];
  /** What the set is, for failure messages (`run DIR where gates=all`). */
  label: string;
  where(filter: TrialFilter): Trials;
}

const pattern = z.union([z.string(), z.instanceof(RegExp)]).optional();
/** Strict, as every option object: a misspelt `gate:` would select every trial. */
const Filter = z.strictObject({ golden: pattern, seat: pattern, gates: pattern });

function matches(p: NamePattern | undefined, name: string): boolean {
  if (p === undefined) return true;
  if (typeof p === 'string') return matchesName(p, name);
  // a /g or /y RegExp's test() starts where the last match ended: every name is asked afresh
  p.lastIndex = 0;
  return p.test(name);
}

const describe = (f: TrialFilter): string =>
  (['golden', 'seat', 'gates'] as const)
    .filter((k) => f[k] !== undefined)
    .map((k) => `${k}=${String(f[k])}`)
    .join(' ');

export function trialsOf(trials: Trial[], label: string): Trials {
  return {
    trials,
    label,
    where: (filter) => {
      const f = parseOptions('where', Filter, filter);
      return trialsOf(
        trials.filter(
          (t) => matches(f.golden, t.golden) && matches(f.seat, t.seat) && matches(f.gates, t.gates),
        ),
        `${label} where ${describe(f) || 'anything'}`,
      );
    },
  };
}
