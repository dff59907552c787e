/**
 * The diff's ablation section: each gate's marginal effect pooled over every seat (and each
 * `--effect` contrast pooled), BASE → HEAD, per figure: what a gate change did to what each gate
 * buys. Rows pair by their contrast (treatment − control), so a gate set's name means the same
 * contrast on both sides; a row one side lacks shows `–` there. Collapsed, after the changed rows.
 */
import type { EffectEstimate, EffectFigures, Scorecard } from '../../scoring/index.js';
import { marginalRows, SCORE_FIGURES } from '../ablation.js';
import { EFFECT_COLUMNS, effectParts } from '../effects.js';
import { mdEsc, mdHead, mdRow } from '../md.js';
import { oneLine } from '../terminal/index.js';

type Row = { label: string; e: EffectFigures };

function pooled(sc: Scorecard | undefined): Map<string, Row> {
  const out = new Map<string, Row>();
  if (sc?.ablation)
    for (const r of marginalRows(sc.ablation, null)) out.set(r.label[1], { label: r.label[0], e: r.e });
  for (const c of sc?.contrasts ?? []) {
    const p = c.seats.find((s) => s.seat === null) ?? (c.seats.length === 1 ? c.seats[0] : undefined);
    if (p) out.set(`${c.treatment} − ${c.control}`, { label: 'effect', e: p });
  }
  return out;
}

const cell = (key: keyof EffectFigures, e?: EffectEstimate): string =>
  e ? effectParts(key, e).join(' ') : '–';

export function ablationDiffMd(base: Scorecard | undefined, head: Scorecard | undefined): string[] {
  const b = pooled(base);
  const h = pooled(head);
  const keys = [...new Set([...h.keys(), ...b.keys()])];
  if (!keys.length) return [];
  const cols = EFFECT_COLUMNS.filter(
    (c) => (SCORE_FIGURES as readonly string[]).includes(c.key) || c.key === 'wallP50Ms',
  );
  return [
    '',
    `<details><summary>Each gate's marginal effect, BASE → HEAD (${keys.length} rows, every seat pooled)</summary>`,
    '',
    mdHead(['gate', 'effect', ...cols.map((c) => oneLine(c.head))]),
    ...keys.map((k) => {
      const label = h.get(k)?.label ?? b.get(k)?.label ?? '';
      return mdRow([
        mdEsc(label),
        mdEsc(k),
        ...cols.map(({ key }) => `${cell(key, b.get(k)?.e[key])} → ${cell(key, h.get(k)?.e[key])}`),
      ]);
    }),
    '',
    '</details>',
  ];
}
