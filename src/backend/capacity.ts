/**
 * The capacity model: each backend has N slots and a FIFO queue; a request waits for a slot, then
 * takes a service time drawn from the backend's latency distribution, then the inner backend
 * answers. Waiting and service both go through the Clock, so on a VirtualClock contention is
 * simulated deterministically: latencies are drawn in call order from a seeded stream.
 */
import type { Clock } from '../clock.js';
import type { LatencyDistSpec } from '../formats/golden/index.js';
import { type Rng, rngFor } from '../world/rng.js';
import type { ApiRequest, ApiResponse, Backend } from './api.js';
import { backendOf } from './api.js';
import { canceled } from './canceled.js';
import { drawLatency } from './latency.js';

export interface CapacitySpec {
  slots: number;
  latency: LatencyDistSpec;
}

export const DEFAULT_CAPACITY: CapacitySpec = { slots: 8, latency: 20 };

/** A counting semaphore that hands slots out strictly in arrival order. */
class Pool {
  private free: number;
  private readonly waiting: { grant: () => void }[] = [];
  constructor(slots: number) {
    this.free = slots;
  }

  acquire(signal?: AbortSignal): Promise<void> {
    if (this.free > 0 && this.waiting.length === 0) {
      this.free -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const entry = { grant: resolve };
      this.waiting.push(entry);
      signal?.addEventListener(
        'abort',
        () => {
          const i = this.waiting.indexOf(entry);
          if (i >= 0) {
            this.waiting.splice(i, 1);
            reject(signal.reason);
          }
        },
        { once: true },
      );
    });
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next.grant();
    else this.free += 1;
  }
}

interface Lane {
  pool: Pool;
  rng: Rng;
  latency: LatencyDistSpec;
}

export function withCapacity(
  inner: Backend,
  capacity: { prometheus: CapacitySpec; loki: CapacitySpec },
  clock: Clock,
  seed: number,
): Backend {
  const lanes: Record<'prometheus' | 'loki', Lane> = {
    prometheus: lane(capacity.prometheus, seed, 'prometheus'),
    loki: lane(capacity.loki, seed, 'loki'),
  };
  return {
    async handle(req: ApiRequest): Promise<ApiResponse> {
      const l = lanes[backendOf(req.api)];
      const service = drawLatency(l.latency, l.rng);
      const arrived = clock.now();
      try {
        await l.pool.acquire(req.signal);
      } catch {
        return { ...canceled(req), timing: { queueMs: clock.now() - arrived, serviceMs: 0 } };
      }
      const began = clock.now();
      try {
        await clock.sleep(service, req.signal);
        const res = await inner.handle(req);
        return { ...res, timing: { queueMs: began - arrived, serviceMs: clock.now() - began } };
      } catch (err) {
        if (!req.signal?.aborted) throw err;
        return { ...canceled(req), timing: { queueMs: began - arrived, serviceMs: clock.now() - began } };
      } finally {
        l.pool.release();
      }
    },
  };
}

function lane(spec: CapacitySpec, seed: number, name: string): Lane {
  return { pool: new Pool(spec.slots), rng: rngFor(seed, `capacity:${name}`), latency: spec.latency };
}
