/**
 * Each record field and its column: the one table store.ts writes and reads rows by, so a field and
 * its column are named once. Kinds say how a value crosses: `bool` as 0/1, `json` and `list` as
 * text, `num?`/`text?` nullable.
 */
import type { HistoryRow, HistoryRun, HistoryTrial } from '../formats/history.js';
import type { DbRow, Param } from './driver.js';

type Kind = 'num' | 'num?' | 'text' | 'text?' | 'bool' | 'bool?' | 'json' | 'list';
type Columns<T> = readonly (readonly [keyof T & string, string, Kind])[];

export const RUN_COLUMNS: Columns<HistoryRun> = [
  ['id', 'id', 'text'],
  ['createdAt', 'created_at', 'text'],
  ['dir', 'dir', 'text'],
  ['source', 'source', 'text'],
  ['commit', 'commit_sha', 'text?'],
  ['branch', 'branch', 'text?'],
  ['dirty', 'dirty', 'bool?'],
  ['shard', 'shard', 'text?'],
  ['configHash', 'config_hash', 'text'],
  ['goldensHash', 'goldens_hash', 'text'],
  ['seatsHash', 'seats_hash', 'text'],
  ['gateSetsHash', 'gate_sets_hash', 'text'],
  ['inputs', 'inputs', 'json'],
  ['gateSets', 'gate_sets', 'json'],
  ['seed', 'seed', 'num'],
  ['repetitions', 'repetitions', 'num'],
  ['clock', 'clock', 'text'],
  ['trials', 'trials', 'num'],
  ['scored', 'scored', 'num'],
  ['passed', 'passed', 'num'],
  ['honestyTrials', 'honesty_trials', 'num'],
  ['wallMs', 'wall_ms', 'num?'],
  ['costUsd', 'cost_usd', 'num'],
  ['incomplete', 'incomplete', 'bool'],
];

export const ROW_COLUMNS: Columns<HistoryRow> = [
  ['runId', 'run_id', 'text'],
  ['golden', 'golden', 'text'],
  ['seat', 'seat', 'text'],
  ['gateSet', 'gate_set', 'text'],
  ['kind', 'kind', 'text'],
  ['n', 'n', 'num'],
  ['unscored', 'unscored', 'num'],
  ['passes', 'passes', 'num'],
  ['passRate', 'pass_rate', 'num'],
  ['passLo', 'pass_lo', 'num?'],
  ['passHi', 'pass_hi', 'num?'],
  ['correctness', 'correctness', 'num'],
  ['coverageA', 'coverage_a', 'num'],
  ['coverageB', 'coverage_b', 'num'],
  ['honestyTrials', 'honesty_trials', 'num'],
  ['honestyFailures', 'honesty_failures', 'num'],
  ['steers', 'steers', 'num'],
  ['halts', 'halts', 'num'],
  ['wallP50', 'wall_p50', 'num'],
  ['wallP95', 'wall_p95', 'num'],
  ['modelP50', 'model_p50', 'num'],
  ['toolP50', 'tool_p50', 'num'],
  ['queueP50', 'queue_p50', 'num'],
  ['tokens', 'tokens', 'num'],
  ['costUsd', 'cost_usd', 'num'],
];

export const TRIAL_COLUMNS: Columns<HistoryTrial> = [
  ['runId', 'run_id', 'text'],
  ['id', 'id', 'text'],
  ['golden', 'golden', 'text'],
  ['seat', 'seat', 'text'],
  ['gateSet', 'gate_set', 'text'],
  ['rep', 'rep', 'num'],
  ['seed', 'seed', 'num'],
  ['dir', 'dir', 'text'],
  ['verdict', 'verdict', 'text'],
  ['correctness', 'correctness', 'num'],
  ['coverageA', 'coverage_a', 'num'],
  ['coverageB', 'coverage_b', 'num'],
  ['rootCause', 'root_cause', 'bool'],
  ['honestyRules', 'honesty_rules', 'list'],
  ['stop', 'stop', 'text'],
  ['turns', 'turns', 'num'],
  ['toolCalls', 'tool_calls', 'num'],
  ['steers', 'steers', 'num'],
  ['halts', 'halts', 'num'],
  ['tokens', 'tokens', 'num'],
  ['costUsd', 'cost_usd', 'num'],
  ['wallMs', 'wall_ms', 'num'],
  ['modelMs', 'model_ms', 'num'],
  ['toolMs', 'tool_ms', 'num'],
  ['queueMs', 'queue_ms', 'num'],
];

function toParam(v: unknown, kind: Kind): Param {
  if (v === null || v === undefined) return null;
  switch (kind) {
    case 'bool':
    case 'bool?':
      return v ? 1 : 0;
    case 'json':
      return JSON.stringify(v);
    case 'list':
      return (v as string[]).join(',');
    default:
      return v as Param;
  }
}

function fromColumn(v: unknown, kind: Kind): unknown {
  if (v === null || v === undefined) return kind === 'list' ? [] : null;
  switch (kind) {
    case 'bool':
    case 'bool?':
      return Number(v) !== 0;
    case 'json':
      return JSON.parse(String(v));
    case 'list':
      return String(v) ? String(v).split(',') : [];
    case 'num':
    case 'num?':
      return Number(v);
    default:
      return String(v);
  }
}

/** `INSERT INTO table (cols) VALUES (?, ...)` and the values of one record in that order. */
export function insertOf<T>(table: string, cols: Columns<T>, value: T): { sql: string; params: Param[] } {
  const names = cols.map((c) => c[1]);
  return {
    sql: `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
    params: cols.map(([field, , kind]) => toParam(value[field], kind)),
  };
}

/**
 * The same for many records: one INSERT per `chunk` of them (a statement per trial made a default
 * run's recording three times slower), each under both dialects' parameter limits.
 */
export function insertManyOf<T>(
  table: string,
  cols: Columns<T>,
  values: readonly T[],
  chunk = 100,
): { sql: string; params: Param[] }[] {
  const names = cols.map((c) => c[1]);
  const tuple = `(${names.map(() => '?').join(', ')})`;
  const out: { sql: string; params: Param[] }[] = [];
  for (let i = 0; i < values.length; i += chunk) {
    const part = values.slice(i, i + chunk);
    out.push({
      sql: `INSERT INTO ${table} (${names.join(', ')}) VALUES ${part.map(() => tuple).join(', ')}`,
      params: part.flatMap((v) => cols.map(([field, , kind]) => toParam(v[field], kind))),
    });
  }
  return out;
}

/** A row read back as its record. */
export function recordOf<T>(cols: Columns<T>, row: DbRow, prefix = ''): T {
  return Object.fromEntries(
    cols.map(([field, col, kind]) => [field, fromColumn(row[prefix + col], kind)]),
  ) as T;
}

/** `t.col AS <prefix>col, ...` for a join that reads two tables' columns of the same names. */
export const selectOf = <T>(cols: Columns<T>, alias: string, prefix: string): string =>
  cols.map((c) => `${alias}.${c[1]} AS ${prefix}${c[1]}`).join(', ');

/** The tables one run's record spans, each with its run-id column: what a re-recording clears first. */
export const RECORD_TABLES = [
  { name: 'trials', key: 'run_id' },
  { name: 'run_rows', key: 'run_id' },
  { name: 'runs', key: 'id' },
] as const;
