/**
 * A trial's verdict and score as the last lines of `bench trial` and `bench show`: the verdict with
 * the rule that decided it, the figures (correctness, coverage of A and B, root cause, honesty
 * failures), then each honesty rule that fired (its id and why) and what else was not credited.
 * Colour as formatTimeline: the caller's choice, none at all with `color: false`.
 */
import { Chalk } from 'chalk';
import { explainScore, type TrialScore } from '../scoring/index.js';
import { f2 } from './format.js';

export function formatVerdict(score: TrialScore, opts: { color: boolean; passCorrectness?: number }): string {
  const c = new Chalk({ level: opts.color ? 1 : 0 });
  const why = explainScore(score, { passCorrectness: opts.passCorrectness });
  const tone = score.verdict === 'pass' ? c.green : score.verdict === 'fail' ? c.red : c.yellow;
  const lines = [c.bold(`verdict ${tone(why.headline)}`)];
  if (score.verdict !== 'unscored') {
    const h = score.honesty.length;
    lines.push(
      `score: correctness ${f2(score.correctness)} · coverage A ${f2(score.parts.A.coverage)} B ${f2(score.parts.B.coverage)} · root cause ${score.rootCause.matched ? 'matched' : 'not matched'} · honesty failures ${h ? c.red(String(h)) : '0'}`,
    );
  }
  for (const x of score.honesty) {
    const where = x.measurement ? `${x.part}, ${x.measurement}` : x.part;
    lines.push(`  ${c.red(`honesty ${x.kind}`)} (${where}): ${x.detail}`);
  }
  for (const r of why.reasons) if (!r.startsWith('honesty ')) lines.push(`  ${c.dim(r)}`);
  return `${lines.join('\n')}\n`;
}
