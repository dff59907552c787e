/**
 * report.html's ablation section, after the gate effect: each gate's marginal effect pooled over
 * every seat, per seat collapsed, the significant interactions, and each `--effect A-B` table
 * (rows: reporters/ablation.ts), in the effect table's units and colours (effects.ts).
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
import { EFFECT_COLUMNS, effectDirection, effectParts } from '../effects.js';
import { esc } from './escape.js';

const TONE = { better: 'good', worse: 'bad', unclear: '' } as const;

function table(heads: [string, string], rows: EffectRow[], tone = true): string {
  const head = [...heads, 'n', ...EFFECT_COLUMNS.map((c) => c.head.join(' '))]
    .map((h) => `<th>${esc(h)}</th>`)
    .join('');
  const body = rows
    .map((r) => {
      const figs = EFFECT_COLUMNS.map(({ key }) => {
        const [value, interval] = effectParts(key, r.e[key]);
        const t = tone ? TONE[effectDirection(key, r.e[key])] : '';
        return `<td class="fig ${t}"><b>${esc(value)}</b><br><span class="dim">${esc(interval)}</span></td>`;
      }).join('');
      return `<tr><th class="seat">${esc(r.label[0])}</th><td>${esc(r.label[1])}</td><td>${r.n}</td>${figs}</tr>`;
    })
    .join('');
  return `<div class="scroll"><table class="effects"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

export function ablationHtml(sc: Scorecard): string {
  const out: string[] = [];
  const ab = sc.ablation;
  if (ab?.effects.length) {
    const [first, ...seats] = ablationScopes(ab);
    const inter = interactionRows(ab);
    out.push(
      `<section id="ablation"><h2>Ablation: each gate's marginal effect, ${esc(scopeName(first))}</h2>`,
      `<p class="dim">${esc(ABLATION_NOTE)}</p>`,
      table(['gate', 'effect'], marginalRows(ab, first)),
      ...seats.map(
        (seat) =>
          `<details><summary>${esc(scopeName(seat))}</summary>${table(['gate', 'effect'], marginalRows(ab, seat))}</details>`,
      ),
      '<h3>Interactions between gates</h3>',
      `<p class="dim">${esc(INTERACTION_NOTE)}</p>`,
      inter.length
        ? table(['gates', 'scope'], inter, false)
        : `<p>None of the ${ab.interactions.length} measured is significant.</p>`,
      '</section>',
    );
  }
  for (const c of sc.contrasts ?? [])
    out.push(
      `<section class="contrast"><h2>Effect: ${esc(contrastTitle(c))}</h2>`,
      '<p class="dim">Paired by golden × seat × repetition; 95% paired bootstrap intervals; n = pairs.</p>',
      table(['scope', 'goldens'], contrastRows(c)),
      '</section>',
    );
  return out.join('');
}
