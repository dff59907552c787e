/**
 * Numeric flags, parsed strictly and by range: a value outside its range would otherwise be
 * accepted and change what the bench does (`--pass-correctness 7` passes nothing, `--reps 1e9`
 * fills the heap). Each failure is an InputError (exit 2) naming the flag and the range.
 */
import { InputError } from '../errors.js';
import { formatCap } from '../formats/limits.js';

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+]?(\d+\.?\d*|\.\d+)$/;

/** A decimal integer in [min, max] (no `1e3`, no `0x10`, no `1.0`). */
export function parseIntFlag(flag: string, v: string, min: number, max: number): number {
  const n = Number(v.trim());
  if (!INTEGER.test(v.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new InputError(
      `${flag} ${JSON.stringify(v)}: expected an integer in ${formatCap(min)}..${formatCap(max)}`,
    );
  }
  return n;
}

/** A plain decimal number in [0, 1]: a share or a threshold. */
export function parseFractionFlag(flag: string, v: string): number {
  const n = Number(v.trim());
  if (!DECIMAL.test(v.trim()) || !(n >= 0 && n <= 1)) {
    throw new InputError(`${flag} ${JSON.stringify(v)}: expected a number in [0, 1]`);
  }
  return n;
}

/** `--port N`: a TCP port, 0..65535 (0 and absent both mean a free one). The one port parser. */
export function parsePortFlag(v: string): number {
  if (!/^\d+$/.test(v) || Number(v) > 65535) throw new InputError(`--port expects a port number, got "${v}"`);
  return Number(v);
}

/** For commander's argument parser slot. */
export const intFlag =
  (flag: string, min: number, max: number) =>
  (v: string): number =>
    parseIntFlag(flag, v, min, max);

export const fractionFlag =
  (flag: string) =>
  (v: string): number =>
    parseFractionFlag(flag, v);

/** Seeds: any integer a double holds exactly. */
export const SEED_RANGE = [-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER] as const;
