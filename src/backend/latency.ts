/** Latency distributions of goldens (fixed, uniform, lognormal), drawn from a seeded stream. */
import type { LatencyDistSpec } from '../formats/golden/index.js';
import type { Rng } from '../world/rng.js';

/** One draw in ms. A bare number is a fixed latency. */
export function drawLatency(dist: LatencyDistSpec, rng: Rng): number {
  if (typeof dist === 'number') return dist;
  switch (dist.dist) {
    case 'fixed':
      return dist.ms;
    case 'uniform':
      return dist.min + rng.next() * Math.max(0, dist.max - dist.min);
    case 'lognormal':
      return dist.median * Math.exp(dist.sigma * rng.normal());
  }
}
