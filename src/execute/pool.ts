/**
 * Sim trials on worker threads (`--workers`, config `workers`). Sims are CPU-bound: a trial is a
 * seeded policy on a virtual clock, the world's engines and the scoring, so one thread per core
 * is what makes a matrix use the machine. Each worker (trial-worker.ts) gets the run's goldens,
 * seats and gate sets once, then trials by index; it builds a world the first time one of its
 * trials needs it, runs and scores the trial in the trial's folder and sends back the score. The
 * main thread writes score.json and the journal line (finish in execute.ts), as for any trial, so
 * the run folder is the one a single thread writes.
 *
 * Results do not depend on the number of workers: a trial's outcome is a function of its spec and
 * seed alone (virtual clock, its own backend stack; a world is a pure function of its golden), and
 * the scorecard is aggregated from the journal's records by id, not by arrival order.
 *
 * Trials are dealt out by world: sorted by world key, each worker takes a contiguous share (so a
 * world is built by as few workers as possible), and a worker whose share runs out takes half of
 * the largest remaining one. A worker drops a world once none of its queued trials needs it, so a
 * worker holds about one world at a time.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { knownSecrets } from '../errors.js';
import type { TrialSpec } from '../plan/types.js';
import type { TrialScore } from '../scoring/index.js';
import { worldKeyOf } from './trial.js';

/** Which trials a worker can run: sims (no key, no turn cache, no rate limit, a virtual clock). */
export function poolable(spec: TrialSpec): boolean {
  return spec.seat.provider === 'sim';
}

/** Trials per worker below which another thread costs more (its start, its own worlds) than it saves. */
const MIN_TRIALS_PER_WORKER = 16;

/**
 * Workers for `trials` poolable trials: `requested` (0 keeps them all on the main thread), else one
 * per core, never more than the trials give work for. None when this module runs from TypeScript
 * sources (vitest, tsx): a worker thread loads the built trial-worker.js, which sources do not have.
 */
export function workerCount(trials: number, requested?: number): number {
  if (import.meta.url.endsWith('.ts')) return 0;
  const want = requested ?? availableParallelism();
  const useful = Math.floor(trials / MIN_TRIALS_PER_WORKER);
  return Math.max(0, Math.min(want, useful, trials));
}

/** What the main thread hands a worker first. */
export interface WorkerInit {
  goldens: TrialSpec['golden'][];
  seats: TrialSpec['seat'][];
  gateSets: TrialSpec['gateSet'][];
  passCorrectness: number;
  /** The world cache's folder (world-cache.ts); absent: worlds are built. */
  worldCache?: string;
  /** Trial views' module URLs (trial-views.ts), made by the worker for its trials. */
  trialViews: readonly string[];
  /** The secrets the main thread masks (errors.ts knownSecrets): a view masks what the page would. */
  secrets: string[];
}

/** One trial, by index into the init tables. */
export interface WorkerTrial {
  type: 'trial';
  n: number;
  golden: number;
  seat: number;
  gateSet: number;
  id: string;
  rep: number;
  seed: number;
  role?: 'ceiling';
  dir: string;
  /** The worlds this worker no longer needs once this trial has started (by world key). */
  drop: string[];
}

export type WorkerReply =
  | { type: 'scored'; n: number; score: TrialScore; elapsedMs: number }
  | { type: 'skipped'; n: number; reason: string; elapsedMs: number }
  | { type: 'crash'; n: number; message: string; elapsedMs: number };

export type PoolOutcome =
  | { kind: 'scored'; score: TrialScore }
  | { kind: 'skipped'; reason: string }
  | { kind: 'crash'; err: unknown };

export interface PoolOptions {
  workers: number;
  passCorrectness: number;
  worldCache?: string;
  /** Trial views' module URLs (trial-views.ts): each worker makes its trials'. */
  trialViews: readonly string[];
  dirOf: (spec: TrialSpec) => string;
  /** Called on the main thread as each trial ends, in the order they end. */
  onEnd: (spec: TrialSpec, outcome: PoolOutcome, elapsedMs: number) => void;
  /** The run's interrupt: nothing new is sent, the trials in flight are aborted. */
  signal?: AbortSignal;
  /** The same stop for another reason (the main thread's own trials failed): see execute.ts. */
  halt?: AbortSignal;
}

