/**
 * The one line every human report opens with: trials, passes, honesty failures, regressions,
 * assertions. Counted over the configured seats' trials; the ceiling and the null baselines are
 * references, reported beside the seats, not in these counts.
 */
import type { Scorecard } from '../scoring/index.js';
import { rowKind } from '../scoring/index.js';
import { pct } from './format.js';

export interface RunSummary {
  trials: number;
  scored: number;
  unscored: number;
  passed: number;
  /** Scored trials with at least one honesty failure. */
  honestyTrials: number;
  /** Config `assert:` rules judged; null when the config has none. */
  assertions: { passed: number; failed: number; skipped: number } | null;
}

export function runSummary(sc: Scorecard): RunSummary {
  const seat = sc.trials.filter((t) => rowKind(t.seat) === 'seat');
  const scored = seat.filter((t) => t.score.verdict !== 'unscored');
  const judged = sc.assertions ?? [];
  return {
    trials: seat.length,
    scored: scored.length,
    unscored: seat.length - scored.length,
    passed: scored.filter((t) => t.score.verdict === 'pass').length,
    honestyTrials: scored.filter((t) => t.score.honesty.length > 0).length,
    assertions: judged.length
      ? {
          passed: judged.filter((a) => a.passed).length,
          failed: judged.filter((a) => !a.passed && !a.skipped).length,
          skipped: judged.filter((a) => a.skipped).length,
        }
      : null,
  };
}

/** Marks a part of the line (bold, red) in the caller's medium; identity by default. */
export interface SummaryStyle {
  strong(s: string): string;
  bad(s: string): string;
}
const plain: SummaryStyle = { strong: (s) => s, bad: (s) => s };

/**
 * `regressions` is known only to `bench diff`: a run's line shows "–" there, never a guess; `null`
 * leaves it out (the diff's own verdict line has said it).
 */
export function summaryLine(sc: Scorecard, style: SummaryStyle = plain, regressions?: number | null): string {
  const s = runSummary(sc);
  const unscored = s.unscored ? ` (${s.unscored} unscored)` : '';
  const rate = s.scored ? ` (${pct(s.passed / s.scored)})` : '';
  const honesty = `honesty failures in ${s.honestyTrials} trials`;
  const parts = [
    style.strong(`${s.trials} trials`) + unscored,
    `pass ${style.strong(`${s.passed}/${s.scored}`)}${rate}`,
    s.honestyTrials ? style.bad(honesty) : honesty,
    ...(regressions === null ? [] : [`regressions ${regressions === undefined ? '–' : regressions}`]),
  ];
  if (s.assertions) {
    const failed = `${s.assertions.failed} failed`;
    parts.push(
      `assertions ${s.assertions.passed} passed / ${s.assertions.failed ? style.bad(failed) : failed}` +
        (s.assertions.skipped ? ` / ${s.assertions.skipped} not judged` : ''),
    );
  }
  return parts.join(' · ');
}
