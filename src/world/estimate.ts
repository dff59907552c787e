/**
 * Size estimates the world caps (limits.ts) are held against: label-matrix products and the
 * expected number of generated log lines, both computed from the spec without generating.
 */
import type { Golden } from '../formats/golden/index.js';
import { resolveTimeRef } from '../formats/time.js';
import { compileSignal, inGap, levelAt } from './generate/index.js';

/** Label sets of a matrix: the product of each key's number of values (Infinity past 2^1024). */
export function matrixSize(m: Readonly<Record<string, string | readonly string[]>>): number {
  let n = 1;
  for (const v of Object.values(m)) n *= typeof v === 'string' ? 1 : v.length;
  return n;
}

/** Evaluations of the rate per log block: a month of seconds is sampled, not walked. */
const RATE_SAMPLES = 100_000;

type LogGen = NonNullable<Golden['world']['logs'][number]['generate']>;

/** Expected generated lines of ONE stream: the rate summed over the window's seconds, plus bursts. */
export function expectedLines(g: Golden, gen: LogGen): number {
  const { start, end } = g.ms;
  const resolve = (ref: string) => resolveTimeRef(ref, start);
  const sig = compileSignal(gen.rate, resolve);
  const seconds = Math.floor((end - start) / 1000) + 1;
  const stride = Math.max(1, Math.ceil(seconds / RATE_SAMPLES));
  let n = 0;
  for (let k = 0; k < seconds; k += stride) {
    const sec = start + k * 1000;
    if (!inGap(sig.segments, sec))
      n += Math.max(0, levelAt(sig.base, sig.segments, sec)) * Math.min(stride, seconds - k);
  }
  for (const b of gen.bursts ?? []) {
    const from = Math.max(start, resolve(b.from));
    const to = Math.min(end + 1000, resolve(b.to));
    if (to > from) n += b.rate * Math.ceil((to - from) / 1000);
  }
  return n;
}
