/**
 * What a finished scorecard means for the exit code of `bench run`, `bench report` and `bench
 * merge` (DESIGN §13): exit 1 when a config `assert:` rule failed, and when no configured seat's
 * trial was scored at all (every seat skipped or unscored): a run that measured nothing must not
 * look green in CI unless the caller said so (`--allow-empty`). Called after every report is
 * written, so the reports still say what happened.
 */
import { ThresholdError } from '../errors.js';
import { rowKind, type Scorecard } from '../scoring/index.js';

export interface OutcomeOptions {
  /** A run with no scored trial of a configured seat is not an error. */
  allowEmpty?: boolean;
}

/** Why the run fails (exit 1): nothing scored, and each failed assertion; empty when it does not. */
export function outcomeProblems(sc: Scorecard, opts: OutcomeOptions = {}): string[] {
  const seatTrials = sc.trials.filter((t) => rowKind(t.seat) === 'seat');
  const scored = seatTrials.filter((t) => t.score.verdict !== 'unscored').length;
  // An accepted empty run waives what its emptiness breaks: a rule about the seats' trials has
  // none to see. A rule about something else (the ceilings) is judged as in any run.
  const waived = scored === 0 && opts.allowEmpty;
  const problems: string[] = [];
  if (scored === 0 && !waived) {
    const why = sc.skipped.length
      ? `every seat was skipped (${sc.skipped.map((s) => `${s.seat}: ${s.reason}`).join('; ')})`
      : seatTrials.length
        ? `all ${seatTrials.length} trials of the configured seats were unscored`
        : 'the run planned no trial of a configured seat';
    problems.push(`no scored trial: ${why}; pass --allow-empty to accept an empty run`);
  }
  const failed = sc.assertions.filter(
    (a) => !a.passed && !a.skipped && !(waived && a.type !== undefined && a.type !== 'ceilings'),
  );
  if (failed.length) {
    problems.push(
      `${failed.length} of ${sc.assertions.length} assertions failed (what broke each: the assertions section, scorecard.json, junit.xml):\n${failed
        .map((a) => `  ✗ ${a.id}: ${a.rule}`)
        .join('\n')}`,
    );
  }
  return problems;
}

/** Throws ThresholdError (exit 1) naming each failed assertion, or saying that nothing was scored. */
export function checkOutcome(sc: Scorecard, opts: OutcomeOptions = {}): void {
  const problems = outcomeProblems(sc, opts);
  if (problems.length) throw new ThresholdError(problems.join('\n'));
}
