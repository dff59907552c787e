/**
 * The ablation (docs/gates.md, Ablation): each gate's marginal effect, and the pairwise
 * interactions, from whatever derived gate sets a run holds (plan/ablate.ts plans them all; a run
 * of `none all all-ledger` gives the ledger's removal effect alone). Per seat pooled over its
 * goldens, and pooled over every configured seat; units pair by golden × seat × repetition
 * (contrast.ts), as the all − none table does.
 *
 *   removal      all − all-<g>           what g adds to the other gates of all
 *   alone        only-<g> − none         what g does by itself
 *   instead      all-<r>+<g> − all-<r>   g in r's place (loopDetector in the ledger's): against the control
 *                                        of r's removal effect, so the two sit side by side
 *   interaction  Δ(all-<g>-<h>) − Δ(all-<g>) − Δ(all-<h>), each Δ(all-X) = all-X − all: the effect of
 *                removing both against the sum of removing each, i.e. all-<g>-<h> − all-<g> − all-<h> + all.
 *                Zero: the two act independently. On the pass rate, positive: removing both costs less
 *                than the two removals added up (each needs the other: one without the other is
 *                useless or harmful); negative: removing both costs more (each covers for the other).
 *
 * An interaction is significant on a figure when its 95% interval excludes zero; every interaction
 * is recorded, the reports show the significant ones. No correction for the number of pairs is made.
 */
import type { GateName } from '../formats/config.js';
import { derivedSetName } from '../formats/gate-sets.js';
import { GATE_NAMES } from '../formats/vocabulary.js';
import { unitsBySeat } from './aggregate.js';
import { contrastFigures, FIGURE_NAMES, type Terms, type Unit, unitsByCell } from './contrast.js';
import type { Ablation, Contrast, EffectFigures, Interaction, MarginalEffect, TrialRecord } from './types.js';

type Scope = { seat: string | null; goldens: number; units: Unit[] };

/** Per seat, then pooled over every seat (seat null; there for one seat too, so every report reads the same rows). */
function scopes(trials: readonly TrialRecord[], sets: readonly string[]): Scope[] {
  const cells = unitsByCell(trials, sets);
  const perSeat: Scope[] = unitsBySeat(cells);
  if (!perSeat.length) return [];
  const goldens = new Set([...cells.keys()].map((c) => c.split('\u0000')[1])).size;
  return [...perSeat, { seat: null, goldens, units: perSeat.flatMap((s) => s.units) }];
}

function figuresOver(
  trials: readonly TrialRecord[],
  terms: Terms,
  seed: number,
  what: string,
): (Scope & EffectFigures)[] {
  return scopes(
    trials,
    terms.map(([s]) => s),
  ).map((sc) => ({ ...sc, ...contrastFigures(sc.units, terms, seed, `${what}\u0000${sc.seat ?? '*'}`) }));
}

/** The figures whose interval lies wholly on one side of zero. */
export function significantFigures(e: EffectFigures): (keyof EffectFigures)[] {
  return FIGURE_NAMES.filter((k) => {
    const ci = e[k].ci95;
    return ci !== null && (ci.lo > 0 || ci.hi < 0);
  });
}

const strip = <T extends Scope>({ units, ...rest }: T): Omit<T, 'units'> & { units: number } => ({
  ...rest,
  units: units.length,
});

/** The ablation a run's trials allow, or undefined when they hold no derived set to compare. */
export function ablationOf(trials: readonly TrialRecord[], seed: number): Ablation | undefined {
  const sets = new Set(trials.filter((t) => t.score.verdict !== 'unscored').map((t) => t.gateSet));
  const effects: MarginalEffect[] = [];
  const removable: GateName[] = [];
  for (const gate of GATE_NAMES) {
    const without = derivedSetName('all', [gate]);
    const only = derivedSetName('only', [gate]);
    const kinds = [
      ['removal', 'all', without],
      ['alone', only, 'none'],
    ] as const;
    const add = (
      g: GateName,
      kind: MarginalEffect['kind'],
      treatment: string,
      control: string,
      r?: GateName,
    ) => {
      if (!sets.has(treatment) || !sets.has(control)) return false;
      const terms: Terms = [
        [treatment, 1],
        [control, -1],
      ];
      for (const f of figuresOver(trials, terms, seed, `ablation\u0000${treatment}\u0000${control}`)) {
        const { units, ...rest } = strip(f);
        effects.push({
          gate: g,
          kind,
          treatment,
          control,
          ...(r ? { replaces: r } : {}),
          ...rest,
          pairs: units,
        });
      }
      return true;
    };
    if (add(gate, 'removal', kinds[0][1], kinds[0][2])) removable.push(gate);
    // every other gate in this one's place, right after this one's removal: the same control
    for (const b of GATE_NAMES)
      if (b !== gate) add(b, 'instead', derivedSetName('all', [gate], [b]), without, gate);
    add(gate, 'alone', kinds[1][1], kinds[1][2]);
  }
  const interactions: Interaction[] = [];
  for (const [i, g] of removable.entries()) {
    for (const h of removable.slice(i + 1)) {
      const both = derivedSetName('all', [g, h]);
      if (!sets.has(both)) continue;
      const terms: Terms = [
        [both, 1],
        [derivedSetName('all', [g]), -1],
        [derivedSetName('all', [h]), -1],
        ['all', 1],
      ];
      for (const f of figuresOver(trials, terms, seed, `interaction\u0000${both}`)) {
        const e = strip(f);
        interactions.push({
          gates: [g, h],
          sets: terms.map(([s]) => s),
          ...e,
          significant: significantFigures(e),
        });
      }
    }
  }
  if (!effects.length && !interactions.length) return undefined;
  const gates = GATE_NAMES.filter((g) => effects.some((e) => e.gate === g));
  return { gates, effects, interactions };
}

/** `--effect A-B`: the contrast of two gate sets per seat pooled over its goldens, and pooled over every seat. */
export function contrastOf(
  trials: readonly TrialRecord[],
  seed: number,
  treatment: string,
  control: string,
): Contrast {
  const terms: Terms = [
    [treatment, 1],
    [control, -1],
  ];
  const seats = figuresOver(trials, terms, seed, `effect\u0000${treatment}\u0000${control}`).map((f) => {
    const { units, ...rest } = strip(f);
    return { ...rest, pairs: units };
  });
  return { treatment, control, seats };
}
