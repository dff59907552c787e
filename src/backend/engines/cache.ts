/**
 * Answers of the engine backend, memoised per world. A world never changes once built and the
 * engines are pure, so the same request always gets the same wire answer; trials of a matrix ask
 * the same routes hundreds of times. The cache sits below the fault layer and the capacity model,
 * so faults, latency and queueing still apply to every call. Cached answers are frozen: a layer
 * that wants to change one must copy it (the fault layer does).
 */
import type { World } from '../../world/types.js';
import { type ApiRequest, type ApiResponse, RANGED_APIS } from '../api.js';
import { bodyBytes } from '../query-log.js';

const MAX_ENTRIES = 4096;
/**
 * And at most this many bytes per world, an entry counted as its key (the request's parameters: a
 * query may be a megabyte) plus its body's JSON: a few thousand large matrices, or large queries,
 * would otherwise hold gigabytes. Oldest first out.
 */
export const DEFAULT_CACHE_BYTES = 256 * 2 ** 20;
/**
 * Answers that say nothing lasting about the world: canceled (499), timed out (Prometheus 503,
 * Loki 504), and internal errors (500: a worker that died, a broken pool). Never memoised: the
 * same request asked again must be evaluated again.
 */
const STOPPED = new Set([499, 500, 503, 504]);
interface Cache {
  entries: Map<string, { res: ApiResponse; bytes: number }>;
  bytes: number;
}
const caches = new WeakMap<World, Cache>();

/** The bytes the cache of `world` holds, as counted against its cap. */
export function cacheBytes(world: World): number {
  return caches.get(world)?.bytes ?? 0;
}

function keyOf(req: ApiRequest, nowMs: number, scope: string): string {
  const params = Object.keys(req.params)
    .sort()
    .map((k) => [k, req.params[k]]);
  // A ranged API's answer (api.ts) is a function of the served world and the request alone; the
  // others (rules, alerts, the status pages) may name the golden they serve (its rule group, its
  // file), and a golden's twins share their parent's world: those are kept per golden.
  const who = RANGED_APIS.has(req.api) ? '' : scope;
  return `${req.api}\u0000${who}\u0000${nowMs}\u0000${req.timeShiftMs ?? 0}\u0000${JSON.stringify(params)}`;
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
  maxBytes = DEFAULT_CACHE_BYTES,
  /** Who asks (the golden's file and id): part of the key of every answer but a ranged API's. */
  scope = '',
): Promise<ApiResponse> {
  let cache = caches.get(world);
  if (!cache) {
    cache = { entries: new Map(), bytes: 0 };
    caches.set(world, cache);
  }
  const key = keyOf(req, nowMs, scope);
  const hit = cache.entries.get(key);
  if (hit) return hit.res;
  const res = deepFreeze(await compute());
  // A stopped query says nothing about the world: the same request may well finish next time.
  if (STOPPED.has(res.status)) return res;
  // Memoised for frozen bodies, so the query log's count of this answer costs nothing more.
  const bytes = bodyBytes(res) + Buffer.byteLength(key);
  if (bytes > maxBytes / 4) return res;
  for (const [k, old] of cache.entries) {
    if (cache.entries.size < MAX_ENTRIES && cache.bytes + bytes <= maxBytes) break;
    cache.entries.delete(k);
    cache.bytes -= old.bytes;
  }
  cache.entries.set(key, { res, bytes });
  cache.bytes += bytes;
  return res;
}
