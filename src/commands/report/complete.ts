/**
 * Incomplete is never complete: a run folder whose journal holds fewer of its plan's trials than
 * the plan runs (a killed run, a preempted runner) is said to be so in the first line of what
 * `bench report` and `bench diff` print, and fails them (exit 1), since its rows count fewer trials
 * and a diff against it would compare less and pass.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { plannedTrialIds } from '../../plan/record.js';
import { JOURNAL_FILE, scanJournal } from '../../runlog/journal.js';
import { readManifest } from '../../runlog/manifest.js';

export interface Progress {
  /** Trials of the plan the journal holds. */
  trials: number;
  /** Trials the plan runs (a skipped seat's none). */
  planned: number;
}

/** How far a run folder got, when it stopped short of its plan; undefined when it holds every trial. */
export function incompleteRun(dir: string): Progress | undefined {
  const m = readManifest(dir);
  const ids = plannedTrialIds(
    m.plan,
    m.skipped.map((s) => s.seat),
  );
  const file = join(dir, JOURNAL_FILE);
  const done = existsSync(file) ? scanJournal(file).records : new Map();
  const trials = ids.filter((id) => done.has(id)).length;
  return trials < ids.length ? { trials, planned: ids.length } : undefined;
}

/** The line both commands open with: `incomplete run: 60 of 153 trials; continue with bench run --resume DIR`. */
export const incompleteLine = (p: Progress, dir: string): string =>
  `incomplete run: ${p.trials} of ${p.planned} trials; continue with bench run --resume ${dir}`;
