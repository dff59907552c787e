/**
 * The ablation and `--effect` tables as every reporter shows them (scorecard.md, the terminal's
 * last screen, report.html, the diff): which rows, in which order, under which labels. The figures
 * and their units are effects.ts'; the definitions (removal, alone, interaction) scoring/ablation.ts'.
 */
import { gateWord } from '../formats/gate-sets.js';
import type { GateName } from '../formats/vocabulary.js';
import type { Ablation, Contrast, EffectFigures, Interaction, Scorecard } from '../scoring/index.js';

/** One row of an effect table: its label (one or two lines) and figures over `n` pairs or units. */
export interface EffectRow {
  label: [string, string];
  n: number;
  e: EffectFigures;
}

/** A scope's name: a seat, or every configured seat pooled (seat null). */
export const scopeName = (seat: string | null): string => seat ?? 'every seat (pooled)';

/** The figures an interaction is shown for when its interval excludes zero: the scores, not the costs. */
export const SCORE_FIGURES = ['passRate', 'correctness', 'honestyFailRate'] as const;

export const ABLATION_NOTE =
  'removal: all − all-<gate>, what the gate adds to the others; "<b> for <g>": all-<g>+<b> − all-<g>, gate b in g\'s place over the same control; alone: only-<gate> − none. Paired by golden × seat × repetition; 95% paired bootstrap intervals; n = pairs.';

export const INTERACTION_NOTE =
  'Interaction of g and h: Δ(removing both) − Δ(removing g) − Δ(removing h), each Δ against all (= all-g-h − all-g − all-h + all). 0: independent; on pass rate, + : removing both costs less than the two removals added up (each needs the other), − : more (each covers for the other). Shown when the interval of pass rate, correctness or honesty-failing share excludes 0; n = units scored under all four sets.';

const word = (g: string): string => gateWord(g as GateName);

/** The scopes an ablation holds: pooled first, then each seat. */
export function ablationScopes(ab: Ablation): (string | null)[] {
  const seats = [...new Set(ab.effects.map((e) => e.seat).filter((s): s is string => s !== null))];
  return ab.effects.some((e) => e.seat === null) ? [null, ...seats] : seats;
}

/** Each gate's marginal effects in one scope, gate by gate (removal, then alone). */
export function marginalRows(ab: Ablation, seat: string | null): EffectRow[] {
  return ab.effects
    .filter((e) => e.seat === seat)
    .map((e) => ({
      label: [
        e.kind === 'instead' && e.replaces ? `${word(e.gate)} for ${word(e.replaces)}` : word(e.gate),
        `${e.treatment} − ${e.control}`,
      ],
      n: e.pairs,
      e,
    }));
}

/** Whether an interaction is shown: a score figure's interval excludes zero. */
export const isShown = (i: Interaction): boolean =>
  i.significant.some((f) => (SCORE_FIGURES as readonly string[]).includes(f));

/** The significant interactions of every scope, pooled first. */
export function interactionRows(ab: Ablation): (EffectRow & { seat: string | null })[] {
  const order = ablationScopes(ab);
  return ab.interactions
    .filter(isShown)
    .sort((a, b) => order.indexOf(a.seat) - order.indexOf(b.seat))
    .map((i) => ({
      seat: i.seat,
      label: [`${word(i.gates[0])} × ${word(i.gates[1])}`, scopeName(i.seat)],
      n: i.units,
      e: i,
    }));
}

/** An `--effect` contrast's rows: pooled first, then each seat. */
export function contrastRows(c: Contrast): EffectRow[] {
  const rows = [...c.seats].sort((a, b) => (a.seat === null ? -1 : b.seat === null ? 1 : 0));
  return rows.map((s) => ({ label: [scopeName(s.seat), String(s.goldens)], n: s.pairs, e: s }));
}

export const contrastTitle = (c: Contrast): string => `${c.treatment} − ${c.control}`;

/** Whether a scorecard has anything for these tables. */
export const hasAblation = (sc: Scorecard): boolean => Boolean(sc.ablation?.effects.length);