/** Trials sent to a worker ahead of the one it is running, so it never waits for the next message. */
const AHEAD = 2;

/** Runs `specs` (all poolable) on `o.workers` threads; resolves once every trial has ended. */
export async function runOnWorkers(specs: TrialSpec[], o: PoolOptions): Promise<void> {
  if (!specs.length) return;
  const goldens = indexOf(specs.map((s) => s.golden));
  const seats = indexOf(specs.map((s) => s.seat));
  const gateSets = indexOf(specs.map((s) => s.gateSet));
  const init: WorkerInit = {
    goldens: goldens.items,
    seats: seats.items,
    gateSets: gateSets.items,
    passCorrectness: o.passCorrectness,
    ...(o.worldCache ? { worldCache: o.worldCache } : {}),
    trialViews: o.trialViews,
    secrets: knownSecrets(),
  };
  const keys = specs.map((s) => worldKeyOf(s.golden));
  const n = Math.max(1, Math.min(o.workers, specs.length));
  const queues = dealByWorld(keys, n);
  const url = new URL('./trial-worker.js', import.meta.url);
  const threads: Worker[] = [];
  const dead = new Set<number>();
  // Stopped by an interrupt, by the caller, or by a failure to record a trial (its first error is
  // what the run throws once every worker has stopped): nothing new is sent after.
  const halt = new AbortController();
  let failure: { err: unknown } | undefined;
  const stop = (): void => {
    if (halt.signal.aborted) return;
    halt.abort();
    for (const t of threads) t.postMessage({ type: 'abort' });
  };
  o.signal?.addEventListener('abort', stop, { once: true });
  o.halt?.addEventListener('abort', stop, { once: true });
  if (o.signal?.aborted || o.halt?.aborted) stop();
  // finish (execute.ts) writes files and the journal: an error there stops the pool, not the process
  const end = (spec: TrialSpec, outcome: PoolOutcome, elapsedMs: number): void => {
    // once stopped, nothing more is recorded: a trial cut short, or one that ended after a failure
    // to record another, is not journaled, so a resume runs it again
    if (halt.signal.aborted) return;
    try {
      o.onEnd(spec, outcome, elapsedMs);
    } catch (err) {
      failure ??= { err };
      stop();
    }
  };
  try {
    await Promise.all(
      queues.map(
        (_, w) =>
          new Promise<void>((resolve) => {
            const worker = new Worker(url, { workerData: init });
            threads.push(worker);
            const inFlight = new Set<number>();
            // the worlds this worker has built, with how many of its sent trials still need each
            const held = new Map<string, number>();
            let ended = false;
            const take = (): number | undefined => {
              if (halt.signal.aborted) return undefined;
              if (!queues[w].length) {
                // steal: a dead worker's whole queue, else the back half of the longest live one
                // (the worlds its owner reaches last); a queue of one its owner takes itself
                let victim = -1;
                for (const [i, q] of queues.entries()) {
                  if (i === w || !q.length || (!dead.has(i) && q.length < 2)) continue;
                  if (victim < 0 || q.length > queues[victim].length) victim = i;
                }
                if (victim < 0) return undefined;
                const q = queues[victim];
                queues[w] = dead.has(victim) ? q.splice(0) : q.splice(splitAt(q, keys));
              }
              return queues[w].shift();
            };
            const feed = (): void => {
              if (ended) return;
              while (inFlight.size < AHEAD) {
                const i = take();
                if (i === undefined) break;
                const s = specs[i];
                const key = keys[i];
                held.set(key, (held.get(key) ?? 0) + 1);
                inFlight.add(i);
                // a world none of this worker's queued trials needs any more goes before the next
                const next = new Set(queues[w].map((j) => keys[j]));
                const drop = [...held.keys()].filter((k) => k !== key && !next.has(k) && held.get(k) === 0);
                for (const k of drop) held.delete(k);
                const msg: WorkerTrial = {
                  type: 'trial',
                  n: i,
                  golden: goldens.at.get(s.golden)!,
                  seat: seats.at.get(s.seat)!,
                  gateSet: gateSets.at.get(s.gateSet)!,
                  id: s.id,
                  rep: s.rep,
                  seed: s.seed,
                  ...(s.role ? { role: s.role } : {}),
                  dir: o.dirOf(s),
                  drop,
                };
                worker.postMessage(msg);
              }
              if (!inFlight.size) {
                ended = true;
                void worker.terminate().then(() => resolve());
              }
            };
            worker.on('message', (m: WorkerReply) => {
              // a reply after the worker was given up for dead: its trial is already recorded
              if (ended || !inFlight.has(m.n)) return;
              inFlight.delete(m.n);
              const key = keys[m.n];
              held.set(key, (held.get(key) ?? 1) - 1);
              const spec = specs[m.n];
              end(
                spec,
                m.type === 'scored'
                  ? { kind: 'scored', score: m.score }
                  : m.type === 'skipped'
                    ? { kind: 'skipped', reason: m.reason }
                    : { kind: 'crash', err: new Error(m.message) },
                m.elapsedMs,
              );
              feed();
            });
            // A worker that dies takes the trials it was running with it: each is the bench's fault
            // (unscored, never a zero). The rest of its queue is left for the others to take.
            const lost = (err: Error): void => {
              if (ended) return;
              ended = true;
              dead.add(w);
              for (const i of inFlight) end(specs[i], { kind: 'crash', err }, 0);
              inFlight.clear();
              resolve();
            };
            worker.on('error', lost);
            // A worker's port is unref'd while a trial runs (trial-worker.ts): a trial whose work can
            // never settle lets the thread's loop drain, and it exits with code 0 mid-trial.
            worker.on('exit', (code) => {
              if (!ended)
                lost(
                  new Error(
                    code === 0
                      ? 'trial stalled: its work never settled'
                      : `trial worker exited with code ${code}`,
                  ),
                );
            });
            feed();
          }),
      ),
    );
    // what no worker was left to run (every live one had finished when the last died): unscored
    if (!halt.signal.aborted)
      for (const q of queues)
        for (const i of q.splice(0))
          end(specs[i], { kind: 'crash', err: new Error('its trial worker died') }, 0);
  } finally {
    o.signal?.removeEventListener('abort', stop);
    o.halt?.removeEventListener('abort', stop);
    await Promise.all(threads.map((t) => t.terminate()));
  }
  if (failure) throw failure.err;
}

