/**
 * The one module that reads a flag's text: the commands' flags as the command line writes them,
 * parsed into the values the commands take. Numbers strictly and by range (a value outside its
 * range would otherwise be accepted and change what the bench does: `--pass-correctness 7` passes
 * nothing, `--reps 1e9` fills the heap), `--shard i/n`, lists (`--golden a,b --golden c`),
 * repeatable flags, `--reporter` names, times, URLs, durations, regexes, `--header`; and the flag
 * groups several commands share, assembled into their options: the plan flags (`bench run`,
 * `bench plan`), the turn cache's (`run`, `trial`, `replay`, rematch/vitest), the servers'
 * (`serve`, `mcp`). Each failure is an InputError (exit 2) naming the flag. The CLI wires these
 * into commander (cli/ parses nothing itself) and rematch/vitest's options reuse them; a command's
 * own cross-flag rules (`--start` before `--end`) stay with the command.
 */
import { InputError } from '../errors.js';
import { formatCap, LIMITS as INPUT_LIMITS } from '../formats/limits.js';
import { parseDuration } from '../formats/time.js';
import type { CacheFlags } from '../formats/turn-cache.js';
import { gateNamed } from '../formats/vocabulary.js';
import type { PlanOptions, Shard } from '../plan/plan.js';
import type { ReporterName } from '../reporters/registry.js';

/** The caps the counted flags are held to: a flag asks for no more than a config may. */
export const LIMITS: Pick<typeof INPUT_LIMITS, 'repetitions' | 'concurrency' | 'workers'> = INPUT_LIMITS;

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

/** A decimal integer flag that may be absent. */
export function optionalIntFlag(
  flag: string,
  v: string | undefined,
  min: number,
  max: number,
): number | undefined {
  return v === undefined ? undefined : parseIntFlag(flag, v, min, max);
}

/** A repeatable flag for commander's argument parser slot: each occurrence appended. */
export const repeatable = (v: string, prev: string[] = []): string[] => [...prev, v];

/**
 * A list flag (`--golden a b`, `--golden a,b`) or a list option (a string or strings): commas
 * split too, blanks dropped. Absent stays absent (the config's default applies).
 */
export function listFlag(v: string | readonly string[] | undefined): string[] | undefined {
  if (v === undefined) return undefined;
  return (typeof v === 'string' ? [v] : v)
    .flatMap((x) => x.split(','))
    .map((x) => x.trim())
    .filter(Boolean);
}

/** An RFC 3339 time flag (`--start 2026-03-14T13:00:00Z`), in ms. */
export function timeFlag(flag: string, v: string): number {
  const t = Date.parse(v);
  if (Number.isNaN(t)) throw new InputError(`${flag}: not an RFC 3339 time: ${v}`);
  return t;
}

/**
 * An http(s) base URL flag. Credentials never go in it (a URL is printed in messages and kept in
 * files): `hint` names the flags that carry them instead.
 */
export function urlFlag(flag: string, v: string | undefined, hint: string): string | undefined {
  if (v === undefined) return undefined;
  if (!/^https?:\/\/[^\s]+$/.test(v)) throw new InputError(`${flag}: not an http(s) URL: ${v}`);
  if (/:\/\/[^/]*@/.test(v)) throw new InputError(`${flag}: credentials do not go in the URL; use ${hint}`);
  return v;
}

/** A duration flag as goldens write one (`1h`, `90s`, `1.5h`), in ms, at least `minMs`. */
export function durationFlag(flag: string, v: string, minMs: number): number {
  const ms = parseDuration(v);
  if (ms === undefined || ms < minMs)
    throw new InputError(`${flag}: not a duration of at least ${minMs / 1000}s: ${v}`);
  return ms;
}

