/**
 * The commands' flags as the command line writes them, parsed into the values the commands take:
 * numbers strictly and by range (a value outside its range would otherwise be accepted and change
 * what the bench does: `--pass-correctness 7` passes nothing, `--reps 1e9` fills the heap),
 * `--shard i/n`, `--reporter` names. Each failure is an InputError (exit 2) naming the flag. The
 * CLI wires these into commander; it imports nothing below commands/.
 */
import { InputError } from '../errors.js';
import { formatCap, LIMITS as INPUT_LIMITS } from '../formats/limits.js';
import type { Shard } from '../plan/plan.js';
import type { ReporterName } from '../reporters/registry.js';

/** The caps the counted flags are held to: a flag asks for no more than a config may. */
export const LIMITS: Pick<typeof INPUT_LIMITS, 'repetitions' | 'concurrency'> = INPUT_LIMITS;

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

/** `--max-cost USD`: a positive plain decimal (no `$`, no exponent). */
export function parseUsdFlag(flag: string, v: string): number {
  const n = Number(v.trim());
  if (!DECIMAL.test(v.trim()) || !(n > 0) || !Number.isFinite(n)) {
    throw new InputError(`${flag} ${JSON.stringify(v)}: expected an amount in USD above 0, e.g. 5 or 0.25`);
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

/** A whole number >= min (the servers' `--query-log-size`, `--workers`). */
export const countFlag =
  (flag: string, min: number) =>
  (v: string): number => {
    if (!/^\d+$/.test(v) || Number(v) < min)
      throw new InputError(`${flag} expects a whole number >= ${min}, got "${v}"`);
    return Number(v);
  };

/** A positive number of seconds (`--query-timeout`). */
export const secondsFlag =
  (flag: string) =>
  (v: string): number => {
    const n = Number(v);
    if (v.trim() === '' || !Number.isFinite(n) || n <= 0)
      throw new InputError(`${flag} expects a positive number of seconds, got "${v}"`);
    return n;
  };

/** `--shard i/n`: run only shard i of n (1-based). */
export function parseShard(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = m ? Number(m[1]) : 0;
  const count = m ? Number(m[2]) : 0;
  if (!m || count < 1 || index < 1 || index > count) {
    throw new InputError(`--shard ${text}: expected i/n with 1 ≤ i ≤ n, e.g. 2/4`);
  }
  return { index, count };
}

/** `--reporter` names (`markdown,json` or repeated), checked against the registry (exit 2 when unknown). */
export async function reporterFlag(names: string[] | undefined): Promise<ReporterName[] | undefined> {
  if (!names) return undefined;
  const { parseReporterNames } = await import('../reporters/registry.js');
  return parseReporterNames(names);
}
