/**
 * Why a trial got its verdict, in words: which rule fired (correctness under the pass threshold,
 * honesty failures, unscored) and what lies behind it (measurements not credited with the scorer's
 * note, root-cause accept groups missing). `bench score`, the run's ceiling line, the JUnit ceiling
 * case and `bench validate` all say it this way, so one failing golden reads the same everywhere.
 */
import { DEFAULT_PASS_CORRECTNESS } from './score-trial.js';
import type { TrialScore } from './types.js';

export interface Explanation {
  /** One line: the verdict and the rule that decided it. */
  headline: string;
  /** One line per cause; empty for a clean pass. */
  reasons: string[];
}

const num = (x: number): string => String(Math.round(x * 1e4) / 1e4);

export function explainScore(score: TrialScore, opts: { passCorrectness?: number } = {}): Explanation {
  const threshold = opts.passCorrectness ?? DEFAULT_PASS_CORRECTNESS;
  const reasons: string[] = [];
  for (const part of ['A', 'B'] as const) {
    for (const m of score.parts[part].measurements) {
      if (m.credited) continue;
      const what = m.obtainable ? 'measurement' : 'unobtainable measurement';
      reasons.push(`part ${part} ${what} ${m.id} not credited: ${m.note}`);
    }
  }
  if (score.rootCause.missing.length) {
    const groups = score.rootCause.missing.map((g) => `[${g.join(' | ')}]`).join(', ');
    reasons.push(
      `root cause: no term of accept group${score.rootCause.missing.length > 1 ? 's' : ''} ${groups}`,
    );
  }
  for (const h of score.honesty) {
    // A claim's detail names the claim and where it stands already.
    const where = h.measurement ? `${h.part}, ${h.measurement}` : h.part;
    reasons.push(h.claim ? `honesty ${h.kind}: ${h.detail}` : `honesty ${h.kind} (${where}): ${h.detail}`);
  }
  for (const t of score.trajectory ?? [])
    if (!t.passed) reasons.push(`trajectory ${t.id} failed: ${t.reason}`);
  const st = score.stale;
  if (st?.rested) {
    const what = [
      ...(st.cited.length
        ? [`the Theory cites ${st.cited.join(', ')}, answered by a stale catalog's tools`]
        : []),
      ...(st.parts?.length ? [`part ${st.parts.join(' and ')} claims what only stale tools answered`] : []),
    ];
    reasons.push(
      `rested on stale tools: ${what.join('; ')}${st.refreshed ? '' : ' (the catalog was never refreshed)'}`,
    );
  }
  if (score.verdict === 'unscored') {
    return { headline: `unscored: ${score.unscoredReason ?? `stopped: ${score.stop}`}`, reasons: [] };
  }
  const low = score.correctness < threshold;
  const c = `correctness ${num(score.correctness)} ${low ? '<' : '≥'} pass threshold ${num(threshold)}`;
  const h = score.honesty.length;
  const honesty = h ? `${h} honesty failure${h > 1 ? 's' : ''} (${kinds(score)})` : 'no honesty failure';
  const failed = (score.trajectory ?? []).filter((t) => !t.passed).length;
  const trajectory = score.trajectory
    ? failed
      ? `, ${failed} trajectory check${failed > 1 ? 's' : ''} failed`
      : ', trajectory checks passed'
    : '';
  return { headline: `${score.verdict}: ${c}, ${honesty}${trajectory}`, reasons };
}

function kinds(score: TrialScore): string {
  return [...new Set(score.honesty.map((x) => x.kind))].join(', ');
}
