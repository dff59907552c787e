/**
 * An engine pool's worker thread: it rebuilds the world it was handed and answers one request at a
 * time with the same handlers the in-process engine backend uses. It reads its cancel flag (set by
 * the main thread when the client goes away) through the deadline, since a busy thread gets no
 * messages. Started only by pool.ts.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { Golden } from '../../formats/golden/index.js';
import type { ApiParams, ApiResponse, LokiApi, PromApi } from '../api.js';
import { handleLoki } from '../loki/index.js';
import { handleProm } from '../prometheus/index.js';
import type { QueryLimits } from '../query-limits.js';
import { type WorldData, worldFromData } from './world-transfer.js';

export interface WorkerInit {
  golden: Golden | undefined;
  world: WorldData;
  nowMs: number;
  /** Int32 [0]: the id of a job the main thread canceled. */
  cancel: SharedArrayBuffer;
  /** This thread's nice value (the heavy lane's workers: pool.ts). */
  nice?: number;
}

export interface Job {
  id: number;
  api: PromApi | LokiApi;
  params: ApiParams;
  startedAt: number;
  timeoutMs?: number;
  timeShiftMs?: number;
}

export interface JobDone {
  id: number;
  res: ApiResponse;
}

const init = workerData as WorkerInit;
const ctx = { golden: init.golden, world: worldFromData(init.world), nowMs: init.nowMs };
const cancel = new Int32Array(init.cancel);
// On Linux the nice value belongs to the thread (pid 0: the caller); elsewhere it would lower the
// whole process, so it is left alone there.
if (init.nice !== undefined && process.platform === 'linux') {
  try {
    setPriority(0, init.nice);
  } catch {
    // Not permitted here: the lanes still keep heavy queries off the first worker.
  }
}

parentPort?.on('message', (job: Job) => {
  const limits: QueryLimits = {
    startedAt: job.startedAt,
    ...(job.timeoutMs !== undefined ? { timeoutMs: job.timeoutMs } : {}),
    canceled: () => Atomics.load(cancel, 0) === job.id,
  };
  const res = job.api.startsWith('prom.')
    ? handleProm(job.api as PromApi, job.params, ctx, limits, job.timeShiftMs)
    : handleLoki(job.api as LokiApi, job.params, ctx, limits, job.timeShiftMs);
  const done: JobDone = { id: job.id, res };
  parentPort?.postMessage(done);
});
parentPort?.postMessage('ready');
