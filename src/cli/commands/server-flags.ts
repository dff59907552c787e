/** The flags `bench serve` and `bench mcp` share: what bounds a long-running server (docs/backend.md). */
import type { Command } from 'commander';
import { countFlag, secondsFlag } from '../../commands/flags.js';

export interface ServerFlags {
  queryLogSize?: number;
  queryLogMb?: number;
  engineCacheMb?: number;
  queryTimeout?: number;
  workers?: number;
}

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
