/**
 * `bench compare RUN_A RUN_B TRIAL` (docs/history.md): one trial of two runs side by side. A run is
 * a run folder, or a run id (or a prefix of one) of the history, which knows its folder; the
 * trial is found by id in each run's scorecard, its trace read from its folder.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { InputError, redact } from '../../errors.js';
import { readTrace } from '../../formats/run/index.js';
import { openHistory } from '../../history/index.js';
import { compareText, type TrialComparison, type TrialSide } from '../../reporters/history/index.js';
import type { Display } from '../../reporters/lifecycle.js';
import { readScorecard } from '../../runlog/scorecard.js';
import { alignTimelines, timelineOf } from '../../scoring/index.js';

/** The folder of a run reference: a folder as given, else the history's record of that id. */
export async function runFolder(ref: string, history: string | null): Promise<string> {
  if (existsSync(join(ref, 'run.json'))) return ref;
  if (history === null)
    throw new InputError(`${ref}: not a run folder (no run.json), and no history to look it up in`);
  const store = await openHistory(history, { create: false });
  try {
    const run = await store.run(ref);
    if (!run) throw new InputError(`${ref}: not a run folder, nor a run of the history ${store.where}`);
    if (!existsSync(join(run.dir, 'run.json')))
      throw new InputError(`${ref}: run ${run.id} is in the history, but its folder ${run.dir} is gone`);
    return run.dir;
  } finally {
    await store.close();
  }
}

function sideOf(label: 'A' | 'B', dir: string, trial: string): TrialSide {
  const sc = readScorecard(dir);
  const t = sc.trials.find((x) => x.id === trial);
  if (!t) {
    const near = sc.trials
      .map((x) => x.id)
      .filter((id) => id.split('/')[0] === trial.split('/')[0])
      .slice(0, 4);
    throw new InputError(
      `${dir}: no trial ${trial} in run ${sc.meta.runId}${near.length ? ` (its trials include ${near.join(', ')})` : ''}`,
    );
  }
  const file = join(dir, t.dir, 'trace.jsonl');
  if (!existsSync(file))
    throw new InputError(`${file}: not found (the trial's trace is needed to compare it)`);
  return {
    label,
    runId: sc.meta.runId,
    dir,
    trial,
    verdict: t.score.verdict,
    correctness: t.score.correctness,
    honestyRules: t.score.honesty.map((h) => h.kind),
    timeline: timelineOf(readTrace(file).events),
  };
}

/** The comparison of `trial` in the two run folders. */
export function compareTrial(dirA: string, dirB: string, trial: string): TrialComparison {
  const a = sideOf('A', dirA, trial);
  const b = sideOf('B', dirB, trial);
  return { trial, a, b, alignment: alignTimelines(a.timeline, b.timeline) };
}

export async function compareCommand(
  runA: string,
  runB: string,
  trial: string,
  opts: { history: string | null; display: Display },
): Promise<string> {
  const [a, b] = [await runFolder(runA, opts.history), await runFolder(runB, opts.history)];
  // what the agents wrote (queries, Theories) is masked as `bench show` masks a timeline
  return redact(compareText(compareTrial(a, b, trial), opts.display));
}
