/** The turn-cache flags `bench run`, `bench trial` and `bench replay` share (docs/providers.md#turn-cache). */
import type { Command } from 'commander';
import { assertCacheFlags, isCi, type RunCacheOptions } from '../../commands/turn-cache.js';

export interface CacheFlagValues {
  cache?: boolean;
  cacheOnly?: boolean;
  cacheDir?: string;
}

export function addCacheFlags(cmd: Command): Command {
  return cmd
    .option('--cache', "real seats' turns: replay from the turn cache, store what it lacks (default in CI)")
    .option('--no-cache', 'real seats ask the provider every turn (default outside CI)')
    .option('--cache-only', 'replay every turn from the cache; a missing turn fails its trial (unscored)')
    .option(
      '--cache-dir <dir>',
      'the turn cache folder (default: config cache.dir, else <outDir>/.cache/turns)',
    );
}

/**
 * The flags as the library takes them; CI is read here, at the process boundary. `--cache` and
 * `--no-cache` set one commander value (the last wins), so the words on the command line are
 * checked too: contradicting flags exit 2 instead of one being silently dropped.
 */
export function cacheOptions(f: CacheFlagValues, argv: readonly string[] = process.argv): RunCacheOptions {
  assertCacheFlags({
    cache: argv.includes('--cache'),
    noCache: argv.includes('--no-cache'),
    cacheOnly: f.cacheOnly === true,
  });
  return { cache: f.cache, cacheOnly: f.cacheOnly, cacheDir: f.cacheDir, ci: isCi(process.env) };
}
