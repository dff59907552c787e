/**
 * The full cell table: every golden × seat × gate set row with all its figures. It sits below the
 * summary (markdown: inside a collapsed <details>; terminal: with --full). Column priorities say
 * what a narrow terminal loses first (fit.ts): pass^k and coverage before the scores.
 */
import type { AggregateRow } from '../../scoring/index.js';
import { ci, f2, passAll, pct, secs } from '../format.js';
import type { Cell, Column } from './table.js';

export const FULL_COLUMNS: readonly Column[] = [
  { head: 'golden' },
  { head: 'seat' },
  { head: 'gates' },
  { head: 'n', priority: 9 },
  { head: ['correctness', '[95% CI]'], priority: 10 },
  { head: ['pass', '[95% CI]'], priority: 8 },
  { head: 'pass^k', priority: 1 },
  { head: 'cov A', priority: 3 },
  { head: 'cov B', priority: 3 },
  { head: ['honesty', 'fails'], priority: 7 },
  { head: 'steers/halts', priority: 4 },
  { head: ['wall', 'p50/p95'], priority: 6 },
];

export function fullCells(r: AggregateRow): Cell[] {
  return [
    r.golden,
    r.seat,
    r.gateSet,
    r.unscored ? [String(r.n), `(+${r.unscored} unscored)`] : String(r.n),
    [f2(r.correctness.mean), ci(r.correctness.ci95)],
    [pct(r.passRate), r.passCi95 ? ci(r.passCi95) : '[n=0]'],
    passAll(r),
    f2(r.coverage.A),
    f2(r.coverage.B),
    String(r.honestyTrials),
    `${r.steers}/${r.halts}`,
    `${secs(r.wall.p50)} / ${secs(r.wall.p95)}`,
  ];
}
