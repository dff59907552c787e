/**
 * What BASE ran and HEAD does not, said as what a reviewer removed: a whole golden, seat or gate
 * set before single rows. A removal is a change a reviewer must see (`removed` is a default rule):
 * a PR that drops the `all` gate set would otherwise compare fewer rows and pass.
 */
import { rowKind } from '../baselines.js';
import type { AggregateRow, Scorecard } from '../types.js';
import type { SetPairs } from './pairs.js';

export interface Removal {
  /** What is gone: a golden, a configured seat, a gate set (of the seats' rows), or one row. */
  what: 'golden' | 'seat' | 'gate set' | 'row';
  /** Its id or name (a row's label for `row`). */
  name: string;
  /** BASE rows it takes away. */
  rows: number;
}

const isSeat = (r: AggregateRow): boolean => rowKind(r.seat) === 'seat';

/**
 * The removals behind `removed` (BASE rows without a HEAD partner), each row counted under the
 * first of golden, seat, gate set that HEAD lacks altogether; `label` names a row left over.
 */
export function removalsOf(
  removed: readonly AggregateRow[],
  head: Scorecard,
  pairs: SetPairs,
  label: (r: AggregateRow) => string,
): Removal[] {
  const goldens = new Set(head.rows.map((r) => r.golden));
  const seats = new Set(head.rows.filter(isSeat).map((r) => r.seat));
  // a BASE set re-paired to a HEAD set is compared, not removed
  const sets = new Set(head.rows.filter(isSeat).map((r) => r.gateSet));
  const setGone = (s: string): boolean => !sets.has(pairs[s] ?? s);
  const out = new Map<string, Removal>();
  const add = (what: Removal['what'], name: string) => {
    const key = `${what}\u0000${name}`;
    const r = out.get(key) ?? { what, name, rows: 0 };
    r.rows++;
    out.set(key, r);
  };
  for (const r of removed) {
    if (!goldens.has(r.golden)) add('golden', r.golden);
    else if (!isSeat(r)) add('row', label(r));
    else if (!seats.has(r.seat)) add('seat', r.seat);
    else if (setGone(r.gateSet)) add('gate set', r.gateSet);
    else add('row', label(r));
  }
  const order: Removal['what'][] = ['golden', 'seat', 'gate set', 'row'];
  return [...out.values()].sort((a, b) => order.indexOf(a.what) - order.indexOf(b.what));
}

/** `gate set all (10 rows)`, `row pool × sim-x × none`. */
export function removalText(r: Removal): string {
  return r.what === 'row' ? `row ${r.name}` : `${r.what} ${r.name} (${r.rows} row${r.rows === 1 ? '' : 's'})`;
}
