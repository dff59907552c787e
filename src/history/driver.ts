/**
 * What the history store needs of a database: SQL with `?` placeholders in, rows as plain objects
 * out, a transaction. sqlite.ts (better-sqlite3) and postgres.ts (pg) implement it; store.ts is
 * written once against it, so both backends run the same statements and the same test suite.
 */
import type { Dialect } from './schema.js';

export type Param = string | number | null;
export type DbRow = Record<string, unknown>;

export interface Driver {
  readonly dialect: Dialect;
  /** Where it is, for people: a file path, or a URL with its password masked. */
  readonly where: string;
  all(sql: string, params?: Param[]): Promise<DbRow[]>;
  run(sql: string, params?: Param[]): Promise<void>;
  hasTable(name: string): Promise<boolean>;
  /**
   * `fn` in one transaction: committed when it resolves, rolled back when it throws. Writers wait
   * for each other from its start (SQLite's write lock, PostgreSQL's advisory lock), so two CI jobs
   * opening a fresh database never both create its tables.
   */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
