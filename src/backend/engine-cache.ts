/**
 * Answers of the engine backend, memoised per world. A world never changes once built and the
 * engines are pure, so the same request always gets the same wire answer; trials of a matrix ask
 * the same routes hundreds of times. The cache sits below the fault layer and the capacity model,
 * so faults, latency and queueing still apply to every call. Cached answers are frozen: a layer
 * that wants to change one must copy it (the fault layer does).
 */
import type { World } from '../world/types.js';
import type { ApiRequest, ApiResponse } from './api.js';

const MAX_ENTRIES = 4096;
/** Canceled (499), timed out (Prometheus 503, Loki 504). */
const STOPPED = new Set([499, 503, 504]);
const caches = new WeakMap<World, Map<string, ApiResponse>>();

function keyOf(req: ApiRequest, nowMs: number): string {
  const params = Object.keys(req.params)
    .sort()
    .map((k) => [k, req.params[k]]);
  return `${req.api}\u0000${nowMs}\u0000${JSON.stringify(params)}`;
}

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}

export async function cached(
  world: World,
  req: ApiRequest,
  nowMs: number,
  compute: () => Promise<ApiResponse>,
): Promise<ApiResponse> {
  let cache = caches.get(world);
  if (!cache) {
    cache = new Map();
    caches.set(world, cache);
  }
  const key = keyOf(req, nowMs);
  const hit = cache.get(key);
  if (hit) return hit;
  const res = deepFreeze(await compute());
  // A stopped query says nothing about the world: the same request may well finish next time.
  if (STOPPED.has(res.status)) return res;
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, res);
  return res;
}
