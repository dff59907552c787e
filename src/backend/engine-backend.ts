/**
 * The engine backend: the bottom of every backend stack. It turns an ApiRequest into engine calls
 * and returns the exact wire response; it knows nothing of faults, capacity or clocks.
 */
import type { Golden } from '../spec/normalized.js';
import type { World } from '../world/types.js';
import type { ApiRequest, ApiResponse, Backend, LokiApi, PromApi } from './api.js';
import { canceled } from './canceled.js';
import { cached } from './engine-cache.js';
import { handleLoki } from './loki-handlers.js';
import { handleProm } from './prom-handlers.js';

export function createEngineBackend(golden: Golden | undefined, world: World): Backend {
  const ctx = { golden, world, nowMs: golden?.ms.now ?? world.end };
  return {
    async handle(req: ApiRequest): Promise<ApiResponse> {
      const prom = req.api.startsWith('prom.');
      if (req.signal?.aborted) return canceled(req);
      return cached(world, req, ctx.nowMs, async () =>
        prom
          ? handleProm(req.api as PromApi, req.params, ctx)
          : handleLoki(req.api as LokiApi, req.params, ctx),
      );
    },
  };
}
