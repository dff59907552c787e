/**
 * The gate sets an ablation runs (`bench run --ablate`, config `ablate:`; docs/gates.md, Ablation),
 * and the `--effect A-B` pairs a run is asked to report. Pure: names in, names out; the derived names
 * (`all-ledger`, `only-ledger`) resolve like any gate set's (formats/gate-sets.ts).
 *
 * For the ablated gates G (default: every gate), with A = G ∩ all:
 *   none, all                     the two ends
 *   all-<g>      for g in A       the marginal effect of g (all − all-<g>)
 *   only-<g>     for g in G       g alone (only-<g> − none)
 *   all-<r>+<b>  for b in G outside all that is r's baseline (BASELINE_OF: loopDetector for the
 *                ledger): b in r's place, against the same control all-<r> as r's own effect
 *   all-<g>-<h>  for g < h in A   the pairwise interactions
 * in that order, then the sets the run names besides (--gates, else defaultGateSets), each once.
 */
import { InputError } from '../errors.js';
import type { GateName } from '../formats/config.js';
import { derivedSetName, isBuiltinGateSet, isDerivedGateSet } from '../formats/gate-sets.js';
import { GATE_NAMES } from '../formats/vocabulary.js';
import { ALL_GATES, BASELINE_OF } from '../host/index.js';

/** `true`: every gate; a list: those gates. */
export type AblateOption = boolean | readonly GateName[];

export function ablationSets(ablate: AblateOption): string[] {
  if (ablate === false) return [];
  const chosen = ablate === true ? [...GATE_NAMES] : GATE_NAMES.filter((g) => ablate.includes(g));
  const inAll = chosen.filter((g) => ALL_GATES.gates.includes(g));
  const pairs = inAll.flatMap((g, i) => inAll.slice(i + 1).map((h) => derivedSetName('all', [g, h])));
  const instead = chosen.flatMap((b) => {
    const r = BASELINE_OF[b];
    return r && ALL_GATES.gates.includes(r) && !ALL_GATES.gates.includes(b)
      ? [derivedSetName('all', [r]), derivedSetName('all', [r], [b])]
      : [];
  });
  const names = [
    'none',
    'all',
    ...inAll.map((g) => derivedSetName('all', [g])),
    ...chosen.map((g) => derivedSetName('only', [g])),
    ...instead,
    ...pairs,
  ];
  return names.filter((n, i) => names.indexOf(n) === i);
}

/** One `--effect` pair: the treatment's figures minus the control's. */
export type EffectPair = { treatment: string; control: string };

/**
 * `A-B` read against the names the run can resolve: set names hold dashes (`all-ledger`), so the
 * split is the one dash whose two sides both name a gate set; `A − B` (spaced, either minus) splits
 * there. None or several: bad input naming the candidates.
 */
export function parseEffect(spec: string | EffectPair, known: ReadonlySet<string>): EffectPair {
  if (typeof spec !== 'string') return spec;
  const names = (n: string) => known.has(n) || isBuiltinGateSet(n) || isDerivedGateSet(n);
  const spaced = /^\s*(\S+)\s+[-−]\s+(\S+)\s*$/.exec(spec);
  const splits: EffectPair[] = spaced
    ? [{ treatment: spaced[1], control: spaced[2] }]
    : [...spec.matchAll(/[-−]/g)].map((m) => ({
        treatment: spec.slice(0, m.index),
        control: spec.slice(m.index + 1),
      }));
  const ok = splits.filter((p) => names(p.treatment) && names(p.control));
  const hint = '(e.g. --effect only-ledger-only-loop-detector, or "only-ledger - only-loop-detector")';
  if (!ok.length) throw new InputError(`--effect ${spec}: expected A-B, two gate sets of the run ${hint}`);
  if (ok.length > 1)
    throw new InputError(
      `--effect ${spec}: ambiguous (${ok.map((p) => `${p.treatment} − ${p.control}`).join(' or ')}); write it spaced: "A - B"`,
    );
  if (ok[0].treatment === ok[0].control)
    throw new InputError(`--effect ${spec}: the two gate sets are the same`);
  return ok[0];
}
