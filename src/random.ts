/**
 * Seeded randomness shared by the sims (behaviour variation) and the scorecard's bootstrap
 * (resampling), so the same seed gives the same trace and the same interval on every machine.
 */

/** mulberry32: a 32-bit state, fast, and well mixed for these uses (not cryptographic). */
export class SeededRandom {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 0x9e3779b9;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
}

/** A 32-bit seed from a base seed and a text key (FNV-1a), so each row resamples its own stream. */
export function seedFor(base: number, key: string): number {
  let h = (0x811c9dc5 ^ (base >>> 0)) >>> 0;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
