/**
 * What a finished scorecard means for the exit code of `bench run`, `bench report` and `bench
 * merge` (DESIGN §13): exit 1 for each reason scoring/outcome.ts finds (a failed `assert:` rule,
 * nothing scored without `--allow-empty`, `--min-correctness`). junit.xml's `rematch.outcome`
 * testcase reads the same function, so the two never disagree. Called after every report is
 * written, so the reports still say what happened.
 */
import { ThresholdError } from '../errors.js';
import { outcomeProblems, type RunOutcomeOptions, type Scorecard } from '../scoring/index.js';

export type OutcomeOptions = RunOutcomeOptions;

/** Throws ThresholdError (exit 1) naming every reason the run failed, in one message. */
export function checkOutcome(sc: Scorecard, opts: OutcomeOptions = {}): void {
  const problems = outcomeProblems(sc, opts);
  if (problems.length) throw new ThresholdError(problems.join('\n'));
}
