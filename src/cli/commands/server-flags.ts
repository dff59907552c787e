/** The flags `bench serve` and `bench mcp` share: what bounds a long-running server (docs/backend.md; parsed by commands/flags.ts `serverLimits`). */
import type { Command } from 'commander';
import { countFlag, secondsFlag } from '../../commands/flags.js';

export function addServerFlags(cmd: Command): Command {
  return cmd
    .option(
      '--query-log-size <n>',
      'query log entries kept in memory (default 5000)',
      countFlag('--query-log-size', 1),
    )
    .option(
      '--query-log-mb <n>',
      'MiB the query log may hold, oldest entries out first (default 64)',
      countFlag('--query-log-mb', 1),
    )
    .option(
      '--engine-cache-mb <n>',
      'MiB of engine answers cached, keys included, oldest out first (default 256)',
      countFlag('--engine-cache-mb', 1),
    )
    .option(
      '--query-timeout <seconds>',
      'evaluation timeout per query (default 30)',
      secondsFlag('--query-timeout'),
    )
    .option(
      '--workers <n>',
      'engine worker threads (default 2; 0: evaluate on the server thread)',
      countFlag('--workers', 0),
    );
}
