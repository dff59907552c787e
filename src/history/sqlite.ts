/**
 * The local history: one SQLite file (better-sqlite3, synchronous; wrapped in promises for the
 * Driver contract). WAL, so `bench history` reads while a run writes, and a busy timeout, so two
 * runs finishing at once take turns instead of failing.
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import type { DbRow, Driver, Param } from './driver.js';

const BUSY_MS = 10_000;

/**
 * One queue of transactions per database file in this process. better-sqlite3 waits for a lock
 * by blocking the thread, so a second connection of the same process waiting on the first (whose
 * transaction is between two awaits) would wait out its timeout and fail: within a process
 * writers queue here, across processes on SQLite's busy timeout.
 */
const queues = new Map<string, Promise<unknown>>();

function queued<T>(file: string, fn: () => Promise<T>): Promise<T> {
  const before = queues.get(file) ?? Promise.resolve();
  const mine = before.then(fn, fn);
  const tail = mine.catch(() => undefined);
  queues.set(file, tail);
  void tail.then(() => {
    if (queues.get(file) === tail) queues.delete(file);
  });
  return mine;
}

export function openSqlite(file: string): Driver {
  // loaded here, not at the top: only a command that touches the history pays for the native module
  const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, { timeout: BUSY_MS });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // a recording runs the same INSERT per trial: each statement is prepared once
  const prepared = new Map<string, BetterSqlite3.Statement>();
  const stmt = (sql: string) => {
    let st = prepared.get(sql);
    if (!st) {
      st = db.prepare(sql);
      prepared.set(sql, st);
    }
    return st;
  };
  const key = file === ':memory:' ? `:memory:${Math.random()}` : resolve(file);
  return {
    dialect: 'sqlite',
    where: file,
    all: async (sql: string, params: Param[] = []) => stmt(sql).all(...params) as DbRow[],
    run: async (sql: string, params: Param[] = []) => {
      stmt(sql).run(...params);
    },
    hasTable: async (name: string) =>
      stmt("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined,
    transaction<T>(fn: () => Promise<T>): Promise<T> {
      return queued(key, async () => {
        // IMMEDIATE takes the write lock at BEGIN: writers of two processes queue on the busy timeout
        db.exec('BEGIN IMMEDIATE');
        try {
          const out = await fn();
          db.exec('COMMIT');
          return out;
        } catch (e) {
          if (db.inTransaction) db.exec('ROLLBACK');
          throw e;
        }
      });
    },
    close: async () => {
      db.close();
    },
  };
}
