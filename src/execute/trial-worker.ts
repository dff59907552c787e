/**
 * A trial worker thread (pool.ts): holds the run's goldens, seats and gate sets, runs each trial it
 * is sent in its folder (runPlannedTrial: the same code the main thread runs), scores it and posts
 * the score back. The main thread journals it. An abort message aborts the trials in flight; their
 * outcomes are not journaled (execute.ts's finish), so a resume runs them again.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { registerSecretValues } from '../errors.js';
import type { TrialSpec } from '../plan/types.js';
import { traceDirOf } from '../runlog/run-folder.js';
import { scoped } from './execute.js';
import type { WorkerInit, WorkerReply, WorkerTrial } from './pool.js';
import { dropWorld, runPlannedTrial, scoreOutcome, writeScoreFile } from './trial.js';
import { loadTrialViews, writeTrialViews } from './trial-views.js';

const init = workerData as WorkerInit;
// masked as the main thread masks, and each trial's views made here as it ends (trial-views.ts)
registerSecretValues(init.secrets);
const views = await loadTrialViews(init.trialViews);
/**
 * Fault injection for the tests of a dying worker (test/e2e/workers.test.ts): the worker thread
 * exits, as an out-of-memory or a native crash would end it, when it is sent this trial.
 */
const DIE_AT = process.env.REMATCH_TEST_WORKER_EXIT_AT;
/** And one whose work never settles (a bug in a policy or the host): the pool must not hang on it. */
const STALL_AT = process.env.REMATCH_TEST_WORKER_STALL_AT;
const port = parentPort!;
const run = new AbortController();
let chain: Promise<void> = Promise.resolve();

async function one(m: WorkerTrial): Promise<WorkerReply> {
  for (const k of m.drop) dropWorld(k);
  if (STALL_AT && m.id === STALL_AT) await new Promise<never>(() => {});
  const spec: TrialSpec = {
    id: m.id,
    golden: init.goldens[m.golden],
    seat: init.seats[m.seat],
    gateSet: init.gateSets[m.gateSet],
    rep: m.rep,
    seed: m.seed,
    ...(m.role ? { role: m.role } : {}),
  };
  const started = performance.now();
  const elapsed = (): number => performance.now() - started;
  try {
    // the trial's folder, empty (a rerun must not find an older trial's files in it)
    rmSync(m.dir, { recursive: true, force: true });
    mkdirSync(m.dir, { recursive: true });
    // the trial's own signal, following the worker's: waits hang listeners on it (execute.ts, scoped)
    const outcome = await scoped(run.signal, (signal) =>
      runPlannedTrial(spec, { dir: m.dir, signal, worldCache: init.worldCache }),
    );
    if (outcome.kind === 'skipped')
      return { type: 'skipped', n: m.n, reason: outcome.reason, elapsedMs: elapsed() };
    const score = scoreOutcome(spec, outcome, init.passCorrectness);
    // before the reply: the main thread journals the trial, and a journaled trial has all its files
    writeScoreFile(m.dir, score);
    if (views.length)
      writeTrialViews(views, {
        folder: m.dir,
        dir: traceDirOf(spec.id),
        id: spec.id,
        score,
        golden: spec.golden,
        passCorrectness: init.passCorrectness,
        trace: outcome.trace,
        theory: outcome.theory,
      });
    return { type: 'scored', n: m.n, score, elapsedMs: elapsed() };
  } catch (err) {
    return { type: 'crash', n: m.n, message: (err as Error)?.message ?? String(err), elapsedMs: elapsed() };
  }
}

port.on('message', (m: WorkerTrial | { type: 'abort' }) => {
  if (m.type === 'abort') {
    run.abort(new Error('the run was interrupted'));
    return;
  }
  if (DIE_AT && m.id === DIE_AT) process.exit(70);
  // one trial at a time, in the order sent: a sim is CPU work, so two at once would only interleave
  chain = chain.then(async () => {
    // a trial sent ahead before the run stopped is not started
    if (run.signal.aborted) {
      port.postMessage({ type: 'crash', n: m.n, message: 'the run was interrupted', elapsedMs: 0 });
      return;
    }
    // While a trial runs the port does not keep the thread alive: a trial whose work can never
    // settle lets the loop drain and the thread exit, which the pool reports as a stall (pool.ts).
    port.unref();
    const reply = await one(m);
    port.ref();
    port.postMessage(reply);
  });
});
