/**
 * The history store, written once over a Driver (SQLite or PostgreSQL): opening migrates the
 * database to this bench's schema, a recording replaces in one transaction what was kept of that
 * run (so importing a folder twice leaves the history as once), and the reads the commands need.
 */
import { InputError } from '../errors.js';
import type { HistoryPoint, HistoryRecord, HistoryRun, HistoryTrial } from '../formats/history.js';
import {
  insertManyOf,
  insertOf,
  RECORD_TABLES,
  ROW_COLUMNS,
  RUN_COLUMNS,
  recordOf,
  selectOf,
  TRIAL_COLUMNS,
} from './columns.js';
import type { Driver } from './driver.js';
import { MIGRATIONS, SCHEMA_VERSION, statementsOf } from './schema.js';

export interface RunQuery {
  /** Newest first, at most this many (default: all). */
  limit?: number;
  /** Shards too (default: left out; their merge is the run). */
  shards?: boolean;
}

export interface PointQuery {
  golden?: string;
  seat?: string;
  gateSet?: string;
  shards?: boolean;
}

export interface HistoryStore {
  /** Where the history is, for people (a URL's password masked). */
  readonly where: string;
  schemaVersion(): Promise<number>;
  /** Write one run; `replaced` when the history held that run id already. */
  record(r: HistoryRecord): Promise<'added' | 'replaced'>;
  /** Runs, newest first. */
  runs(q?: RunQuery): Promise<HistoryRun[]>;
  /** A run by id, or by a prefix of one id (two runs sharing it is bad input). */
  run(ref: string): Promise<HistoryRun | undefined>;
  /** The scorecard rows that match, oldest run first, with their runs. */
  points(q: PointQuery): Promise<HistoryPoint[]>;
  trials(runId: string): Promise<HistoryTrial[]>;
  close(): Promise<void>;
}

async function versionOf(db: Driver): Promise<number> {
  if (!(await db.hasTable('history_meta'))) return 0;
  const rows = await db.all("SELECT value FROM history_meta WHERE key = 'schema'");
  return rows.length ? Number(rows[0].value) : 0;
}

/**
 * Apply every migration above the database's version (up to `upTo`: the tests build a database
 * of each earlier version with it). A database of a newer bench is refused, never downgraded.
 */
export async function migrate(db: Driver, upTo = SCHEMA_VERSION): Promise<number> {
  return db.transaction(async () => {
    const from = await versionOf(db);
    if (from > SCHEMA_VERSION)
      throw new InputError(
        `${db.where}: history schema ${from} is newer than this bench's (${SCHEMA_VERSION}); upgrade rematch to use it`,
      );
    for (const m of MIGRATIONS.filter((m) => m.version > from && m.version <= upTo))
      for (const s of statementsOf(m, db.dialect)) await db.run(s);
    if (upTo > from) {
      await db.run("DELETE FROM history_meta WHERE key = 'schema'");
      await db.run("INSERT INTO history_meta (key, value) VALUES ('schema', ?)", [String(upTo)]);
    }
    return Math.max(from, upTo);
  });
}

const NOT_SHARD = 'r.shard IS NULL';

export function storeOver(db: Driver): HistoryStore {
  return {
    where: db.where,
    schemaVersion: () => versionOf(db),
    record: (r) =>
      db.transaction(async () => {
        const had = (await db.all('SELECT id FROM runs WHERE id = ?', [r.run.id])).length > 0;
        for (const table of RECORD_TABLES)
          await db.run(`DELETE FROM ${table.name} WHERE ${table.key} = ?`, [r.run.id]);
        const writes = [
          insertOf('runs', RUN_COLUMNS, r.run),
          ...insertManyOf('run_rows', ROW_COLUMNS, r.rows),
          ...insertManyOf('trials', TRIAL_COLUMNS, r.trials),
        ];
        for (const w of writes) await db.run(w.sql, w.params);
        return had ? 'replaced' : 'added';
      }),
    async runs(q = {}) {
      const where = q.shards ? '' : `WHERE ${NOT_SHARD}`;
      const limit = q.limit ? ` LIMIT ${Math.floor(q.limit)}` : '';
      const rows = await db.all(
        `SELECT * FROM runs r ${where} ORDER BY r.created_at DESC, r.id DESC${limit}`,
      );
      return rows.map((row) => recordOf(RUN_COLUMNS, row));
    },
    async run(ref) {
      const exact = await db.all('SELECT * FROM runs WHERE id = ?', [ref]);
      if (exact.length) return recordOf(RUN_COLUMNS, exact[0]);
      const like = ref.replace(/[\\%_]/g, (c) => `\\${c}`);
      const rows = await db.all("SELECT * FROM runs WHERE id LIKE ? ESCAPE '\\' ORDER BY id", [`${like}%`]);
      if (rows.length > 1)
        throw new InputError(
          `run ${ref}: ${rows.length} runs of the history start so (${rows
            .slice(0, 3)
            .map((r) => r.id)
            .join(', ')}${rows.length > 3 ? ' ...' : ''}); give more of the id`,
        );
      return rows.length ? recordOf(RUN_COLUMNS, rows[0]) : undefined;
    },
    async points(q) {
      const where: string[] = q.shards ? [] : [NOT_SHARD];
      const params: string[] = [];
      for (const [col, v] of [
        ['golden', q.golden],
        ['seat', q.seat],
        ['gate_set', q.gateSet],
      ] as const)
        if (v !== undefined) {
          where.push(`w.${col} = ?`);
          params.push(v);
        }
      const rows = await db.all(
        `SELECT ${selectOf(RUN_COLUMNS, 'r', 'r_')}, ${selectOf(ROW_COLUMNS, 'w', 'w_')}
         FROM run_rows w JOIN runs r ON r.id = w.run_id
         ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY r.created_at, r.id, w.golden, w.seat, w.gate_set`,
        params,
      );
      return rows.map((row) => ({
        run: recordOf(RUN_COLUMNS, row, 'r_'),
        row: recordOf(ROW_COLUMNS, row, 'w_'),
      }));
    },
    async trials(runId) {
      const rows = await db.all('SELECT * FROM trials WHERE run_id = ? ORDER BY id', [runId]);
      return rows.map((row) => recordOf(TRIAL_COLUMNS, row));
    },
    close: () => db.close(),
  };
}
