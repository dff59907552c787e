/**
 * The engines part of the backend: the embedded PromQL/LogQL engines behind the Backend contract,
 * off the main thread in a worker pool, their answers memoised per world.
 * This index is the part's one door: code outside the folder imports it from here only.
 */
export { createEngineBackend } from './backend.js';
export { cacheBytes, DEFAULT_CACHE_BYTES } from './cache.js';
export { DEFAULT_HEAVY_COST } from './cost.js';
export type { EnginePoolOptions } from './pool.js';
export { EnginePool } from './pool.js';
export { type WorldData, worldData, worldFromData } from './world-transfer.js';
