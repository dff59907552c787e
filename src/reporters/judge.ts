/**
 * The LLM judge beside the rule-based scores (scoring/judge-agreement.ts): one compact agreement
 * line for the terminal and scorecard.md, and in scorecard.md the agreement per row and every
 * disagreement with its trial id. Nothing here when the run had no judge.
 */
import type { Agreement, JudgeSummary, Scorecard } from '../scoring/index.js';
import { mdHead, mdRow } from './md.js';

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

/** Terminal: the line and, when the judge failed on trials, the first reason (the rest: scorecard.md). */
export function judgeTerminalLines(sc: Scorecard): string[] {
  const j = sc.judge;
  if (!j) return [];
  const out = [judgeLine(j)];
  if (j.disagreements.length)
    out.push(`  disagreements: ${[...new Set(j.disagreements.map((d) => d.id))].join(', ')}`);
  if (j.failures.length) out.push(`  judge failed on ${j.failures[0].id}: ${j.failures[0].reason}`);
  return out;
}

export function judgeMd(sc: Scorecard): string[] {
  const j = sc.judge;
  if (!j) return [];
  const out = [
    '',
    '## LLM judge (second opinion)',
    '',
    `${judgeLine(j)}. The rule-based scorer decides every verdict; the judge grades the root cause and the Theory's honesty beside it (docs/scoring.md, The LLM judge).`,
    '',
    mdHead(['golden', 'seat', 'gate set', 'graded', 'root cause agrees', 'honesty agrees', 'failed']),
    ...j.rows.map((r) =>
      mdRow([
        r.golden,
        r.seat,
        r.gateSet,
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
        `- \`${d.id}\` ${d.on === 'rootCause' ? 'root cause' : 'honesty'}: rules say ${d.rule}, judge says ${d.judge}: ${d.rationale.replace(/\s+/g, ' ')}`,
      );
  }
  if (j.failures.length) {
    out.push('', '### Judge failures', '');
    for (const f of j.failures) out.push(`- \`${f.id}\`: ${f.reason}`);
  }
  return out;
}
