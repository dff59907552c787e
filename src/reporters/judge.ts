/**
 * The LLM judge beside the rule-based scores (scoring/judge/agreement.ts): one compact agreement
 * line for the terminal and scorecard.md, and in scorecard.md the agreement per row and every
 * disagreement with its trial id. Nothing here when the run had no judge.
 */
import type { Agreement, JudgeSummary, Scorecard } from '../scoring/index.js';
import { mdCode, mdEsc, mdHead, mdRow, mdText } from './md.js';

const agreed = (a: Agreement): string => `${a.agree}/${a.agree + a.disagree}`;

/** "judge openai-chat/gpt-4.1 (second opinion, never the verdict): 12 graded · root cause agrees 11/12 · ..." */
export function judgeLine(j: JudgeSummary): string {
  const parts = [
    `${j.n} graded`,
    `root cause agrees ${agreed(j.rootCause)}`,
    `honesty agrees ${agreed(j.honesty)}`,
  ];
  if (j.failed) parts.push(`${j.failed} failed`);
  return `judge ${j.judges.join(', ')} (second opinion, never the verdict): ${parts.join(' · ')}`;
}

/** Terminal shows this many disagreeing trial ids; scorecard.md lists every one with the why. */
const TERMINAL_IDS = 5;

/**
 * Terminal: the line (unwrapped, as the ceiling lines: a grep finds it whole), the first
 * disagreeing trials, and the first reason the judge failed.
 */
export function judgeTerminalLines(sc: Scorecard): { line: string; more: string[] } | undefined {
  const j = sc.judge;
  if (!j) return undefined;
  const more: string[] = [];
  const ids = [...new Set(j.disagreements.map((d) => d.id))];
  if (ids.length) {
    const rest = ids.length > TERMINAL_IDS ? `, and ${ids.length - TERMINAL_IDS} more` : '';
    more.push(`disagreements (scorecard.md): ${ids.slice(0, TERMINAL_IDS).join(', ')}${rest}`);
  }
  if (j.failures.length) more.push(`judge failed on ${j.failures[0].id}: ${j.failures[0].reason}`);
  return { line: judgeLine(j), more };
}

export function judgeMd(sc: Scorecard): string[] {
  const j = sc.judge;
  if (!j) return [];
  const out = [
    '',
    '## LLM judge (second opinion)',
    '',
    `${mdEsc(judgeLine(j))}. The rule-based scorer decides every verdict; the judge grades the root cause and the Theory's honesty beside it (docs/scoring.md, The LLM judge).`,
    '',
    mdHead(['golden', 'seat', 'gate set', 'graded', 'root cause agrees', 'honesty agrees', 'failed']),
    ...j.rows.map((r) =>
      mdRow([
        mdEsc(r.golden),
        mdEsc(r.seat),
        mdEsc(r.gateSet),
        String(r.n),
        agreed(r.rootCause),
        agreed(r.honesty),
        String(r.failed),
      ]),
    ),
  ];
  if (j.disagreements.length) {
    out.push('', '### Disagreements', '');
    for (const d of j.disagreements)
      out.push(
        `- ${mdCode(d.id)} ${d.on === 'rootCause' ? 'root cause' : 'honesty'}: rules say ${d.rule}, judge says ${d.judge}: ${mdText(d.rationale)}`,
      );
  }
  if (j.failures.length) {
    out.push('', '### Judge failures', '');
    for (const f of j.failures) out.push(`- ${mdCode(f.id)}: ${mdText(f.reason)}`);
  }
  return out;
}
