/**
 * The sims' seeded randomness. Every random choice a sim makes (think time, how many tweaks, which
 * variant, rounding) draws from one of these, seeded from the trial seed, so the same seed gives the
 * same trace and different repetitions differ.
 */
import { SeededRandom } from '../../random.js';

/** The sims' generator: the shared seeded stream plus the draws behaviour variation needs. */
export class SimRng extends SeededRandom {
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)];
  }

  normal(): number {
    const u = Math.max(this.next(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** Lognormal with the given median; sigma is the spread of the underlying normal. */
  lognormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }
}

/** Derive an independent seed for a named purpose, so adding a draw elsewhere shifts nothing here. */
export function subSeed(seed: number, purpose: string): number {
  let h = (seed ^ 0x811c9dc5) >>> 0;
  for (let i = 0; i < purpose.length; i++) h = Math.imul(h ^ purpose.charCodeAt(i), 16777619) >>> 0;
  return h;
}
