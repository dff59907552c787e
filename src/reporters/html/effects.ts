/**
 * report.html's opening section: the gate effect, treatment minus control, per seat pooled over
 * its goldens (the scorecard's `seatGateEffects`), then per golden × seat collapsed: Δ pass rate,
 * Δ correctness, Δ honesty-fail share, Δ wall p50 and Δ tokens, each with its 95% paired interval,
 * in the terminal's units (reporters/effects.ts), green when the interval lies on the better side
 * of zero, red on the worse. It answers "did the gates help" before anything else on the page; its
 * table scrolls inside its own box on a phone, so the page itself never does.
 */
import type { EffectFigures, Scorecard } from '../../scoring/index.js';
import { EFFECT_COLUMNS, effectDirection, effectParts } from '../effects.js';
import { esc } from './escape.js';

type Effect = EffectFigures & { seat: string; treatment: string; control: string; pairs: number };

const TONE = { better: 'good', worse: 'bad', unclear: '' } as const;

function figure(key: (typeof EFFECT_COLUMNS)[number]['key'], e: Effect): string {
  const [value, interval] = effectParts(key, e[key]);
  const tone = TONE[effectDirection(key, e[key])];
  return `<td class="fig ${tone}"><b>${esc(value)}</b><br><span class="dim">${esc(interval)}</span></td>`;
}

function table(rows: { label: string; e: Effect }[]): string {
  const head = EFFECT_COLUMNS.map((c) => `<th>${esc(c.head.join(' '))}</th>`).join('');
  const body = rows
    .map(
      ({ label, e }) =>
        `<tr><th class="seat">${label}</th><td>${e.pairs}</td>${EFFECT_COLUMNS.map((c) => figure(c.key, e)).join('')}</tr>`,
    )
    .join('');
  return `<div class="scroll"><table class="effects"><thead><tr><th>seat</th><th>pairs</th>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

export function effectsHtml(sc: Scorecard): string {
  const fx = sc.seatGateEffects ?? [];
  if (!fx.length) return '';
  const pairs = [...new Set(fx.map((e) => `${e.treatment} − ${e.control}`))].join(', ');
  const perGolden = sc.gateEffects.length
    ? `<details><summary>per golden × seat (${sc.gateEffects.length})</summary>${table(
        sc.gateEffects.map((e) => ({ label: `${esc(e.golden)} × ${esc(e.seat)}`, e })),
      )}</details>`
    : '';
  return [
    `<section id="effects"><h2>Gate effect: ${esc(pairs)}, per seat</h2>`,
    '<p class="dim">Treatment minus control, paired by golden and seed and pooled over the seat’s goldens; 95% paired bootstrap intervals under each figure (green: the whole interval on the better side of zero, red: on the worse); pairs: how many all/none pairs.</p>',
    table(fx.map((e) => ({ label: esc(e.seat), e }))),
    perGolden,
    '</section>',
  ].join('');
}
