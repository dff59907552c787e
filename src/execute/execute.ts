/**
 * Executing planned trials: each in its own folder, scored as soon as it ends, then journaled.
 * A trial that throws is the bench's fault: recorded unscored (never a zero), retried with
 * --retry-errors. In contended mode the trials of one golden share one timeline, so they run,
 * and are re-run on resume, as a whole group: a partial group would change the contention.
 * Once `signal` aborts (an interrupt), nothing new starts and a trial that ends after it is not
 * journaled: it was cut short, so a resume runs it again. The run's rate limiters are made here,
 * once, and handed to every trial (the whole matrix shares them); a spend cap, when set, decides
 * before each start whether the trial may run (spend-cap.ts).
 */

import { setMaxListeners } from 'node:events';
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { redact } from '../errors.js';
import type { ProviderLimits } from '../formats/rate-limits.js';
import type { Trace } from '../formats/run/index.js';
import type { TrialOutcome, TrialSpec } from '../plan/types.js';
import { clockOfProvider, traceHeader } from '../protocol/trace-header.js';
import { RateLimiters } from '../providers/ai/index.js';
import { JournalAppender } from '../runlog/journal.js';
import { traceDirOf } from '../runlog/run-folder.js';
import { scoreTrial, type TrialRecord, type TrialScore } from '../scoring/index.js';
import type { ContendedOptions } from './contended.js';
import { poolable, runOnWorkers, workerCount } from './pool.js';
import { runPool } from './scheduler.js';
import { NOTHING_SPENT, type PriorTrial, SpendCap, spendOf } from './spend-cap.js';
import { type PlannedTrialEnv, scoreOutcome, writeScoreFile } from './trial.js';
import { loadTrialViews, type TrialView, writeTrialViews } from './trial-views.js';

export type RunPlannedTrialFn = (spec: TrialSpec, env: PlannedTrialEnv) => Promise<TrialOutcome>;
export type RunContendedFn = (
  specs: TrialSpec[],
  dirOf: (s: TrialSpec) => string,
  opts?: ContendedOptions,
) => Promise<TrialOutcome[]>;

export interface ExecuteOptions {
  dir: string;
  /** The journal's path; executeTrials appends through one JournalAppender (group commit). */
  journal: string;
  concurrency: number;
  passCorrectness: number;
  runPlannedTrial: RunPlannedTrialFn;
  /** When set, trials run in per-golden contended groups through it. */
  runContended?: RunContendedFn;
  /** Called once a trial's record is in the journal (the reporters' onTrialEnd). */
  onDone: (rec: TrialRecord) => void;
  onSkip: (seat: string, reason: string) => void;
  signal?: AbortSignal;
  /** The config's rate limits by provider name (one shared limiter per account for the whole run). */
  limits?: ProviderLimits;
  /** The run's environment (runBench `env`), handed to every trial: seat keys are read from it. */
  env: Readonly<Record<string, string | undefined>>;
  /** Spend cap, USD; `prior` every trial the run's journal already holds (a resume). */
  maxCost?: number;
  prior?: PriorTrial[];
  /**
   * Worker threads for sim trials (pool.ts): absent, one per core; 0, none. A worker runs the
   * bench's own trial runner, not `runPlannedTrial`: a caller that hands in its own runner passes
   * 0 (runTrials does). Not used with a spend cap, nor for a contended run's groups (its ceiling
   * trials, each on a timeline of its own, may go to workers).
   */
  workers?: number;
  /** The world cache's folder (world-cache.ts), handed to every trial; absent: none. */
  worldCache?: string;
  /** Trial views' module URLs (trial-views.ts): each trial's reporter files, made as it ends. */
  trialViews?: readonly string[];
}

