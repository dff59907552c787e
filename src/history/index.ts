/**
 * The run history (docs/history.md): a store of finished runs behind one interface, a local SQLite
 * file or a team's PostgreSQL database, picked by the target's form. Opening migrates the database
 * to this bench's schema.
 */
import { existsSync } from 'node:fs';
import { InputError } from '../errors.js';
import type { Driver } from './driver.js';
import { openPostgres } from './postgres.js';
import { openSqlite } from './sqlite.js';
import { type HistoryStore, migrate, storeOver } from './store.js';

export { firstParents, type GitState, gitState, parseGitStatus } from './git.js';
export { maskUrl } from './postgres.js';
export { historyRecord, type RecordInput } from './record.js';
export { MIGRATIONS, type Migration, SCHEMA_VERSION } from './schema.js';
export type { HistoryStore, PointQuery, RunQuery } from './store.js';

/** The default history file, beside the config: `<config's folder>/.rematch/history.db`. */
export const HISTORY_FILE = '.rematch/history.db';

export const isPostgresUrl = (target: string): boolean => /^postgres(ql)?:\/\//i.test(target);

/** The database at `target`, unmigrated (the tests build each earlier schema on it). */
export async function openDriver(target: string): Promise<Driver> {
  try {
    return isPostgresUrl(target) ? await openPostgres(target) : openSqlite(target);
  } catch (e) {
    if (e instanceof InputError) throw e;
    const where = isPostgresUrl(target) ? (await import('./postgres.js')).maskUrl(target) : target;
    throw new InputError(`--history ${where}: cannot open the history: ${(e as Error).message}`);
  }
}

/** Whether `target` names a history that is there: a URL is asked when opened, a file must exist. */
export const historyExists = (target: string): boolean => isPostgresUrl(target) || existsSync(target);

/**
 * The history at `target` (a file path, or a `postgres://` URL), migrated to this bench's schema.
 * `create: false` (the readers: compare, view, `last-on-<ref>`): a file that is not there is bad
 * input, never created by reading.
 */
export async function openHistory(target: string, opts: { create?: boolean } = {}): Promise<HistoryStore> {
  if (opts.create === false && !historyExists(target))
    throw new InputError(`no run history at ${target} (bench run records one; --history names another)`);
  const db = await openDriver(target);
  try {
    await migrate(db);
  } catch (e) {
    await db.close();
    if (e instanceof InputError) throw e;
    throw new InputError(`--history ${db.where}: cannot migrate the history: ${(e as Error).message}`);
  }
  return storeOver(db);
}

/** For the migration tests: a database brought to `version` only. */
export async function migrateTo(db: Driver, version: number): Promise<number> {
  return migrate(db, version);
}

export type { Driver };
export { storeOver };
