/**
 * The history as the reports show it (terminal, `--json`, the viewer): each run with what changed
 * since the one before, and each golden × seat × gate set row as a series over runs, with the run
 * where a move began marked (scoring/trend.ts). Pure.
 */
import type { HistoryPoint, HistoryRun } from '../../formats/history.js';
import type { RowKind } from '../../formats/run/index.js';
import { type Rounded, type TrendMark, trendOf } from '../../scoring/index.js';
import { inputChanges } from './changes.js';

export interface RunLine {
  run: HistoryRun;
  /** Changes since the run before it (older), as inputChanges says. */
  changed: string[] | 'first' | 'unknown';
  /** Passed / scored trials of the configured seats (null: none scored). */
  passRate: number | null;
  /** The configured seats' rows (`golden/seat/gateSet`) whose regression began in this run. */
  regressions: string[];
}

/**
 * Runs newest first, each with its changes against the next older one and the rows whose
 * regression began in it (from `series`, the rows over every run of the history).
 */
export function runLines(newestFirst: readonly HistoryRun[], series: readonly Series[] = []): RunLine[] {
  const began = new Map<string, string[]>();
  for (const s of series)
    if (s.kind === 'seat')
      for (const id of s.regressions)
        began.set(id, [...(began.get(id) ?? []), `${s.golden}/${s.seat}/${s.gateSet}`]);
  return newestFirst.map((run, i) => ({
    run,
    changed: inputChanges(newestFirst[i + 1], run),
    passRate: run.scored ? run.passed / run.scored : null,
    regressions: began.get(run.id) ?? [],
  }));
}

export interface SeriesPoint {
  runId: string;
  createdAt: string;
  commit: string | null;
  dirty: boolean | null;
  dir: string;
  n: number;
  passes: number;
  passRate: number;
  ci95: Rounded | null;
  /** Share of the row's trials with an honesty failure. */
  honestyShare: number;
  correctness: number;
  wallP50: number;
  wallP95: number;
  /** Mean cost per trial, USD. */
  costUsd: number;
  mark?: TrendMark;
}

export interface Series {
  /** The row's kind: a configured seat's, a null baseline's, the ceiling's. */
  kind: RowKind;
  golden: string;
  seat: string;
  gateSet: string;
  /** Oldest first. */
  points: SeriesPoint[];
  /** The runs where a regression began (its first run), oldest first. */
  regressions: string[];
}

/** Points (oldest first, any rows) as one series per row, in the order rows first appear. */
export function seriesOf(points: readonly HistoryPoint[]): Series[] {
  const groups = new Map<string, HistoryPoint[]>();
  for (const p of points) {
    const k = `${p.row.golden}\0${p.row.seat}\0${p.row.gateSet}`;
    groups.set(k, [...(groups.get(k) ?? []), p]);
  }
  return [...groups.values()].map((ps) => {
    const trend = trendOf(ps.map((p) => ({ passes: p.row.passes, n: p.row.n })));
    const out: SeriesPoint[] = ps.map(({ run, row }, i) => ({
      runId: run.id,
      createdAt: run.createdAt,
      commit: run.commit,
      dirty: run.dirty,
      dir: run.dir,
      n: row.n,
      passes: row.passes,
      passRate: row.passRate,
      ci95: trend[i].ci95,
      honestyShare: row.n ? row.honestyTrials / row.n : 0,
      correctness: row.correctness,
      wallP50: row.wallP50,
      wallP95: row.wallP95,
      costUsd: row.costUsd,
      ...(trend[i].mark ? { mark: trend[i].mark } : {}),
    }));
    const { golden, seat, gateSet, kind } = ps[0].row;
    return {
      kind,
      golden,
      seat,
      gateSet,
      points: out,
      regressions: out.filter((p) => p.mark === 'regressed').map((p) => p.runId),
    };
  });
}
