/**
 * The ablation on the terminal's last screen: each gate's marginal effect pooled over every seat
 * (all of it), then the per-seat effects whose pass rate, correctness or honesty-failing share
 * interval excludes zero, the significant interactions, and each `--effect A-B` table. Every per-seat
 * row is in scorecard.md and report.html.
 */
import type { Chalk } from 'chalk';
import type { Scorecard } from '../../scoring/index.js';
import {
  ablationScopes,
  contrastRows,
  contrastTitle,
  type EffectRow,
  interactionRows,
  marginalRows,
  SCORE_FIGURES,
  scopeName,
} from '../ablation.js';
import { EFFECT_COLUMNS, effectDirection, effectParts } from '../effects.js';
import { SEAT_FLOOR } from './grid.js';
import { type Cell, droppedNote, renderTable, wrapText } from './table.js';

type Paint = InstanceType<typeof Chalk>;

function table(rows: EffectRow[], head: string, c: Paint, width: number, tone = true): string[] {
  const paint = { better: c.green, worse: c.red, unclear: (s: string) => s };
  const cells: Cell[][] = rows.map((r) => [
    [r.label[0], `${r.label[1]} (n ${r.n})`],
    ...EFFECT_COLUMNS.map(({ key }) =>
      effectParts(key, r.e[key]).map((p) => (tone ? paint[effectDirection(key, r.e[key])](p) : p)),
    ),
  ]);
  const t = renderTable(
    [{ head, floor: SEAT_FLOOR }, ...EFFECT_COLUMNS.map(({ head, priority }) => ({ head, priority }))],
    cells,
    { width, head: (s) => c.bold(s) },
  );
  return [t.text, ...droppedNote(t.dropped, width).flatMap((l) => wrapText(l, width).map((x) => c.dim(x)))];
}

const significant = (r: EffectRow): boolean =>
  SCORE_FIGURES.some((k) => effectDirection(k, r.e[k]) !== 'unclear');

export function ablationLines(sc: Scorecard, c: Paint, width: number): string[] {
  const out: string[] = [];
  const bold = (s: string) => wrapText(s, width).map((l) => c.bold(l));
  const ab = sc.ablation;
  if (ab?.effects.length) {
    const [first, ...seats] = ablationScopes(ab);
    out.push(
      ...bold(
        `ablation: each gate's marginal effect, ${scopeName(first)} (removal: all − all-<gate>; alone: only-<gate> − none; 95% paired intervals)`,
      ),
      ...table(marginalRows(ab, first), 'gate', c, width),
    );
    const perSeat = seats.flatMap((seat) =>
      marginalRows(ab, seat)
        .filter(significant)
        .map((r) => ({ ...r, label: [`${seat}: ${r.label[0]}`, r.label[1]] as [string, string] })),
    );
    if (perSeat.length)
      out.push(
        ...bold(
          `per seat, where a score interval excludes 0 (${perSeat.length} rows; every row: scorecard.md)`,
        ),
        ...table(perSeat, 'seat: gate', c, width),
      );
    const inter = interactionRows(ab);
    out.push(
      ...bold(
        inter.length
          ? 'interactions: Δ(removing both) − Δ(removing g) − Δ(removing h), where a score interval excludes 0'
          : ab.interactions.length
            ? `interactions: none significant of ${ab.interactions.length} measured`
            : 'interactions: none measured (no all-<g>-<h> set in the run; bench run --ablate plans them)',
      ),
    );
    if (inter.length) out.push(...table(inter, 'gates', c, width, false));
  }
  for (const k of sc.contrasts ?? [])
    out.push(
      ...bold(`effect ${contrastTitle(k)} (paired, 95% intervals)`),
      ...table(contrastRows(k), 'scope', c, width),
    );
  return out;
}
