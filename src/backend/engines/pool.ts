/**
 * Engine evaluation off the main thread, for the servers (`bench serve`, `bench mcp`, command
 * seats' agent server). The engines are synchronous: in process, one heavy query holds the event
 * loop and every other client waits. Here each worker holds its own copy of the world and answers
 * one request at a time; the main thread only routes, so other requests keep being answered while
 * a worker is busy. The deadline is checked inside the engines (cooperatively, through a shared
 * cancel flag for clients that went away); a worker that overruns it by `graceMs` anyway (one
 * long regex exec, say) is terminated and replaced, and its request answered `timeout`.
 *
 * Two lanes, so that one heavy query cannot stall everyone: a request whose estimated cost
 * (cost.ts: samples touched, as Prometheus' samples limit counts them) reaches `heavyCost` waits in
 * the heavy lane, which only workers 2..n take (one heavy query at a time with two workers), so
 * the first worker is always there for cheap ones; a free worker takes a queued cheap request
 * before any heavy one. The heavy lane's workers run at a lower CPU priority (HEAVY_NICE, Linux
 * only: the nice value is per thread there), so on a machine with few cores a heavy evaluation
 * yields the CPU to the cheap worker and the server's thread rather than competing with them.
 * With a single worker the lanes only order the queue. A request still queued when its deadline
 * passes is answered `timeout` there, without taking a worker.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Golden } from '../../formats/golden/index.js';
import type { World } from '../../world/types.js';
import { type ApiRequest, type ApiResponse, backendOf, type LokiApi, type PromApi } from '../api.js';
import { canceled, timedOut } from '../canceled.js';
import { lokiText } from '../loki/index.js';
import { promError, servedWorld } from '../prometheus/index.js';
import { type CostOf, costOf, DEFAULT_HEAVY_COST } from './cost.js';
import type { Job, JobDone, WorkerInit } from './worker.js';
import { workerScript } from './worker-script.js';
import { worldData } from './world-transfer.js';

export interface EnginePoolOptions {
  /** Default min(2, cores). */
  workers?: number;
  /** The server's evaluation timeout (ms); undefined: none. */
  timeoutMs?: number;
  /** How long past its deadline (or its cancel) a worker may take before it is terminated. */
  graceMs?: number;
  /**
   * Estimated samples (cost.ts) from which a query is heavy: default DEFAULT_HEAVY_COST;
   * Infinity puts every query in one lane.
   */
  heavyCost?: number;
}

interface Pending {
  job: Job;
  req: ApiRequest;
  resolve: (res: ApiResponse) => void;
  onAbort?: () => void;
  /** Queued: the deadline's; running: the kill after the grace period. */
  timer?: NodeJS.Timeout;
  heavy: boolean;
}

interface Slot {
  worker: Worker;
  cancel: Int32Array;
  busy?: Pending;
  /** Resolves once the worker has built its world (or has died trying). */
  ready: Promise<void>;
  started: boolean;
  /** May take heavy requests (every worker but the first; the only one if it is alone). */
  heavy: boolean;
}

/** The nice value of the heavy lane's workers. */
const HEAVY_NICE = 10;

/** Workers that die before they are ready, in a row, after which the pool stops replacing them. */
const MAX_FAILED_STARTS = 3;