/** The journal record of a trial around its score. */
function recordFor(spec: TrialSpec, score: TrialRecord['score'], elapsedMs?: number): TrialRecord {
  return {
    id: spec.id,
    golden: spec.golden.id,
    seat: spec.seat.name,
    gateSet: spec.gateSet.name,
    rep: spec.rep,
    seed: spec.seed,
    dir: traceDirOf(spec.id),
    score,
    ...(elapsedMs !== undefined ? { elapsedMs: Math.round(elapsedMs) } : {}),
  };
}

function crashRecord(o: ExecuteOptions, spec: TrialSpec, err: unknown, elapsedMs: number): TrialRecord {
  const key = spec.seat.auth ? o.env[spec.seat.auth.apiKeyEnv] : undefined;
  const reason = redact(`bench error: ${(err as Error)?.message ?? String(err)}`, [key]);
  return unscoredRecord(spec, reason, o.passCorrectness, elapsedMs);
}

/** A trial with no trace of its own (a crash, or one the spend cap kept from starting): unscored, with why. */
function unscoredRecord(
  spec: TrialSpec,
  reason: string,
  passCorrectness: number,
  elapsedMs: number,
): TrialRecord {
  // The trial's clock, not a fixed 'virtual': a real seat's crash ran (or would have run) on the real clock.
  const header = traceHeader({
    golden: spec.golden.id,
    seat: spec.seat,
    model: spec.seat.model,
    gateSet: spec.gateSet,
    rep: spec.rep,
    seed: spec.seed,
    clock: clockOfProvider(spec.seat.provider),
    startedAt: '',
  });
  const trace: Trace = { header, events: [] };
  const score = scoreTrial(spec.golden, trace, null, { passCorrectness });
  score.unscoredReason = reason;
  return recordFor(spec, score, elapsedMs);
}

/**
 * `elapsedMs` is the trial's real time on this machine (junit.xml's `time`); a contended group's
 * trials share one timeline, so each is given an equal share of the group's time.
 */
function finish(
  o: Executing,
  spec: TrialSpec,
  outcome:
    | TrialOutcome
    | { kind: 'crash'; err: unknown }
    | { kind: 'capped'; reason: string }
    | { kind: 'scored'; score: TrialScore },
  elapsedMs: number,
  staged?: string,
): TrialRecord | undefined {
  if (o.signal?.aborted) return undefined;
  if (staged) {
    // The trial ran in a staging folder (contended mode re-runs journaled trials too): only now,
    // with its record about to be journaled, does it replace the folder the old record points at.
    const final = join(o.dir, traceDirOf(spec.id));
    rmSync(final, { recursive: true, force: true });
    mkdirSync(dirname(final), { recursive: true });
    renameSync(staged, final);
  }
  if (outcome.kind === 'skipped') {
    o.onSkip(spec.seat.name, outcome.reason);
    return undefined;
  }
  const rec =
    outcome.kind === 'done'
      ? recordFor(spec, scoreOutcome(spec, outcome, o.passCorrectness), elapsedMs)
      : outcome.kind === 'scored'
        ? recordFor(spec, outcome.score, elapsedMs)
        : outcome.kind === 'capped'
          ? unscoredRecord(spec, outcome.reason, o.passCorrectness, elapsedMs)
          : crashRecord(o, spec, outcome.err, elapsedMs);
  const dir = join(o.dir, rec.dir);
  // A worker's trial came with its score.json written (trial-worker.ts); every other is written here.
  // Renamed whole, not fsynced: the journal's group commit is the run's durability (runlog/journal.ts).
  if (outcome.kind !== 'scored') {
    mkdirSync(dir, { recursive: true });
    writeScoreFile(dir, rec.score);
  }
  // a trial run here gets its views here; a worker's trial came with them (trial-worker.ts)
  if (outcome.kind === 'done' && o.views.length)
    writeTrialViews(o.views, {
      folder: dir,
      dir: rec.dir,
      id: rec.id,
      score: rec.score,
      golden: spec.golden,
      passCorrectness: o.passCorrectness,
      trace: outcome.trace,
      theory: outcome.theory,
    });
  // the journal line comes last: once it is there, every file of the trial is
  o.appender.append(rec);
  o.onDone(rec);
  return rec;
}

