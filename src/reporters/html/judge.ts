/**
 * report.html's LLM judge section (readable without scripts): the agreement line, the agreement
 * per row, and every disagreement and failed grade with its trial id. Empty without a judge.
 */
import type { Scorecard } from '../../scoring/index.js';
import { judgeLine } from '../judge.js';
import { esc } from './escape.js';

const agreed = (a: { agree: number; disagree: number }): string => `${a.agree}/${a.agree + a.disagree}`;

export function judgeHtml(sc: Scorecard): string {
  const j = sc.judge;
  if (!j) return '';
  const head = ['golden', 'seat', 'gate set', 'graded', 'root cause agrees', 'honesty agrees', 'failed'];
  const rows = j.rows
    .map(
      (r) =>
        `<tr>${[r.golden, r.seat, r.gateSet, r.n, agreed(r.rootCause), agreed(r.honesty), r.failed].map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`,
    )
    .join('');
  const items = [
    ...j.disagreements.map(
      (d) =>
        `<li><code>${esc(d.id)}</code> ${d.on === 'rootCause' ? 'root cause' : 'honesty'}: rules say ${esc(d.rule)}, judge says ${esc(d.judge)}: ${esc(d.rationale)}</li>`,
    ),
    ...j.failures.map((f) => `<li><code>${esc(f.id)}</code> judge failed: ${esc(f.reason)}</li>`),
  ].join('');
  return [
    '<section id="judge"><h2>LLM judge (second opinion)</h2>',
    `<p>${esc(judgeLine(j))}. The rule-based scorer decides every verdict.</p>`,
    `<table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows}</tbody></table>`,
    items ? `<ul>${items}</ul>` : '',
    '</section>',
  ].join('');
}
