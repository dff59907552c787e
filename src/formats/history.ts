/**
 * The run history's records (docs/history.md): what the history store keeps of a finished run,
 * one `HistoryRun`, one `HistoryRow` per scorecard row and one `HistoryTrial` per trial. These are
 * the store's rows as values: history/ writes and reads them (SQLite or PostgreSQL), scoring/trend.ts
 * reads a row over runs, reporters render them, and `bench history --json` prints them.
 */
import type { InputHashes, RecordedGateSet, RowKind } from './run/index.js';

/** How a run came into the history: its own `bench run`, a `bench merge`, `bench history import`. */
export const HISTORY_SOURCES = ['run', 'merge', 'import'] as const;
export type HistorySource = (typeof HISTORY_SOURCES)[number];

export interface HistoryRun {
  /** run.json's runId: the key; recording a run again replaces what was kept of it. */
  id: string;
  /** run.json's createdAt (ISO): the order of the history. */
  createdAt: string;
  /** The run folder as recorded (absolute); its report and traces, while it exists. */
  dir: string;
  source: HistorySource;
  /** The git commit and branch of the working tree the config sits in, and whether it had changes (null: not a git checkout). */
  commit: string | null;
  branch: string | null;
  dirty: boolean | null;
  /** `i/n` for a shard of a sharded run (left out of lists and trends: its merge is the run). */
  shard: string | null;
  /** sha256 over each part of run.json's input hashes: two runs of the same inputs have the same four. */
  configHash: string;
  goldensHash: string;
  seatsHash: string;
  gateSetsHash: string;
  /** run.json's input hashes and gate sets (null: a folder from before they were recorded). */
  inputs: InputHashes | null;
  gateSets: Record<string, RecordedGateSet> | null;
  seed: number;
  repetitions: number;
  clock: string;
  /** Trials of the configured seats: recorded, scored, passed, with an honesty failure. */
  trials: number;
  scored: number;
  passed: number;
  honestyTrials: number;
  /** Real ms the run took (null: unknown), and its summed cost in USD. */
  wallMs: number | null;
  costUsd: number;
  /** The folder's journal held fewer trials than its plan. */
  incomplete: boolean;
}

/** One golden × seat × gate set row of a run's scorecard. */
export interface HistoryRow {
  runId: string;
  golden: string;
  seat: string;
  gateSet: string;
  kind: RowKind;
  n: number;
  unscored: number;
  passes: number;
  passRate: number;
  passLo: number | null;
  passHi: number | null;
  correctness: number;
  coverageA: number;
  coverageB: number;
  honestyTrials: number;
  honestyFailures: number;
  steers: number;
  halts: number;
  wallP50: number;
  wallP95: number;
  modelP50: number;
  toolP50: number;
  queueP50: number;
  tokens: number;
  costUsd: number;
}

/** One trial of a run. */
export interface HistoryTrial {
  runId: string;
  id: string;
  golden: string;
  seat: string;
  gateSet: string;
  rep: number;
  seed: number;
  /** The trial's folder relative to the run folder. */
  dir: string;
  verdict: string;
  correctness: number;
  coverageA: number;
  coverageB: number;
  rootCause: boolean;
  /** The honesty rules that fired, by kind, in the score's order (repeats kept). */
  honestyRules: string[];
  stop: string;
  turns: number;
  toolCalls: number;
  steers: number;
  halts: number;
  tokens: number;
  costUsd: number;
  wallMs: number;
  modelMs: number;
  toolMs: number;
  queueMs: number;
}

/** What one recording writes, in one transaction. */
export interface HistoryRecord {
  run: HistoryRun;
  rows: HistoryRow[];
  trials: HistoryTrial[];
}

/** A row of one run, with the run it belongs to: one point of a trend. */
export interface HistoryPoint {
  run: HistoryRun;
  row: HistoryRow;
}
