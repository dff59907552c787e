/** The flags `bench serve` and `bench mcp` share: what bounds a long-running server (docs/backend.md). */
import type { Command } from 'commander';
import { InputError } from '../../errors.js';

export interface ServerFlags {
  queryLogSize?: number;
  queryTimeout?: number;
  workers?: number;
}

function count(flag: string, min: number) {
  return (v: string): number => {
    if (!/^\d+$/.test(v) || Number(v) < min)
      throw new InputError(`${flag} expects a whole number >= ${min}, got "${v}"`);
    return Number(v);
  };
}

export function addServerFlags(cmd: Command): Command {
  return cmd
    .option(
      '--query-log-size <n>',
      'query log entries kept in memory (default 5000)',
      count('--query-log-size', 1),
    )
    .option('--query-timeout <seconds>', 'evaluation timeout per query (default 30)', (v: string): number => {
      const n = Number(v);
      if (v.trim() === '' || !Number.isFinite(n) || n <= 0)
        throw new InputError(`--query-timeout expects a positive number of seconds, got "${v}"`);
      return n;
    })
    .option(
      '--workers <n>',
      'engine worker threads (default 2; 0: evaluate on the server thread)',
      count('--workers', 0),
    );
}

/** Flags → the backend's ServerLimits. */
export function serverLimits(f: ServerFlags): {
  queryLogSize?: number;
  queryTimeoutMs?: number;
  workers?: number;
} {
  return {
    ...(f.queryLogSize !== undefined ? { queryLogSize: f.queryLogSize } : {}),
    ...(f.queryTimeout !== undefined ? { queryTimeoutMs: Math.round(f.queryTimeout * 1000) } : {}),
    ...(f.workers !== undefined ? { workers: f.workers } : {}),
  };
}
