/**
 * The history database's schema as numbered migrations (docs/history.md, Schema). Each is SQL both
 * SQLite and PostgreSQL run, with two words left to the dialect: `{REAL}` (SQLite's REAL is a
 * double, PostgreSQL's a float4, so there DOUBLE PRECISION) and nothing else; booleans are INTEGER
 * 0/1 in both. The version reached is kept in `history_meta` (key `schema`); a store opens a
 * database by applying, in one transaction, every migration above that version. A migration is
 * never edited once released: a change is the next one, and test/history/ opens a database of
 * every earlier version.
 */

export interface Migration {
  version: number;
  /** Why this version exists. */
  why: string;
  statements: string[];
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    why: 'runs, their scorecard rows and their trials',
    statements: [
      'CREATE TABLE history_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)',
      `CREATE TABLE runs (
        id TEXT PRIMARY KEY,
        created_at TEXT NOT NULL,
        dir TEXT NOT NULL,
        commit_sha TEXT,
        dirty INTEGER,
        config_hash TEXT NOT NULL,
        goldens_hash TEXT NOT NULL,
        seats_hash TEXT NOT NULL,
        gate_sets_hash TEXT NOT NULL,
        inputs TEXT,
        gate_sets TEXT,
        seed {REAL} NOT NULL,
        repetitions INTEGER NOT NULL,
        clock TEXT NOT NULL,
        trials INTEGER NOT NULL,
        scored INTEGER NOT NULL,
        passed INTEGER NOT NULL,
        honesty_trials INTEGER NOT NULL,
        wall_ms {REAL},
        cost_usd {REAL} NOT NULL,
        incomplete INTEGER NOT NULL
      )`,
      'CREATE INDEX runs_by_time ON runs (created_at)',
      `CREATE TABLE run_rows (
        run_id TEXT NOT NULL,
        golden TEXT NOT NULL,
        seat TEXT NOT NULL,
        gate_set TEXT NOT NULL,
        kind TEXT NOT NULL,
        n INTEGER NOT NULL,
        unscored INTEGER NOT NULL,
        passes INTEGER NOT NULL,
        pass_rate {REAL} NOT NULL,
        pass_lo {REAL},
        pass_hi {REAL},
        correctness {REAL} NOT NULL,
        coverage_a {REAL} NOT NULL,
        coverage_b {REAL} NOT NULL,
        honesty_trials INTEGER NOT NULL,
        honesty_failures INTEGER NOT NULL,
        steers INTEGER NOT NULL,
        halts INTEGER NOT NULL,
        wall_p50 {REAL} NOT NULL,
        wall_p95 {REAL} NOT NULL,
        model_p50 {REAL} NOT NULL,
        tool_p50 {REAL} NOT NULL,
        queue_p50 {REAL} NOT NULL,
        tokens {REAL} NOT NULL,
        cost_usd {REAL} NOT NULL,
        PRIMARY KEY (run_id, golden, seat, gate_set)
      )`,
      'CREATE INDEX run_rows_by_cell ON run_rows (golden, seat, gate_set)',
      `CREATE TABLE trials (
        run_id TEXT NOT NULL,
        id TEXT NOT NULL,
        golden TEXT NOT NULL,
        seat TEXT NOT NULL,
        gate_set TEXT NOT NULL,
        rep INTEGER NOT NULL,
        seed {REAL} NOT NULL,
        dir TEXT NOT NULL,
        verdict TEXT NOT NULL,
        correctness {REAL} NOT NULL,
        coverage_a {REAL} NOT NULL,
        coverage_b {REAL} NOT NULL,
        root_cause INTEGER NOT NULL,
        honesty_rules TEXT NOT NULL,
        stop TEXT NOT NULL,
        turns INTEGER NOT NULL,
        tool_calls INTEGER NOT NULL,
        steers INTEGER NOT NULL,
        halts INTEGER NOT NULL,
        tokens {REAL} NOT NULL,
        cost_usd {REAL} NOT NULL,
        wall_ms {REAL} NOT NULL,
        model_ms {REAL} NOT NULL,
        tool_ms {REAL} NOT NULL,
        queue_ms {REAL} NOT NULL,
        PRIMARY KEY (run_id, id)
      )`,
    ],
  },
  {
    version: 2,
    why: 'where a run came from (run, merge, import), its branch and shard: shards stay out of trends, `--base last-on-main` finds a commit',
    statements: [
      "ALTER TABLE runs ADD COLUMN source TEXT NOT NULL DEFAULT 'run'",
      'ALTER TABLE runs ADD COLUMN branch TEXT',
      'ALTER TABLE runs ADD COLUMN shard TEXT',
      'CREATE INDEX runs_by_commit ON runs (commit_sha)',
    ],
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;

export type Dialect = 'sqlite' | 'postgres';

/** A migration's statements in a dialect. */
export function statementsOf(m: Migration, dialect: Dialect): string[] {
  const real = dialect === 'postgres' ? 'DOUBLE PRECISION' : 'REAL';
  return m.statements.map((s) => s.replaceAll('{REAL}', real));
}
