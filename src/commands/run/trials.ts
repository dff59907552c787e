/**
 * The trials of a run, executed: the reporters told the run started, each trial run (contended
 * mode, the turn cache around real seats), journaled and reported as it ends, the LLM judge's
 * second opinion graded beside them (execute/judge.ts; never part of a score; a replay copies the
 * recorded grades instead), the cost cap across invocations. An abort is an InterruptedError that
 * says how far the run got and how to resume it.
 */
import { dirname, join, resolve } from 'node:path';
import { InterruptedError } from '../../errors.js';
import { executeTrials } from '../../execute/execute.js';
import { WORLD_CACHE_SUBDIR } from '../../execute/world-cache.js';
import type { BadEntrySink } from '../../formats/turn-cache.js';
import type { TrialSpec } from '../../plan/types.js';
import type { FannedOut } from '../../reporters/lifecycle.js';
import { JOURNAL_FILE, readJournal } from '../../runlog/journal.js';
import { copyJudgeRecords } from '../../runlog/judge-files.js';
import { judgeCacheOf, type turnCacheOf, withContendedCache, withTurnCache } from '../turn-cache.js';
import type { RunFolder } from './folder.js';
import type { Inputs } from './inputs.js';
import type { OrchestrateOptions } from './options.js';
import { spentBefore } from './resume.js';
import type { SkippedSeats } from './skip-policy.js';

export interface TrialsRun {
  opts: OrchestrateOptions;
  inputs: Inputs;
  folder: RunFolder;
  /** Every trial not skipped (how far an interrupted run got is counted over these). */
  runnable: TrialSpec[];
  todo: TrialSpec[];
  reporters: FannedOut;
  skipped: SkippedSeats;
  cacheOf: ReturnType<typeof turnCacheOf>;
  badEntrySink: BadEntrySink;
  /** Called as each trial's record is journaled. */
  onDone: () => void;
}

export async function runTrials(r: TrialsRun): Promise<void> {
  const { opts, inputs, folder, reporters } = r;
  const { dir, manifest, maxCost } = folder;
  const journal = join(dir, JOURNAL_FILE);
  const runContended = manifest.contended
    ? (opts.runContended ?? (await import('../../execute/contended.js')).runContended)
    : undefined;
  const replayOf = opts.cache?.replayOf;
  const judgeCache = judgeCacheOf(opts.cache, inputs.config, r.badEntrySink);
  const judging =
    inputs.config.judge && !replayOf
      ? (await import('../../execute/judge.js')).startJudging({
          dir,
          judge: inputs.config.judge,
          goldens: inputs.goldens,
          env: opts.env,
          warn: opts.warn,
          retryFailed: Boolean(opts.retryErrors),
          signal: opts.signal,
          ...(judgeCache ? { cache: judgeCache } : {}),
        })
      : null;
  try {
    await executeTrials(r.todo, {
      dir,
      journal,
      concurrency: opts.concurrency ?? inputs.config.concurrency,
      // sim trials go to worker threads (execute/pool.ts) only with the bench's own trial runner: a
      // runner handed in from outside (runBench's `runTrial`, the tests' fakes) runs where it was made
      ...workersOf(opts.runTrial === undefined ? (opts.workers ?? inputs.config.workers) : 0),
      // worlds kept between runs beside the config, unless --no-cache (execute/world-cache.ts)
      ...(opts.cache?.cache === false
        ? {}
        : { worldCache: join(dirname(resolve(inputs.configFile)), WORLD_CACHE_SUBDIR) }),
      passCorrectness: manifest.thresholds.passCorrectness,
      // each trial's report files made where it ends (a worker's own), not all at the run's end
      trialViews: reporters.trialViews,
      env: opts.env,
      runPlannedTrial: withTurnCache(
        opts.runTrial ?? (await import('../../execute/trial.js')).runPlannedTrial,
        r.cacheOf,
      ),
      ...(runContended ? { runContended: withContendedCache(runContended, r.cacheOf) } : {}),
      onDone: (rec) => {
        r.onDone();
        reporters.onTrialEnd(rec);
        judging?.submit(rec);
      },
      onSkip: r.skipped.skip,
      signal: opts.signal,
      limits: inputs.config.limits,
      ...(maxCost !== undefined ? { maxCost, prior: spentBefore(dir) } : {}),
    });
    await judging?.finish(readJournal(journal).values());
    if (replayOf && !opts.signal?.aborted) copyJudgeRecords(replayOf, dir, readJournal(journal).values());
  } catch (e) {
    reporters.onRunEnd(null);
    throw e;
  }
  if (opts.signal?.aborted) {
    reporters.onRunEnd(null);
    const done = readJournal(journal);
    const n = r.runnable.filter((t) => done.has(t.id)).length;
    throw new InterruptedError(
      opts.signal.reason instanceof InterruptedError ? opts.signal.reason.signal : 'SIGINT',
      `interrupted: ${n} of ${r.runnable.length} trials done; continue with bench run --resume ${dir}`,
    );
  }
}

function workersOf(workers: number | undefined): { workers?: number } {
  return workers !== undefined ? { workers } : {};
}
