/**
 * The team history: the same tables in PostgreSQL (pg), so every CI job of a team writes to one
 * database. One client per store; a transaction holds an advisory lock, so concurrent jobs
 * migrating a fresh database, or recording, take turns. The URL's password is never shown: `where`
 * masks it, and it is registered as a secret so no error message carries it either.
 */
import { createRequire } from 'node:module';
import type pg from 'pg';
import { registerSecretValues } from '../errors.js';
import type { DbRow, Driver, Param } from './driver.js';

/** Any fixed number: the key of the advisory lock every rematch writer takes. */
const LOCK_KEY = 7_242_028;

/** `?` placeholders as PostgreSQL's `$1, $2 ...` (no statement here has a `?` inside a string). */
const numbered = (sql: string): string => {
  let i = 0;
  return sql.replace(/\?/g, () => `$${++i}`);
};

export function maskUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://(unreadable URL)';
  }
}

export async function openPostgres(url: string): Promise<Driver> {
  try {
    const password = new URL(url).password;
    if (password) registerSecretValues([password, decodeURIComponent(password)]);
  } catch {
    // an unparseable URL is refused by pg below, with its own words
  }
  const { Client } = createRequire(import.meta.url)('pg') as typeof pg;
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  // a connection lost while idle is an 'error' event, which unhandled would end the process: the
  // next query fails with its own error instead
  client.on('error', () => undefined);
  await client.connect();
  const all = async (sql: string, params: Param[] = []) =>
    (await client.query(numbered(sql), params)).rows as DbRow[];
  return {
    dialect: 'postgres',
    where: maskUrl(url),
    all,
    run: async (sql: string, params: Param[] = []) => {
      await client.query(numbered(sql), params);
    },
    hasTable: async (name: string) =>
      (
        await all(
          'SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ?',
          [name],
        )
      ).length > 0,
    async transaction<T>(fn: () => Promise<T>): Promise<T> {
      await client.query('BEGIN');
      try {
        await client.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
        const out = await fn();
        await client.query('COMMIT');
        return out;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      }
    },
    close: () => client.end(),
  };
}
