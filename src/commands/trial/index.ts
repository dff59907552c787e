/**
 * `bench trial`: resolve golden/seat (id, name, path or glob) and gate set, run one trial, print its
 * timeline, and end with its verdict and score (written beside the trace as score.json, as a run does).
 * Exit codes as `bench score`: a verdict other than pass (fail, unscored) is exit 1. A seat skipped
 * for want of its key is not an error here (docs/adding-a-seat.md): its one line, and exit 0.
 */
import { redact, ThresholdError } from '../../errors.js';
import type { TrialOutcome } from '../../plan/types.js';
import { formatTimeline, formatVerdict } from '../../reporters/terminal/index.js';
import { explainScore } from '../../scoring/index.js';
import { runOneTrial, type TrialFlags } from './run.js';

export type { TrialFlags } from './run.js';

export async function runTrialCommand(
  flags: TrialFlags,
  write: (s: string) => void,
  signal?: AbortSignal,
  /** Color the timeline: the CLI passes whether stdout is a color terminal. */
  color = false,
): Promise<TrialOutcome> {
  const { id, outcome, score, passCorrectness } = await runOneTrial(flags, signal, write);
  if (outcome.kind === 'skipped' || !score) {
    if (outcome.kind === 'skipped') write(`${outcome.reason}\n`);
    return outcome;
  }
  // What an agent wrote reaches the terminal here: masked like every report file.
  write(redact(formatTimeline(outcome.trace, { color, traceFile: outcome.traceFile })));
  write(redact(formatVerdict(score, { color, passCorrectness })));
  // stdout ends with the verdict; stderr says why the exit code is 1, as `bench score` does
  if (score.verdict !== 'pass')
    throw new ThresholdError(`trial ${id}: ${redact(explainScore(score, { passCorrectness }).headline)}`);
  return outcome;
}

export { runOneTrial } from './run.js';
