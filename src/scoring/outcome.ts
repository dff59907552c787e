/**
 * What a finished scorecard means for the exit code, as data: each reason the run fails, in the
 * words the CLI prints. One function, so the exit code (commands/outcome.ts, which `bench run`, `bench report` and `bench merge` call) and
 * junit.xml's `rematch.outcome` testcase cannot disagree about whether a run failed.
 */
import { rowKind } from './baselines.js';
import type { Scorecard } from './types.js';

/** How a trial the spend cap kept from starting is marked (execute/spend-cap.ts): unscored, this reason. */
export const SPEND_CAP_REASON = 'spend cap:';

export interface RunOutcomeOptions {
  /** A run with no scored trial of a configured seat is not a failure (`--allow-empty`). */
  allowEmpty?: boolean;
  /** `--min-correctness`: a seat row whose mean correctness is below this fails the run. */
  minCorrectness?: number;
}

/** `incomplete run: 60 of 153 trials; continue with bench run --resume DIR` (scorecard meta.incomplete). */
export function incompleteText(sc: Scorecard): string {
  const inc = sc.meta.incomplete;
  return inc
    ? `incomplete run: ${inc.trials} of ${inc.planned} trials; continue with bench run --resume ${sc.meta.dir}`
    : '';
}

/** Every reason the run fails (empty: it passes), the first being the one `bench run` names first. */
export function outcomeProblems(sc: Scorecard, opts: RunOutcomeOptions = {}): string[] {
  const problems: string[] = [];
  const inc = sc.meta.incomplete;
  if (inc) problems.push(incompleteText(sc));
  // The run stopped short of its plan: whatever else it shows, it is not the run that was asked for.
  const capped = sc.trials.filter((t) => t.score.unscoredReason?.startsWith(SPEND_CAP_REASON));
  if (capped.length)
    problems.push(
      `${capped.length} trial${capped.length === 1 ? '' : 's'} not started: ${capped[0].score.unscoredReason} (raise --max-cost or maxCost, then bench run --resume DIR --retry-errors)`,
    );
  const min = opts.minCorrectness;
  if (min !== undefined) {
    const low = sc.rows.filter((r) => r.kind === 'seat' && r.n > 0 && r.correctness.mean < min);
    if (low.length)
      problems.push(
        `mean correctness below ${min}: ${low.map((r) => `${r.golden} × ${r.seat} × ${r.gateSet} (${r.correctness.mean})`).join(', ')}`,
      );
  }
  const seatTrials = sc.trials.filter((t) => rowKind(t.seat) === 'seat');
  const scored = seatTrials.filter((t) => t.score.verdict !== 'unscored').length;
  // An accepted empty run waives what its emptiness breaks: a rule about the seats' trials has
  // none to see. A rule about something else (the ceilings) is judged as in any run.
  const waived = scored === 0 && opts.allowEmpty;
  if (scored === 0 && !waived) {
    const why = sc.skipped.length
      ? `every seat was skipped (${sc.skipped.map((s) => `${s.seat}: ${s.reason}`).join('; ')})`
      : seatTrials.length
        ? `all ${seatTrials.length} trials of the configured seats were unscored`
        : 'the run planned no trial of a configured seat';
    problems.push(`no scored trial: ${why}; pass --allow-empty to accept an empty run`);
  }
  const failed = (sc.assertions ?? []).filter(
    (a) => !a.passed && !a.skipped && !(waived && a.type !== undefined && a.type !== 'ceilings'),
  );
  if (failed.length)
    problems.push(
      `${failed.length} of ${sc.assertions.length} assertions failed (what broke each: the assertions section, scorecard.json, junit.xml):\n${failed
        .map((a) => `  ✗ ${a.id}: ${a.rule}`)
        .join('\n')}`,
    );
  return problems;
}
