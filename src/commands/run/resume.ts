/**
 * What `--resume` decides: the plan its folder recorded, the trials its journal still lacks (a
 * torn last record cut away and run again, `--retry-errors`' unscored ones, a contended golden's
 * whole group), and what the folder already spent against the cost cap. How a folder an older
 * bench wrote is read is runlog/manifest.ts's.
 */
import { join } from 'node:path';
import { type PriorTrial, spendOf } from '../../execute/spend-cap.js';
import type { PlanOptions } from '../../plan/plan.js';
import type { TrialSpec } from '../../plan/types.js';
import { JOURNAL_FILE, openJournal, readJournal, scanJournal } from '../../runlog/journal.js';
import type { RunManifest } from '../../runlog/manifest.js';
import { lostTrialFiles } from '../../runlog/trial-files.js';

/** The plan of a resumed folder, as its run.json recorded it. */
export function resumedPlanOptions(prior: RunManifest): PlanOptions {
  return {
    ...prior.plan,
    reps: prior.plan.repetitions,
    gates: prior.plan.gateSets,
    shard: prior.plan.shard ?? undefined,
  };
}

/**
 * The trials of `runnable` this invocation runs. A resumed folder's torn last record (a kill
 * mid-append) is cut away before anything is appended, and its trial runs again.
 */
export function trialsToRun(
  dir: string,
  runnable: TrialSpec[],
  o: { resumed: boolean; retryErrors: boolean; contended: boolean; warn: (line: string) => void },
): TrialSpec[] {
  const journal = join(dir, JOURNAL_FILE);
  const torn = o.resumed ? openJournal(journal, o.warn).torn?.id : undefined;
  const lost = o.resumed ? lostTrials(dir, journal, o.warn) : new Set<string>();
  const todo = pending(runnable, journal, o.retryErrors, o.contended, torn, lost);
  if (o.resumed)
    o.warn(`resuming ${dir}: ${runnable.length - todo.length} of ${runnable.length} trials already done\n`);
  return todo;
}

/**
 * Journaled trials whose files did not survive (a crash of the machine between the journal's
 * batched fsyncs: runlog/journal.ts): each runs again, said once per trial.
 */
function lostTrials(dir: string, journal: string, warn: (line: string) => void): Set<string> {
  const lost = new Set<string>();
  for (const rec of readJournal(journal).values()) {
    const why = lostTrialFiles(dir, rec);
    if (!why) continue;
    lost.add(rec.id);
    warn(`${join(dir, rec.dir)}: ${why}; trial ${rec.id} runs again\n`);
  }
  return lost;
}

/**
 * Trials the journal lacks, the one whose record was torn, those whose files were lost, and with
 * retryErrors those it holds as unscored.
 */
function pending(
  trials: TrialSpec[],
  journal: string,
  retryErrors: boolean,
  contended: boolean,
  torn: string | undefined,
  lost: Set<string>,
): TrialSpec[] {
  const done = readJournal(journal);
  const missing = (t: TrialSpec): boolean => {
    const r = done.get(t.id);
    return !r || t.id === torn || lost.has(t.id) || (retryErrors && r.score.verdict === 'unscored');
  };
  if (!contended) return trials.filter(missing);
  // A ceiling trial runs on its own timeline (execute.ts), so it never drags its golden's group in.
  const grouped = trials.filter((t) => t.role !== 'ceiling');
  const goldens = new Set(grouped.filter(missing).map((t) => t.golden.id));
  return trials.filter((t) => (t.role === 'ceiling' ? missing(t) : goldens.has(t.golden.id)));
}

/**
 * What the run folder already spent (a resume): the cap is per run folder, across invocations, so
 * every journal line counts, a trial that is about to run again (--retry-errors, a contended
 * group) and the earlier tries a retry replaced included: each of those was paid for. A trial the
 * cap kept from starting, or one that crashed before its first turn, spent nothing.
 */
export function spentBefore(dir: string): PriorTrial[] {
  return scanJournal(join(dir, JOURNAL_FILE)).history.map((r) => ({ seat: r.seat, ...spendOf(r.score) }));
}
