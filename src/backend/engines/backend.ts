/**
 * The engine backend: the bottom of every backend stack. It turns an ApiRequest into engine calls
 * and returns the exact wire response; it knows nothing of faults, capacity or clocks. Each query's
 * evaluation is bounded by `timeoutMs` (from its arrival, wall clock) and by the request's signal.
 * With a pool, evaluation runs on worker threads; without, in this thread (the sims' way: fast,
 * and nothing else is waiting on the event loop there).
 */
import type { Golden } from '../../formats/golden/index.js';
import type { World } from '../../world/types.js';
import type { ApiRequest, ApiResponse, Backend, LokiApi, PromApi } from '../api.js';
import { canceled } from '../canceled.js';
import { handleLoki } from '../loki/index.js';
import { handleProm, servedWorld } from '../prometheus/index.js';
import { cached } from './cache.js';
import type { EnginePool } from './pool.js';

export interface EngineBackendOptions {
  /** Evaluation timeout per query (ms); undefined: none. Ignored with a pool (it has its own). */
  timeoutMs?: number;
  pool?: EnginePool;
  /** The answer cache's byte cap for this world (default DEFAULT_CACHE_BYTES, cache.ts). */
  cacheBytes?: number;
}

export function createEngineBackend(
  golden: Golden | undefined,
  world: World,
  opts: EngineBackendOptions = {},
): Backend {
  // The world as a Prometheus running the golden's alerting rule holds it: plus ALERTS series.
  const served = servedWorld(golden, world);
  const ctx = { golden, world: served, nowMs: golden?.ms.now ?? world.end };
  return {
    async handle(req: ApiRequest): Promise<ApiResponse> {
      if (req.signal?.aborted) return canceled(req);
      const startedAt = Date.now();
      const shiftMs = req.timeShiftMs ?? 0;
      return cached(
        served,
        req,
        ctx.nowMs,
        async () => {
          if (opts.pool) return opts.pool.run(req, startedAt);
          const limits = {
            startedAt,
            ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
            ...(req.signal ? { signal: req.signal } : {}),
          };
          return req.api.startsWith('prom.')
            ? handleProm(req.api as PromApi, req.params, ctx, limits, shiftMs)
            : handleLoki(req.api as LokiApi, req.params, ctx, limits, shiftMs);
        },
        opts.cacheBytes,
        golden ? `${golden.file}\u0000${golden.id}` : '',
      );
    },
  };
}
