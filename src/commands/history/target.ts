/**
 * Which history a command writes to or reads: `--history PATH|postgres://…`, `--no-history`, or
 * the default file beside the config (`.rematch/history.db` in the config file's folder).
 */
import { dirname, join, resolve } from 'node:path';
import { HISTORY_FILE, isPostgresUrl } from '../../history/index.js';

export interface HistoryFlag {
  /** A file path or a `postgres://` URL; false: `--no-history`; absent: the default beside the config. */
  history?: string | false;
}

/** The target, or null for `--no-history`. A relative path is the working directory's. */
export function historyTarget(flag: HistoryFlag['history'], configFile: string): string | null {
  if (flag === false) return null;
  if (flag !== undefined && flag !== '') return isPostgresUrl(flag) ? flag : resolve(flag);
  return resolve(dirname(configFile), HISTORY_FILE);
}

/** The default target of the commands that take `-c/--config` only to find the history. */
export const configHistory = (flag: HistoryFlag['history'], config?: string): string | null =>
  historyTarget(flag, config ?? join(process.cwd(), 'bench.config.yaml'));
