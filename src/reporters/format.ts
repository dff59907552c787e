/** Number formatting shared by every reporter: fixed decimals, intervals, durations by clock. */
import type { AggregateRow, Rounded } from '../scoring/index.js';

export { f2, signed } from '../scoring/figures.js';

import { f2 } from '../scoring/figures.js';

export const pct = (x: number): string => `${Math.round(x * 100)}%`;
export const ci = (i: Rounded | null): string => (i ? `[${f2(i.lo)}, ${f2(i.hi)}]` : '[n<2]');
export const secs = (ms: number): string =>
  ms >= 100_000 ? `${Math.round(ms / 1000)}s` : `${(ms / 1000).toFixed(1)}s`;

/** The last pass^k (k = n): the chance that every one of n trials passes. */
export function passAll(r: AggregateRow): string {
  return r.passHatK.length ? `${f2(r.passHatK[r.passHatK.length - 1])} (k=${r.passHatK.length})` : '-';
}

export function rowLabel(r: { golden: string; seat: string; gateSet: string }): string {
  return `${r.golden} × ${r.seat} × ${r.gateSet}`;
}
