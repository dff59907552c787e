/** The turn-cache flags `bench run`, `bench trial` and `bench replay` share (docs/providers.md#turn-cache). */
import type { Command } from 'commander';
import { isCi, type RunCacheOptions } from '../../commands/turn-cache.js';

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

/** The flags as the library takes them; CI is read here, at the process boundary. */
export function cacheOptions(f: CacheFlagValues): RunCacheOptions {
  return { cache: f.cache, cacheOnly: f.cacheOnly, cacheDir: f.cacheDir, ci: isCi(process.env) };
}
