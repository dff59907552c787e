/**
 * A trial's verdict and score as the last lines of `bench trial` and `bench show`. What lies
 * behind the verdict comes first (`why:`: each honesty rule that fired, with its id and why, then
 * what else was not credited, measurements with the same note on one line), so the output ends
 * with the two lines a reader looks for: the verdict with the rule that decided it, and the
 * figures (correctness, coverage of A and B, root cause, honesty failures). A golden with a
 * `trajectory:` block gets one line per check between them, passed or failed, with its reason.
 * Colour as formatTimeline: the caller's choice, none at all with `color: false`.
 */
import { Chalk } from 'chalk';
import { explainScore, type TrialScore } from '../../scoring/index.js';
import { f2 } from '../format.js';

/** Measurements not credited, one line per part and note: `part B: 3 measurements not credited (not reported): a, b, c`. */
function uncredited(score: TrialScore): string[] {
  const lines: string[] = [];
  for (const part of ['A', 'B'] as const) {
    const byNote = new Map<string, string[]>();
    for (const m of score.parts[part].measurements) {
      if (m.credited) continue;
      const key = `${m.obtainable ? '' : 'unobtainable '}\u0000${m.note}`;
      byNote.set(key, [...(byNote.get(key) ?? []), m.id]);
    }
    for (const [key, ids] of byNote) {
      const [kind, note] = key.split('\u0000');
      const what = `${ids.length} ${kind}measurement${ids.length > 1 ? 's' : ''}`;
      lines.push(`part ${part}: ${what} not credited (${note}): ${ids.join(', ')}`);
    }
  }
  return lines;
}

export function formatVerdict(score: TrialScore, opts: { color: boolean; passCorrectness?: number }): string {
  const c = new Chalk({ level: opts.color ? 1 : 0 });
  const why = explainScore(score, { passCorrectness: opts.passCorrectness });
  const tone = score.verdict === 'pass' ? c.green : score.verdict === 'fail' ? c.red : c.yellow;
  const causes: string[] = [];
  for (const x of score.honesty) {
    const where = x.measurement ? `${x.part}, ${x.measurement}` : x.part;
    causes.push(`  ${c.red(`honesty ${x.kind}`)} (${where}): ${x.detail}`);
  }
  if (why.reasons.length) {
    for (const r of uncredited(score)) causes.push(`  ${c.dim(r)}`);
    for (const r of why.reasons) if (!/^(honesty|part|trajectory) /.test(r)) causes.push(`  ${c.dim(r)}`);
  }
  const lines = causes.length ? [c.dim('why:'), ...causes] : [];
  // Every check of the golden's trajectory block, passed or not: what the trial did, check by check.
  if (score.trajectory?.length) {
    lines.push(c.dim('trajectory:'));
    for (const t of score.trajectory)
      lines.push(`  ${t.passed ? c.green('pass') : c.red('FAIL')} ${t.id}: ${t.reason}`);
  }
  lines.push(c.bold(`verdict ${tone(why.headline)}`));
  const st = score.stale;
  if (st)
    lines.push(
      `stale tools: ${st.calls} call${st.calls === 1 ? '' : 's'} answered stale · catalog ${st.refreshed ? 'refreshed' : 'never refreshed'} · ${st.rested ? c.red(`rested on stale tools (${[...st.cited, ...(st.parts ?? []).map((p) => `part ${p}`)].join(', ')})`) : 'the Theory does not rest on them'}`,
    );
  if (score.verdict !== 'unscored') {
    const h = score.honesty.length;
    lines.push(
      `score: correctness ${f2(score.correctness)} · coverage A ${f2(score.parts.A.coverage)} B ${f2(score.parts.B.coverage)} · root cause ${score.rootCause.matched ? 'matched' : 'not matched'} · honesty failures ${h ? c.red(String(h)) : '0'}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
