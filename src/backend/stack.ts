/**
 * A golden's backend stack: engines → the servers' default limits → fault layer (if on) →
 * capacity model (default on) → query log. The order is the contract: the default limits are the
 * servers' own, on with or without faults, and a stricter limit fault fires before them; faults
 * hold a capacity slot while they wait (a slow or timing-out backend still occupies the server),
 * and the log sees exactly what clients see. Servers evaluate
 * on an engine pool (`workers`) with a timeout; in-process sims evaluate inline with none.
 */
import { availableParallelism } from 'node:os';
import type { Clock } from '../clock.js';
import type { Golden } from '../formats/golden/index.js';
import type { World } from '../world/types.js';
import type { Backend } from './api.js';
import { DEFAULT_CAPACITY, withCapacity } from './capacity.js';
import { catalogFor, type ToolCatalog } from './catalog.js';
import { cacheBytes, createEngineBackend, EnginePool } from './engines/index.js';
import { withFaults, withServerDefaults } from './faults/index.js';
import { createRealPrometheusBackend } from './oracle/index.js';
import { servedWorld } from './prometheus/index.js';
import { QueryLog, withQueryLog } from './query-log.js';

export interface StackOptions {
  faults: boolean;
  clock: Clock;
  seed: number;
  /** Default true. */
  capacity?: boolean;
  /** Entries the query log keeps (default DEFAULT_QUERY_LOG_SIZE); its counters count them all. */
  queryLogSize?: number;
  /** And the bytes they may take (default DEFAULT_QUERY_LOG_BYTES), oldest evicted first. */
  queryLogBytes?: number;
  /** The engine answer cache's bytes for this world (default DEFAULT_CACHE_BYTES), oldest evicted first. */
  cacheBytes?: number;
  /** Per-query evaluation timeout, wall-clock ms from arrival (default: none). */
  queryTimeoutMs?: number;
  /** Engine worker threads (default 0: evaluate in this thread). See engines/pool.ts. */
  workers?: number;
  /** With workers: the estimated samples from which a query runs in the heavy lane (engines/pool.ts). */
  heavyCost?: number;
}

export interface BackendStack {
  backend: Backend;
  queryLog: QueryLog;
  /** The tool catalog, when the golden has a `stale-tools` fault and faults are on (backend/catalog.ts). */
  catalog?: ToolCatalog;
  /** Resolves when the engine workers, if any, are ready to answer (a server awaits it to listen). */
  ready(): Promise<void>;
  /** Stops the engine workers, if any (a server calls it when it closes). */
  close(): Promise<void>;
  /** What the query log and the engine cache retain, in the bytes their caps count. */
  retained(): { queryLogBytes: number; cacheBytes: number };
}

/** What a server (`bench serve`, `bench mcp`, a command seat's) bounds: see serverStackOptions. */
export interface ServerLimits {
  /** Default DEFAULT_SERVER_TIMEOUT_MS. */
  queryTimeoutMs?: number;
  /** Default DEFAULT_QUERY_LOG_SIZE. */
  queryLogSize?: number;
  /** Default DEFAULT_QUERY_LOG_BYTES. */
  queryLogBytes?: number;
  /** Default DEFAULT_CACHE_BYTES. */
  cacheBytes?: number;
  /** Engine worker threads; default min(2, cores); 0 evaluates on the server's own thread. */
  workers?: number;
  /** Default DEFAULT_HEAVY_COST (50M estimated samples); Infinity: no heavy lane. */
  heavyCost?: number;
}

export const DEFAULT_SERVER_TIMEOUT_MS = 30_000;

/** A server's stack options: a timeout and worker threads unless told otherwise. */
export function serverStackOptions(
  l: ServerLimits,
): Pick<
  StackOptions,
  'queryTimeoutMs' | 'queryLogSize' | 'queryLogBytes' | 'cacheBytes' | 'workers' | 'heavyCost'
> {
  return {
    queryTimeoutMs: l.queryTimeoutMs ?? DEFAULT_SERVER_TIMEOUT_MS,
    workers: l.workers ?? Math.min(2, availableParallelism()),
    ...(l.queryLogSize !== undefined ? { queryLogSize: l.queryLogSize } : {}),
    ...(l.queryLogBytes !== undefined ? { queryLogBytes: l.queryLogBytes } : {}),
    ...(l.cacheBytes !== undefined ? { cacheBytes: l.cacheBytes } : {}),
    ...(l.heavyCost !== undefined ? { heavyCost: l.heavyCost } : {}),
  };
}

export function createBackendStack(golden: Golden, world: World, opts: StackOptions): BackendStack {
  const pool =
    (opts.workers ?? 0) > 0 && golden.backend !== 'prometheus'
      ? new EnginePool(golden, world, golden.ms.now, {
          workers: opts.workers,
          ...(opts.queryTimeoutMs !== undefined ? { timeoutMs: opts.queryTimeoutMs } : {}),
          ...(opts.heavyCost !== undefined ? { heavyCost: opts.heavyCost } : {}),
        })
      : undefined;
  const engine = createEngineBackend(golden, world, {
    ...(opts.queryTimeoutMs !== undefined ? { timeoutMs: opts.queryTimeoutMs } : {}),
    ...(pool ? { pool } : {}),
    ...(opts.cacheBytes !== undefined ? { cacheBytes: opts.cacheBytes } : {}),
  });
  let backend: Backend =
    golden.backend === 'prometheus' ? createRealPrometheusBackend(golden, world, engine, opts.clock) : engine;
  // The servers' default limits are the servers', not faults: on with or without the fault layer.
  backend = withServerDefaults(backend, golden);
  const catalog = opts.faults ? catalogFor(golden.faults, opts.clock) : undefined;
  if (opts.faults && golden.faults.length > 0) {
    backend = withFaults(backend, golden.faults, golden, {
      clock: opts.clock,
      seed: opts.seed,
      ...(catalog ? { catalog } : {}),
    });
  }
  if (opts.capacity ?? true) {
    const c = golden.capacity;
    backend = withCapacity(
      backend,
      { prometheus: c.prometheus ?? DEFAULT_CAPACITY, loki: c.loki ?? DEFAULT_CAPACITY },
      opts.clock,
      opts.seed,
    );
  }
  const queryLog = new QueryLog(opts.queryLogSize, opts.queryLogBytes);
  return {
    backend: withQueryLog(backend, opts.clock, queryLog),
    queryLog,
    ...(catalog ? { catalog } : {}),
    ready: async () => pool?.ready(),
    close: async () => pool?.close(),
    retained: () => ({ queryLogBytes: queryLog.bytes, cacheBytes: cacheBytes(servedWorld(golden, world)) }),
  };
}
