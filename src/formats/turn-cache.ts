/**
 * The turn cache (docs/providers.md#turn-cache): its settings (the config's `cache:` block, the
 * run's flags, and how the two and CI decide one mode) and the turn it stores (`rematch.turn/1`).
 * Real-provider seats only: sims are seeded and virtual, so caching them would save nothing.
 */
import { join } from 'node:path';
import { z } from 'zod';

/** `auto`: read-write when the environment says CI (CI=true or 1), off otherwise. */
export const CACHE_MODES = ['auto', 'read-write', 'off', 'only'] as const;
export type CacheMode = (typeof CACHE_MODES)[number];

export const CacheConfig = z
  .object({
    mode: z.enum(CACHE_MODES).default('auto'),
    /** The cache folder (default: <outDir>/.cache/turns). */
    dir: z.string().optional(),
  })
  .strict();
export type CacheConfig = z.infer<typeof CacheConfig>;

/**
 * Told of each cache entry that fails its check when read (corrupt JSON, another shape, another
 * format id): the file (`<file>:<line>` in a trial's turns.jsonl) and what is wrong. The entry is
 * a miss either way; the run warns once per file, and under cache-only ends with exit 2.
 */
export type BadEntrySink = (file: string, problem: string) => void;

/** What a trial's real seat is given: a mode that is on, its folder, and the turns to replay. */
export interface TurnCacheSettings {
  /** `read-write`: a hit is replayed, a miss asks the provider and is stored; `only`: a miss fails the trial. */
  mode: 'read-write' | 'only';
  /** The shared cache folder; absent when only `recorded` turns are replayed (bench replay). */
  dir?: string;
  /** `bench replay`: the recorded run's turns of this trial (its turns.jsonl), looked up first. */
  recorded?: string;
  /** Where a bad entry is told (absent: it is a silent miss). */
  onBadEntry?: BadEntrySink;
}

/** The judge's share of the run's cache: its answers sit beside the seats' turns (providers/ai/judge-cache.ts). */
export interface JudgeCacheSettings {
  mode: 'read-write' | 'only';
  dir: string;
  onBadEntry?: BadEntrySink;
}

/** The run's flags: `--cache` true, `--no-cache` false, `--cache-only`, `--cache-dir`. */
export interface CacheFlags {
  cache?: boolean;
  cacheOnly?: boolean;
  cacheDir?: string;
}

export const DEFAULT_CACHE_SUBDIR = join('.cache', 'turns');

/** Flags over config over CI: the mode a run's real seats get (undefined: no cache). */
export function resolveTurnCache(
  flags: CacheFlags,
  config: { cache?: CacheConfig; outDir: string },
  ci: boolean,
): { mode: 'read-write' | 'only'; dir: string } | undefined {
  const dir = flags.cacheDir ?? config.cache?.dir ?? join(config.outDir, DEFAULT_CACHE_SUBDIR);
  const mode = flags.cacheOnly
    ? 'only'
    : flags.cache === true
      ? 'read-write'
      : flags.cache === false
        ? 'off'
        : (config.cache?.mode ?? 'auto');
  const on = mode === 'auto' ? (ci ? 'read-write' : 'off') : mode;
  return on === 'off' ? undefined : { mode: on, dir };
}

export const TURN_FORMAT = 'rematch.turn/1';

/** A model's tool call as stored (protocol/model.ts `ToolCall`): `args` as the model wrote them. */
const StoredToolCall = z
  .object({
    id: z.string(),
    name: z.string(),
    args: z.unknown(),
    argsError: z.string().optional(),
  })
  .strict();
const Tokens = z.number().nonnegative();

/**
 * A turn as stored, one `<key>.json` in the cache folder or one line of a trial's `turns.jsonl`
 * (providers/ai/cache-store.ts): the result minus what a replay cannot reproduce (attempts, live
 * latency, waits). Its fields are protocol/model.ts's `TurnResult`'s.
 */
export const StoredTurn = z
  .object({
    format: z.literal(TURN_FORMAT),
    key: z.string(),
    /** `provider/model`, for people browsing the folder. */
    model: z.string(),
    /** The provider's latency when the turn was recorded. */
    latencyMs: z.number().nonnegative(),
    result: z
      .object({
        text: z.string(),
        toolCalls: z.array(StoredToolCall),
        usage: z
          .object({ input: Tokens, output: Tokens, reasoning: Tokens, raw: z.unknown().optional() })
          .strict(),
        providerState: z.unknown().optional(),
      })
      .strict(),
  })
  .strict();
export type StoredTurn = z.infer<typeof StoredTurn>;

/** A turn the provider failed (recorded per trial only: a failure is not worth sharing). */
export const FailedTurn = z
  .object({
    format: z.literal(TURN_FORMAT),
    key: z.string(),
    error: z.object({ message: z.string(), status: z.number().int().optional() }).strict(),
  })
  .strict();
export type FailedTurn = z.infer<typeof FailedTurn>;

export const RecordedTurn = z.union([StoredTurn, FailedTurn]);
export type RecordedTurn = z.infer<typeof RecordedTurn>;