export class EnginePool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private readonly heavyQueue: Pending[] = [];
  private readonly heavyCost: number;
  private costOf: CostOf | undefined;
  private nextId = 0;
  private closed = false;
  private failedStarts = 0;
  private broken: string | undefined;
  private readonly graceMs: number;
  readonly timeoutMs: number | undefined;

  constructor(
    private readonly golden: Golden | undefined,
    private readonly world: World,
    private readonly nowMs: number,
    opts: EnginePoolOptions = {},
  ) {
    this.timeoutMs = opts.timeoutMs;
    this.graceMs = opts.graceMs ?? 1000;
    const n = Math.max(1, opts.workers ?? Math.min(2, availableParallelism()));
    this.heavyCost = opts.heavyCost ?? DEFAULT_HEAVY_COST;
    for (let i = 0; i < n; i++) this.slots.push(this.spawn(n === 1 || i > 0, n > 1));
  }

  /** The request's lane: estimated on this thread from the world's index, before a worker takes it. */
  private isHeavy(req: ApiRequest): boolean {
    if (!Number.isFinite(this.heavyCost)) return false;
    this.costOf ??= costOf(servedWorld(this.golden, this.world), this.nowMs);
    return this.costOf(req) >= this.heavyCost;
  }

  /** Resolves when every worker has built its world: a server listens only after this. */
  async ready(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.ready));
  }

  /** Evaluate one request on a worker; `startedAt` (epoch ms) is when its deadline started. */
  run(req: ApiRequest, startedAt: number): Promise<ApiResponse> {
    if (this.closed) return Promise.resolve(canceled(req));
    if (this.broken) return Promise.resolve(internal(req, this.broken));
    if (req.signal?.aborted) return Promise.resolve(canceled(req));
    return new Promise((resolve) => {
      const job: Job = {
        id: ++this.nextId,
        api: req.api as PromApi | LokiApi,
        params: req.params,
        startedAt,
        ...(this.timeoutMs !== undefined ? { timeoutMs: this.timeoutMs } : {}),
        ...(req.timeShiftMs ? { timeShiftMs: req.timeShiftMs } : {}),
      };
      const p: Pending = { job, req, resolve, heavy: this.isHeavy(req) };
      if (req.signal) {
        p.onAbort = () => this.abort(p);
        req.signal.addEventListener('abort', p.onAbort, { once: true });
      }
      if (this.timeoutMs !== undefined) {
        const left = startedAt + this.timeoutMs - Date.now();
        p.timer = setTimeout(() => this.expire(p), Math.max(0, left));
      }
      (p.heavy ? this.heavyQueue : this.queue).push(p);
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.dequeueAll()) this.finish(p, canceled(p.req));
    await Promise.all(
      this.slots.map((s) => {
        if (s.busy) this.finish(s.busy, canceled(s.busy.req));
        return s.worker.terminate();
      }),
    );
  }

  /** `heavy`: may take heavy requests; `lowered`: runs at HEAVY_NICE. */
  private spawn(heavy: boolean, lowered: boolean): Slot {
    const cancel = new SharedArrayBuffer(4);
    const init: WorkerInit = {
      golden: this.golden,
      world: worldData(servedWorld(this.golden, this.world)),
      nowMs: this.nowMs,
      cancel,
      ...(heavy && lowered ? { nice: HEAVY_NICE } : {}),
    };
    const { script, eval: isEval } = workerScript();
    const worker = new Worker(script, { eval: isEval, workerData: init });
    // Starting, a worker keeps the process alive (its ready() may be awaited); see holdWhileWorking.
    let markReady = () => {};
    const slot: Slot = {
      worker,
      cancel: new Int32Array(cancel),
      ready: new Promise<void>((resolve) => {
        markReady = resolve;
      }),
      started: false,
      heavy,
    };
    worker.on('message', (m: JobDone | 'ready') => {
      if (m === 'ready') {
        slot.started = true;
        this.failedStarts = 0;
        markReady();
        this.dispatch();
        return;
      }
      if (!slot.busy || slot.busy.job.id !== m.id) return;
      const p = slot.busy;
      slot.busy = undefined;
      this.finish(p, m.res);
      this.dispatch();
    });
    const lost = (why: string) => {
      markReady();
      if (this.closed || !this.slots.includes(slot)) return;
      if (!slot.started && ++this.failedStarts >= MAX_FAILED_STARTS) this.broken = why;
      const p = slot.busy;
      slot.busy = undefined;
      this.replace(slot);
      if (p) this.finish(p, internal(p.req, why));
      if (this.broken) for (const q of this.dequeueAll()) this.finish(q, internal(q.req, why));
      this.dispatch();
    };
    worker.on('error', (e) => lost(`engine worker failed: ${e.message}`));
    worker.on('exit', (code) => lost(`engine worker exited with code ${code}`));
    return slot;
  }

  private dispatch(): void {
    // A replacement still building its world would hold a request for a second or more: requests
    // wait for a worker that is ready.
    for (const slot of this.slots) {
      if (slot.busy || !slot.started) continue;
      const p = this.next(slot);
      if (!p) continue;
      slot.busy = p;
      slot.worker.postMessage(p.job);
      if (this.timeoutMs !== undefined) {
        const left = p.job.startedAt + this.timeoutMs + this.graceMs - Date.now();
        p.timer = setTimeout(() => this.kill(slot, p, timedOut(p.req)), Math.max(0, left));
      }
    }
    this.holdWhileWorking();
  }

  /** The next request for a free worker: a cheap one first; a heavy one if the worker may take it. */
  private next(slot: Slot): Pending | undefined {
    for (;;) {
      const p = this.queue.shift() ?? (slot.heavy ? this.heavyQueue.shift() : undefined);
      if (!p) return undefined;
      clearTimeout(p.timer);
      // Its deadline timer may not have fired yet: a worker would only answer timeout too.
      if (this.timeoutMs === undefined || Date.now() < p.job.startedAt + this.timeoutMs) return p;
      this.finish(p, timedOut(p.req));
    }
  }

  private dequeue(p: Pending): boolean {
    const q = p.heavy ? this.heavyQueue : this.queue;
    const i = q.indexOf(p);
    if (i < 0) return false;
    q.splice(i, 1);
    return true;
  }

  private dequeueAll(): Pending[] {
    return [...this.queue.splice(0), ...this.heavyQueue.splice(0)];
  }

  /** Its deadline passed while it waited for a worker: answered there, as a running one would be. */
  private expire(p: Pending): void {
    if (!this.dequeue(p)) return;
    this.finish(p, timedOut(p.req));
    this.holdWhileWorking();
  }

  /**
   * A worker with a request, or one still starting (its ready() or a queued request may be awaited),
   * keeps the process alive: an awaited answer must come. An idle one does not.
   */
  private holdWhileWorking(): void {
    for (const slot of this.slots) {
      if (slot.busy || !slot.started) slot.worker.ref();
      else slot.worker.unref();
    }
  }

  /** The client went away: drop a queued request; tell a running one through its cancel flag. */
  private abort(p: Pending): void {
    if (this.dequeue(p)) {
      this.finish(p, canceled(p.req));
      this.holdWhileWorking();
      return;
    }
    const slot = this.slots.find((s) => s.busy === p);
    if (!slot) return;
    Atomics.store(slot.cancel, 0, p.job.id);
    clearTimeout(p.timer);
    p.timer = setTimeout(() => this.kill(slot, p, canceled(p.req)), this.graceMs);
  }

  /** A worker that did not stop in time: answer for it, and put a fresh one in its place. */
  private kill(slot: Slot, p: Pending, answer: ApiResponse): void {
    if (slot.busy !== p) return;
    slot.busy = undefined;
    this.replace(slot);
    this.finish(p, answer);
    this.dispatch();
  }

  private replace(slot: Slot): void {
    const i = this.slots.indexOf(slot);
    void slot.worker.terminate();
    if (i < 0) return;
    if (this.closed || this.broken) this.slots.splice(i, 1);
    else this.slots[i] = this.spawn(slot.heavy, this.slots.length > 1);
  }

  private finish(p: Pending, res: ApiResponse): void {
    clearTimeout(p.timer);
    if (p.onAbort) p.req.signal?.removeEventListener('abort', p.onAbort);
    p.resolve(res);
  }
}

function internal(req: ApiRequest, why: string): ApiResponse {
  return backendOf(req.api) === 'prometheus' ? promError('internal', why) : lokiText(500, why);
}