/** A regular expression flag (JavaScript syntax, global). */
export function regexFlag(flag: string, v: string): RegExp {
  try {
    return new RegExp(v, 'g');
  } catch (e) {
    throw new InputError(`${flag}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/* `--header` (bench export otlp) */

/** RFC 9110 token characters: a header name has neither `:` nor `=`, so the first of them splits. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const headerOrdinal = (i: number): string => `--header #${i + 1}`;

/**
 * `--header` values, as `name=value` or as curl and the OTLP docs write them, `Name: value`. A
 * header usually carries a secret (an API key), so no message ever prints a value, nor a header
 * that could not be split into name and value (it may be the bare key): such a header is named by
 * its position among the --header flags.
 */
export function headersOf(list: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  list.forEach((h, i) => {
    const at = h.search(/[:=]/);
    const name = at > 0 ? h.slice(0, at).trim() : '';
    if (!HEADER_NAME.test(name))
      throw new InputError(
        `${headerOrdinal(i)}: give name=value or "Name: value" (its value is not printed)`,
      );
    const value = h.slice(at + 1).trim();
    if (!value) throw new InputError(`${headerOrdinal(i)} (${name}): the value is empty`);
    // fetch refuses a header value with a line break or another control character, deep inside a POST
    if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(value))
      throw new InputError(
        `${headerOrdinal(i)} (${name}): the value holds a control character (not printed)`,
      );
    out[name.toLowerCase()] = value;
  });
  return out;
}

/* The plan flags `bench run` and `bench plan` share */

export interface RawRunFlags {
  config?: string;
  golden?: string[];
  seat?: string[];
  gates?: string[];
  reps?: string;
  seed?: string;
  shard?: string;
  /** `--ablate` alone: true; `--ablate ledger loopDetector`: those gates. */
  ablate?: boolean | string[];
  /** `--effect A-B`, repeatable. */
  effect?: string[];
}

export function planOptions(f: RawRunFlags): PlanOptions & { config?: string } {
  const out: PlanOptions & { config?: string } = {};
  if (f.config) out.config = f.config;
  if (f.golden) out.goldens = listFlag(f.golden);
  if (f.seat) out.seats = listFlag(f.seat);
  if (f.gates) out.gates = listFlag(f.gates);
  if (f.reps !== undefined) out.reps = optionalIntFlag('--reps', f.reps, 1, LIMITS.repetitions);
  if (f.seed !== undefined) out.seed = optionalIntFlag('--seed', f.seed, 0, SEED_RANGE[1]);
  if (f.shard) out.shard = parseShard(f.shard);
  if (f.ablate === true) out.ablate = true;
  else if (f.ablate) {
    const gates = listFlag(f.ablate) ?? [];
    out.ablate = gates.length ? gates.map((g) => gateNamed(g, '--ablate')) : true;
  }
  if (f.effect?.length) out.effects = f.effect;
  return out;
}

/* The turn-cache flags (docs/providers.md#turn-cache) */

export interface CacheFlagValues {
  cache?: boolean;
  cacheOnly?: boolean;
  cacheDir?: string;
}

/**
 * The cache flags as the library takes them, with whether `env` says CI (the CLI's and a test
 * process's own environment: the library never guesses). `--cache` and `--no-cache` set one
 * commander value (the last wins), so given `argv`, the words on the command line are checked too:
 * contradicting flags exit 2 instead of one being silently dropped.
 */
export function cacheOptionsOf(
  f: CacheFlagValues,
  env: Readonly<Record<string, string | undefined>>,
  argv?: readonly string[],
): RunCacheOptions {
  if (argv)
    assertCacheFlags({
      cache: argv.includes('--cache'),
      noCache: argv.includes('--no-cache'),
      cacheOnly: f.cacheOnly === true,
    });
  return { cache: f.cache, cacheOnly: f.cacheOnly, cacheDir: f.cacheDir, ci: isCi(env) };
}

/* The flags `bench serve` and `bench mcp` share: what bounds a long-running server (docs/backend.md) */

export interface ServerFlags {
  queryLogSize?: number;
  queryLogMb?: number;
  engineCacheMb?: number;
  queryTimeout?: number;
  workers?: number;
}

/** Flags → the backend's ServerLimits. */
export function serverLimits(f: ServerFlags): {
  queryLogSize?: number;
  queryLogBytes?: number;
  cacheBytes?: number;
  queryTimeoutMs?: number;
  workers?: number;
} {
  return {
    ...(f.queryLogSize !== undefined ? { queryLogSize: f.queryLogSize } : {}),
    ...(f.queryLogMb !== undefined ? { queryLogBytes: f.queryLogMb * 2 ** 20 } : {}),
    ...(f.engineCacheMb !== undefined ? { cacheBytes: f.engineCacheMb * 2 ** 20 } : {}),
    ...(f.queryTimeout !== undefined ? { queryTimeoutMs: Math.round(f.queryTimeout * 1000) } : {}),
    ...(f.workers !== undefined ? { workers: f.workers } : {}),
  };
}

/** The turn cache's options from its flags (commands/turn-cache.ts resolves them into one mode). */
export interface RunCacheOptions extends CacheFlags {
  /** The caller says whether this is CI (the CLI reads CI=true); the library never guesses. */
  ci?: boolean;
  /** bench replay: the recorded run folder; every turn comes from its trials' turns.jsonl. */
  replayOf?: string;
  /** bench replay: the seats the recorded run skipped (no key then), skipped again with its reason. */
  replaySkipped?: { seat: string; reason: string }[];
}

/** CI=true (GitHub Actions, GitLab, most CIs) or CI=1. */
export function isCi(env: Record<string, string | undefined>): boolean {
  return env.CI === 'true' || env.CI === '1';
}

/** The cache flags as written: each names one mode, so two of them together are refused. */
export interface CacheFlagsSeen {
  cache?: boolean;
  noCache?: boolean;
  cacheOnly?: boolean;
}

/**
 * Two cache flags naming different modes (`--cache` read-write, `--no-cache` off, `--cache-only`
 * only) are bad input (exit 2), never one silently taken over the other.
 */
export function assertCacheFlags(seen: CacheFlagsSeen): void {
  const named = [
    ...(seen.cache ? ['--cache'] : []),
    ...(seen.noCache ? ['--no-cache'] : []),
    ...(seen.cacheOnly ? ['--cache-only'] : []),
  ];
  if (named.length > 1)
    throw new InputError(
      `${named.join(' and ')} contradict each other: give one of --cache (read and write), --no-cache (off) or --cache-only (replay only)`,
    );
}
