/**
 * A golden's backend stack: engines → fault layer (if on) → capacity model (default on) → query
 * log. The order is the contract: faults hold a capacity slot while they wait (a slow or timing-out
 * backend still occupies the server), and the log sees exactly what clients see.
 */
import type { Clock } from '../clock.js';
import type { Golden } from '../spec/normalized.js';
import type { World } from '../world/types.js';
import type { Backend, QueryLogEntry } from './api.js';
import { DEFAULT_CAPACITY, withCapacity } from './capacity.js';
import { createEngineBackend } from './engine-backend.js';
import { withFaults } from './faults.js';
import { withQueryLog } from './query-log.js';
import { createRealPrometheusBackend } from './real-prometheus.js';

export interface StackOptions {
  faults: boolean;
  clock: Clock;
  seed: number;
  /** Default true. */
  capacity?: boolean;
}

export function createBackendStack(
  golden: Golden,
  world: World,
  opts: StackOptions,
): { backend: Backend; queryLog: QueryLogEntry[] } {
  const engine = createEngineBackend(golden, world);
  let backend: Backend =
    golden.backend === 'prometheus' ? createRealPrometheusBackend(golden, world, engine, opts.clock) : engine;
  if (opts.faults && golden.faults.length > 0) {
    backend = withFaults(backend, golden.faults, golden, { clock: opts.clock, seed: opts.seed });
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
  const queryLog: QueryLogEntry[] = [];
  return { backend: withQueryLog(backend, opts.clock, queryLog), queryLog };
}
