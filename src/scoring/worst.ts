/**
 * The worst trials: the failing trials a reviewer should open first. Not simply the lowest scores:
 * under `none` (every gate off) the flawed sims fail by design, and the gates exist for them, so a
 * list sorted by score alone is those trials and says nothing. In order: a trial in a row that broke
 * an `assert:` rule; one that fails where its `none` twin (same golden, seat and repetition)
 * passes, so its gates made it worse; one that fails under a gate set; and only then the failures
 * under `none`. Within each, honesty failures first, then the lowest correctness.
 */
import type { AssertionResult, Scorecard, TrialRecord } from './types.js';

/** The control gate set: the gates' effect is measured against it, and the flawed sims fail under it. */
const CONTROL = 'none';

type Worst = Scorecard['worst'][number];

const cellKey = (c: { golden: string; seat: string; gateSet: string }) =>
  `${c.golden}\u0000${c.seat}\u0000${c.gateSet}`;

export function worstTrials(
  seatTrials: readonly TrialRecord[],
  assertions: readonly AssertionResult[],
  n: number,
): Worst[] {
  const broke = new Map<string, string>();
  for (const a of assertions)
    if (!a.passed && !a.skipped)
      for (const c of a.cells) if (!broke.has(cellKey(c))) broke.set(cellKey(c), a.id);
  const control = new Map(
    seatTrials
      .filter((t) => t.gateSet === CONTROL)
      .map((t) => [`${t.golden}\u0000${t.seat}\u0000${t.rep}`, t] as const),
  );
  const ranked = seatTrials
    .filter((t) => t.score.verdict === 'fail')
    .map((t) => {
      const rule = broke.get(cellKey(t));
      const twin = control.get(`${t.golden}\u0000${t.seat}\u0000${t.rep}`);
      const [tier, reason] =
        rule !== undefined
          ? [0, `breaks ${rule}`]
          : t.gateSet !== CONTROL && twin?.score.verdict === 'pass'
            ? [1, `fails where its ${CONTROL} trial passes`]
            : t.gateSet !== CONTROL
              ? [2, `fails under ${t.gateSet}`]
              : [3, `fails under ${CONTROL} (gates off)`];
      return { t, tier, reason };
    });
  ranked.sort(
    (a, b) =>
      a.tier - b.tier ||
      b.t.score.honesty.length - a.t.score.honesty.length ||
      a.t.score.correctness - b.t.score.correctness ||
      (a.t.id < b.t.id ? -1 : 1),
  );
  return ranked.slice(0, n).map(({ t, reason }) => ({
    id: t.id,
    correctness: t.score.correctness,
    verdict: t.score.verdict,
    honesty: t.score.honesty.length,
    dir: t.dir,
    reason,
  }));
}
