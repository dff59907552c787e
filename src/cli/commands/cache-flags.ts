/** The turn-cache flags `bench run`, `bench trial` and `bench replay` share (docs/providers.md#turn-cache). */
import type { Command } from 'commander';

/** Parsed by commands/flags.ts `cacheOptionsOf`, with the process's argv and CI. */
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
