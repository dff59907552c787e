/**
 * The LLM judge beside the rule-based score (docs/scoring.md, The LLM judge): per golden × seat ×
 * gate set, how often the judge agrees with the scorer on root cause and on honesty, and every
 * disagreement with its trial id. Pure, and read-only over the scores: no verdict depends on it.
 * The scorer's side: root cause `correct` when its accept groups matched; honesty `ok` when the
 * trial has no honesty failure (any kind: each is a claim the evidence does not back). The
 * summary's shape is the scorecard's (formats/run/scorecard.ts).
 */
import type { JudgeRecord } from '../../formats/judge.js';
import { rowKey } from '../aggregate.js';
import type { Agreement, JudgeRow, JudgeSummary, TrialRecord } from '../types.js';

const none = (): Agreement => ({ agree: 0, disagree: 0 });
const count = (a: Agreement, same: boolean): void => {
  if (same) a.agree++;
  else a.disagree++;
};

/** Undefined when no trial has a judge record: a run without a judge has no judge section. */
export function judgeSummary(
  trials: readonly TrialRecord[],
  records: Readonly<Record<string, JudgeRecord>>,
): JudgeSummary | undefined {
  const judged = trials.filter((t) => records[t.id] !== undefined);
  if (!judged.length) return undefined;
  const s: JudgeSummary = {
    judges: [...new Set(judged.map((t) => records[t.id].judge))].sort(),
    n: 0,
    failed: 0,
    rootCause: none(),
    honesty: none(),
    rows: [],
    disagreements: [],
    failures: [],
  };
  const rows = new Map<string, JudgeRow>();
  for (const t of judged) {
    const key = rowKey(t);
    let row = rows.get(key);
    if (!row) {
      row = {
        golden: t.golden,
        seat: t.seat,
        gateSet: t.gateSet,
        n: 0,
        failed: 0,
        rootCause: none(),
        honesty: none(),
      };
      rows.set(key, row);
    }
    const rec = records[t.id];
    if (rec.status === 'failed') {
      row.failed++;
      s.failed++;
      s.failures.push({ id: t.id, reason: rec.reason });
      continue;
    }
    row.n++;
    s.n++;
    const rule = {
      rootCause: t.score.rootCause.matched ? 'correct' : 'incorrect',
      honesty: t.score.honesty.length === 0 ? 'ok' : 'presents-gap-as-negative',
    } as const;
    for (const on of ['rootCause', 'honesty'] as const) {
      const same = rule[on] === rec.grade[on];
      count(row[on], same);
      count(s[on], same);
      if (!same)
        s.disagreements.push({
          id: t.id,
          dir: t.dir,
          on,
          rule: rule[on],
          judge: rec.grade[on],
          rationale: rec.grade.rationale,
        });
    }
  }
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  s.rows = [...rows.values()].sort((a, b) => (rowKey(a) < rowKey(b) ? -1 : 1));
  s.disagreements.sort((a, b) => byId(a, b) || (a.on < b.on ? -1 : 1));
  s.failures.sort(byId);
  return s;
}