/**
 * A signal for one trial (or contended group) that follows the run's. Clock and capacity waits
 * hang an abort listener on the signal they get and never take it off; on the run's signal those
 * would pile up (and keep every trial's clock alive) for the whole run. On the trial's own signal
 * they go when the trial does; one trial holding many is expected, not a leak warning.
 */
export async function scoped<T>(
  run: AbortSignal | undefined,
  work: (s: AbortSignal | undefined) => Promise<T>,
): Promise<T> {
  if (!run) return work(undefined);
  const ac = new AbortController();
  setMaxListeners(0, ac.signal);
  if (run.aborted) ac.abort(run.reason);
  const follow = () => ac.abort(run.reason);
  run.addEventListener('abort', follow, { once: true });
  try {
    return await work(ac.signal);
  } finally {
    run.removeEventListener('abort', follow);
  }
}

/** Where contended groups run before their records are journaled (see finish). */
const STAGING = '.staging';

function freshDir(o: ExecuteOptions, spec: TrialSpec, under = ''): string {
  const dir = join(o.dir, under, traceDirOf(spec.id));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * A trial whose promise can never settle (nothing left on the event loop) would let Node exit
 * quietly in the middle of a run. When the loop drains while trials are in flight, they are failed
 * as stalled (unscored: the bench's fault) and the run goes on.
 */
function stallGuard(): { guard<T>(p: Promise<T>): Promise<T>; dispose(): void } {
  const waiting = new Set<(e: Error) => void>();
  const onIdle = (): void => {
    for (const reject of waiting) reject(new Error('trial stalled: its work never settled'));
    waiting.clear();
  };
  process.on('beforeExit', onIdle);
  return {
    guard: <T>(p: Promise<T>): Promise<T> =>
      new Promise<T>((resolve, reject) => {
        waiting.add(reject);
        p.then(resolve, reject).finally(() => waiting.delete(reject));
      }),
    dispose: () => process.off('beforeExit', onIdle),
  };
}

/** What every trial of one run shares: the rate limiters, and the spend cap when there is one. */
interface RunShared {
  limiters: RateLimiters;
  cap?: SpendCap;
}

export async function executeTrials(specs: TrialSpec[], o: ExecuteOptions): Promise<void> {
  const stall = stallGuard();
  const run: RunShared = {
    limiters: new RateLimiters(o.limits),
    ...(o.maxCost !== undefined ? { cap: new SpendCap(o.maxCost, o.prior) } : {}),
  };
  const views = await loadTrialViews(o.trialViews ?? []);
  const appender = new JournalAppender(o.journal);
  try {
    await executeGuarded(specs, { ...o, appender, views }, run, stall.guard);
  } finally {
    stall.dispose();
    await appender.close();
  }
}

type Executing = ExecuteOptions & { appender: JournalAppender; views: TrialView[] };

async function executeGuarded(
  specs: TrialSpec[],
  o: Executing,
  run: RunShared,
  guard: <T>(p: Promise<T>) => Promise<T>,
): Promise<void> {
  if (o.runContended) {
    // The ceiling keeps a timeline of its own: sharing one would change the seats' contention.
    const alone = specs.filter((s) => s.role === 'ceiling');
    const groups = new Map<string, TrialSpec[]>();
    for (const s of specs.filter((x) => x.role !== 'ceiling'))
      groups.set(s.golden.id, [...(groups.get(s.golden.id) ?? []), s]);
    for (const group of groups.values()) {
      if (o.signal?.aborted) break;
      const refused = await run.cap?.admit(group);
      if (refused) {
        for (const s of group) finish(o, s, { kind: 'capped', reason: refused }, 0);
        continue;
      }
      const dirs = new Map(group.map((s) => [s.id, freshDir(o, s, STAGING)]));
      let outcomes: (TrialOutcome | { kind: 'crash'; err: unknown })[];
      const started = performance.now();
      try {
        outcomes = await guard(
          scoped(o.signal, (signal) =>
            o.runContended!(group, (s) => dirs.get(s.id)!, {
              signal,
              models: { limiters: run.limiters },
              vars: o.env,
            }),
          ),
        );
      } catch (err) {
        outcomes = group.map(() => ({ kind: 'crash' as const, err }));
      }
      const share = (performance.now() - started) / group.length;
      for (const [i, s] of group.entries()) {
        const rec = finish(o, s, outcomes[i], share, dirs.get(s.id));
        run.cap?.done(s, spendOf(rec?.score));
      }
    }
    rmSync(join(o.dir, STAGING), { recursive: true, force: true });
    await runEach(alone, o, run, guard);
    return;
  }
  await runEach(specs, o, run, guard);
}

async function runEach(
  all: TrialSpec[],
  o: Executing,
  run: RunShared,
  guard: <T>(p: Promise<T>) => Promise<T>,
): Promise<void> {
  const pooled = run.cap ? [] : all.filter(poolable);
  const workers = workerCount(pooled.length, o.workers);
  const specs = workers ? all.filter((s) => !poolable(s)) : all;
  // the main thread's own trials failing (a journal that cannot be written) stops the workers too,
  // and both are waited for before the journal is closed (executeTrials)
  const halt = new AbortController();
  const onWorkers = workers
    ? runOnWorkers(pooled, {
        halt: halt.signal,
        workers,
        passCorrectness: o.passCorrectness,
        ...(o.worldCache ? { worldCache: o.worldCache } : {}),
        trialViews: o.trialViews ?? [],
        // the worker empties and makes the folder itself: the main thread's file work per trial
        // competes with the workers for the cores
        dirOf: (s) => join(o.dir, traceDirOf(s.id)),
        onEnd: (spec, outcome, elapsedMs) =>
          finish(o, spec, outcome.kind === 'skipped' ? { ...outcome, spec } : outcome, elapsedMs),
        signal: o.signal,
      })
    : Promise.resolve();
  const inProcess = runInProcess(specs, o, run, guard).catch((e: unknown) => {
    halt.abort();
    throw e;
  });
  const [a, b] = await Promise.allSettled([inProcess, onWorkers]);
  if (a.status === 'rejected') throw a.reason;
  if (b.status === 'rejected') throw b.reason;
}

async function runInProcess(
  specs: TrialSpec[],
  o: Executing,
  run: RunShared,
  guard: <T>(p: Promise<T>) => Promise<T>,
): Promise<void> {
  await runPool(specs, o.concurrency, async (spec) => {
    if (o.signal?.aborted) return;
    // The ceiling is a reference sim: it costs nothing and is no cell of the matrix the cap bounds.
    const cap = spec.role === 'ceiling' ? undefined : run.cap;
    const refused = await cap?.admit([spec]);
    if (refused) {
      finish(o, spec, { kind: 'capped', reason: refused }, 0);
      return;
    }
    // the cap may have held this trial while the run was interrupted: it must not start now
    if (o.signal?.aborted) {
      cap?.done(spec, NOTHING_SPENT);
      return;
    }
    let outcome: TrialOutcome | { kind: 'crash'; err: unknown };
    const started = performance.now();
    try {
      outcome = await guard(
        scoped(o.signal, (signal) =>
          o.runPlannedTrial(spec, {
            dir: freshDir(o, spec),
            signal,
            models: { limiters: run.limiters },
            vars: o.env,
            ...(o.worldCache ? { worldCache: o.worldCache } : {}),
          }),
        ),
      );
    } catch (err) {
      outcome = { kind: 'crash', err };
    }
    const rec = finish(o, spec, outcome, performance.now() - started);
    cap?.done(spec, spendOf(rec?.score));
  });
}
