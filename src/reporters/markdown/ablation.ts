/**
 * scorecard.md's ablation sections (reporters/ablation.ts says which rows): each gate's marginal
 * effect pooled over every seat, per seat in a collapsed <details>, the significant interactions,
 * and each `--effect A-B` table.
 */
import type { Scorecard } from '../../scoring/index.js';
import {
  ABLATION_NOTE,
  ablationScopes,
  contrastRows,
  contrastTitle,
  type EffectRow,
  INTERACTION_NOTE,
  interactionRows,
  marginalRows,
  scopeName,
} from '../ablation.js';
import { EFFECT_COLUMNS, effectParts } from '../effects.js';
import { mdEsc, mdHead, mdLines, mdRow } from '../md.js';
import { oneLine } from '../terminal/index.js';

function table(heads: [string, string], rows: EffectRow[]): string[] {
  return [
    mdHead([...heads, 'n', ...EFFECT_COLUMNS.map((c) => oneLine(c.head))]),
    ...rows.map((r) =>
      mdRow([
        mdEsc(r.label[0]),
        mdEsc(r.label[1]),
        String(r.n),
        ...EFFECT_COLUMNS.map(({ key }) => mdLines(effectParts(key, r.e[key]))),
      ]),
    ),
  ];
}

export function ablationMd(sc: Scorecard): string[] {
  const ab = sc.ablation;
  const out: string[] = [];
  if (ab?.effects.length) {
    const [first, ...rest] = ablationScopes(ab);
    out.push(
      '',
      `## Ablation: each gate's marginal effect, ${mdEsc(scopeName(first))}`,
      '',
      ABLATION_NOTE,
      '',
    );
    out.push(...table(['gate', 'effect'], marginalRows(ab, first)));
    if (rest.length) {
      out.push('', `<details><summary>Each gate's marginal effect per seat (${rest.length} seats)</summary>`);
      for (const seat of rest)
        out.push(
          '',
          `**${mdEsc(scopeName(seat))}**`,
          '',
          ...table(['gate', 'effect'], marginalRows(ab, seat)),
        );
      out.push('', '</details>');
    }
    const inter = interactionRows(ab);
    out.push('', '### Interactions between gates', '', INTERACTION_NOTE, '');
    if (inter.length) out.push(...table(['gates', 'scope'], inter));
    else
      out.push(
        ab.interactions.length
          ? `None of the ${ab.interactions.length} measured is significant.`
          : 'None measured: the run holds no all-<g>-<h> set (bench run --ablate plans them).',
      );
  }
  for (const c of sc.contrasts ?? []) {
    out.push(
      '',
      `## Effect: ${mdEsc(contrastTitle(c))}`,
      '',
      'Paired by golden × seat × repetition; 95% paired bootstrap intervals; n = pairs.',
      '',
    );
    out.push(...table(['scope', 'goldens'], contrastRows(c)));
  }
  return out;
}
