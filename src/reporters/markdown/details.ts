/**
 * The collapsed part of scorecard.md: per golden, every seat × gate set row with all its figures
 * (the ceiling and baselines marked), and the gate effect per seat on that golden. GitHub renders
 * markdown inside <details> when blank lines surround it.
 */
import type { Scorecard } from '../../scoring/index.js';
import { EFFECT_COLUMNS, effectParts } from '../effects.js';
import { mdEsc, mdHead, mdLines, mdRow } from '../md.js';
import { FULL_COLUMNS, fullCells, oneLine } from '../terminal/index.js';

const ROLE: Record<string, string> = { seat: '', ceiling: ' (**ceiling**)', baseline: ' (null baseline)' };

export function renderDetailsMd(sc: Scorecard): string[] {
  const goldens = [...new Set(sc.rows.map((r) => r.golden))];
  const out = [
    '<details>',
    `<summary>Every golden × seat × gate set (${sc.rows.length} rows), and the gate effect per golden</summary>`,
  ];
  // The golden is the section; the table drops its column to stay narrow.
  const cols = FULL_COLUMNS.slice(1);
  for (const golden of goldens) {
    out.push('', `### ${mdEsc(golden)}`, '', mdHead(cols.map((c) => oneLine(c.head))));
    for (const r of sc.rows.filter((x) => x.golden === golden)) {
      const cells = fullCells(r)
        .slice(1)
        .map((c, i) => (typeof c !== 'string' ? mdLines(c) : i < 2 ? mdEsc(c) : c));
      cells[0] += ROLE[r.kind];
      out.push(mdRow(cells));
    }
    const fx = sc.gateEffects.filter((e) => e.golden === golden);
    if (!fx.length) continue;
    out.push('', `Gate effect on ${mdEsc(golden)} (paired by seed; n = pairs):`, '');
    out.push(mdHead(['seat', 'n', ...EFFECT_COLUMNS.map((c) => oneLine(c.head))]));
    for (const e of fx) {
      const figures = EFFECT_COLUMNS.map(({ key }) => mdLines(effectParts(key, e[key])));
      const who = `${mdEsc(e.seat)} (${mdEsc(e.treatment)} − ${mdEsc(e.control)})`;
      out.push(mdRow([who, String(e.pairs), ...figures]));
    }
  }
  out.push('', '</details>');
  return out;
}