/** Distinct objects in first-seen order, and each one's index. */
function indexOf<T extends object>(all: T[]): { items: T[]; at: Map<T, number> } {
  const at = new Map<T, number>();
  const items: T[] = [];
  for (const x of all)
    if (!at.has(x)) {
      at.set(x, items.length);
      items.push(x);
    }
  return { items, at };
}

/**
 * Whole worlds to each worker, the largest first to the least loaded: a world's trials share its
 * engines' answer cache (backend/engines/cache.ts), which saves more CPU than a second thread
 * gives on two cores (a default run: 22 s of CPU without it, 13 s with), so a world is split
 * between workers only when one worker is out of work (splitAt).
 */
function dealByWorld(keys: string[], n: number): number[][] {
  const groups = new Map<string, number[]>();
  for (const [i, k] of keys.entries()) groups.set(k, [...(groups.get(k) ?? []), i]);
  const queues: number[][] = Array.from({ length: n }, () => []);
  for (const g of [...groups.values()].sort((a, b) => b.length - a.length || a[0] - b[0])) {
    const least = queues.reduce((m, q, i) => (q.length < queues[m].length ? i : m), 0);
    queues[least].push(...g);
  }
  return queues;
}

/**
 * Where a thief cuts a queue: at the world boundary nearest its middle (the worlds its owner reaches
 * last), or, when the queue holds one world, in its middle.
 */
function splitAt(q: number[], keys: string[]): number {
  const half = Math.floor(q.length / 2);
  let best = -1;
  for (let i = 1; i < q.length; i++)
    if (keys[q[i]] !== keys[q[i - 1]] && (best < 0 || Math.abs(i - half) < Math.abs(best - half))) best = i;
  return best > 0 ? best : half;
}
