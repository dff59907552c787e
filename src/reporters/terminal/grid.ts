/**
 * The seat × gate-set grid of one golden: what a reader looks at first after the summary line.
 * A cell is the pass count over scored trials, the mean correctness, and a flag when trials had an
 * honesty failure; the ceiling and the null baselines of the golden come beside it as references.
 */
import type { AggregateRow, Scorecard } from '../../scoring/index.js';
import { f2 } from '../format.js';

export interface GoldenGrid {
  golden: string;
  /** Gate sets with a seat row on this golden, in the run's order. */
  gateSets: string[];
  seats: { seat: string; cells: Map<string, AggregateRow> }[];
  ceiling: AggregateRow[];
  baselines: AggregateRow[];
}

/** Marks the honesty flag (red on a color terminal); identity by default. */
export type Flag = (s: string) => string;

export const HONESTY_FLAG = '⚠';
export const GRID_LEGEND = `cell: passes/scored trials, mean correctness; ${HONESTY_FLAG}n: n trials with an honesty failure`;

/** A cell's parts, which a narrow terminal stands one under the other. */
export function cellParts(r: AggregateRow, flag: Flag = (s) => s): string[] {
  const parts = [`${Math.round(r.passRate * r.n)}/${r.n}`, f2(r.correctness.mean)];
  if (r.honestyTrials) parts.push(flag(`${HONESTY_FLAG}${r.honestyTrials}`));
  if (r.unscored) parts.push(`(+${r.unscored} unscored)`);
  return parts;
}

export const cellText = (r: AggregateRow, flag: Flag = (s) => s): string => cellParts(r, flag).join(' ');

/**
 * The narrowest a seat name column is cut to on a narrow terminal (one letter and `…`): the grid
 * must fit `--width` 20 (the least it takes) with the default two gate sets.
 */
export const SEAT_FLOOR = 2;

const byOrder = (order: readonly string[]) => (a: string, b: string) => {
  const [i, j] = [order.indexOf(a), order.indexOf(b)];
  return (i < 0 ? order.length : i) - (j < 0 ? order.length : j) || (a < b ? -1 : a > b ? 1 : 0);
};

export function goldenGrids(sc: Scorecard): GoldenGrid[] {
  const goldens = [...new Set(sc.rows.map((r) => r.golden))].sort(byOrder(sc.run.goldens));
  return goldens.map((golden) => {
    const rows = sc.rows.filter((r) => r.golden === golden);
    const seatRows = rows.filter((r) => r.kind === 'seat');
    const seatNames = [...new Set(seatRows.map((r) => r.seat))].sort(byOrder(sc.run.seats));
    return {
      golden,
      gateSets: [...new Set(seatRows.map((r) => r.gateSet))].sort(byOrder(sc.run.gateSets)),
      seats: seatNames.map((seat) => ({
        seat,
        cells: new Map(seatRows.filter((r) => r.seat === seat).map((r) => [r.gateSet, r])),
      })),
      ceiling: rows.filter((r) => r.kind === 'ceiling'),
      baselines: rows.filter((r) => r.kind === 'baseline'),
    };
  });
}

/** One line: the golden's ceiling and its null baselines (the floor), by their seat names. */
export function referenceLine(g: GoldenGrid, flag: Flag = (s) => s): string {
  const ref = (r: AggregateRow) => `${r.seat} × ${r.gateSet} ${cellText(r, flag)}`;
  return [...g.ceiling, ...g.baselines].map(ref).join(' · ');
}
