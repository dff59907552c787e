/**
 * What an `assert:` rule is about: the configured seats' rows (never a null baseline or the
 * ceiling) its `seats`, `goldens` and `under` select. A pattern that matches nothing is reported,
 * so a misspelt seat fails the rule instead of quietly shrinking what it checks.
 */
import { asList } from '../../formats/assert.js';
import { matchesName } from '../../formats/glob.js';
import { rowKind } from '../baselines.js';
import type { AggregateRow, AssertionResult, Scorecard } from '../types.js';

export type Judged = Omit<AssertionResult, 'id' | 'cells'> &
  Partial<Pick<AssertionResult, 'cells'>> & {
    /** The rule found nothing to judge (its `detail` says why). */
    empty?: boolean;
  };

/** At most this many broken rows are named in a detail; the rest are counted. */
const LISTED = 8;

export interface Selection {
  seats?: string | string[];
  goldens?: string | string[];
  under?: string | string[];
}

export interface Selected<T> {
  items: T[];
  /** One line per pattern that matched nothing, e.g. `seat "sim-dilligent-*" matches no row`. */
  unmatched: string[];
}

type Keys = { seat: string; golden?: string; gateSet?: string };

/** Items whose seat, golden and gate set each match one of the selection's patterns. */
export function select<T extends Keys>(items: T[], sel: Selection, what = 'row'): Selected<T> {
  const fields: [string, string[] | undefined, (x: T) => string | undefined][] = [
    ['seat', asList(sel.seats), (x) => x.seat],
    ['golden', asList(sel.goldens), (x) => x.golden],
    ['gate set', asList(sel.under), (x) => x.gateSet],
  ];
  const unmatched: string[] = [];
  let out = items;
  for (const [label, patterns, key] of fields) {
    if (!patterns) continue;
    for (const p of patterns)
      if (!out.some((x) => key(x) !== undefined && matchesName(p, key(x)!)))
        unmatched.push(`${label} "${p}" matches no ${what}`);
    out = out.filter((x) => {
      const k = key(x);
      return k !== undefined && patterns.some((p) => matchesName(p, k));
    });
  }
  return { items: out, unmatched };
}

export type Input = Omit<Scorecard, 'assertions'>;

export interface Cell {
  golden: string;
  seat: string;
  gateSet: string;
}

/** A planned cell of a configured seat and its row, if any trial of it was recorded. */
export interface PlannedRow extends Cell {
  row?: AggregateRow;
}

/**
 * The configured seats' cells the run planned (goldens × seats × gate sets), each with its row:
 * a seat skipped for its key, or a cell with no recorded trial, is still there, so a rule that
 * selects it fails instead of quietly judging fewer rows. Rows outside the plan are kept too.
 */
export function plannedRows(sc: Input): PlannedRow[] {
  const key = (c: Cell) => `${c.golden}\u0000${c.seat}\u0000${c.gateSet}`;
  const out = new Map<string, PlannedRow>();
  for (const golden of sc.run.goldens)
    for (const seat of sc.run.seats.filter((s) => rowKind(s) === 'seat'))
      for (const gateSet of sc.run.gateSets)
        out.set(key({ golden, seat, gateSet }), { golden, seat, gateSet });
  for (const row of sc.rows.filter((r) => r.kind === 'seat')) out.set(key(row), { ...row, row });
  return [...out.values()];
}

/** The planned cells of configured seats a rule selects. */
export function selectRows(sc: Input, sel: Selection): Selected<PlannedRow> {
  return select(plannedRows(sc), sel);
}

/** Why a selected seat has nothing to judge: skipped (and why), only unscored trials, or none run. */
export function whyNothing(sc: Input, seat: string, row?: AggregateRow): string {
  const skipped = sc.skipped.find((s) => s.seat === seat);
  if (skipped) return `seat skipped: ${skipped.reason}`;
  if (row?.unscored) return `no scored trial (${row.unscored} unscored)`;
  return 'no trial recorded';
}

/** The selection in words, for the rule's sentence: "seats sim-diligent-*; under none, all". */
export function describeSelection(sel: Selection, withGateSets = true): string {
  const parts: string[] = [];
  const seats = asList(sel.seats);
  const goldens = asList(sel.goldens);
  const under = asList(sel.under);
  parts.push(seats ? `seats ${seats.join(', ')}` : 'every seat');
  if (goldens) parts.push(`goldens ${goldens.join(', ')}`);
  if (withGateSets) parts.push(under ? `under ${under.join(', ')}` : 'under every gate set');
  return parts.join('; ');
}

export const cellLabel = (r: { golden: string; seat: string; gateSet: string }): string =>
  `${r.golden} × ${r.seat} × ${r.gateSet}`;

/**
 * Why a selection cannot be judged (nothing, or a pattern matching nothing), or undefined. In a
 * partial run (its plan left out part of the config's matrix) a pattern naming what the run did
 * not plan is no fault: the rule judges what was planned, and only a rule selecting nothing
 * planned is (skipped) unjudged. What was planned but did not run is selected, and fails.
 */
export function nothingSelected<T>(sel: Selected<T>, what: string, partial = false): string | undefined {
  if (sel.unmatched.length && !partial) return `selects nothing it names: ${sel.unmatched.join('; ')}`;
  if (!sel.items.length) return `selects no ${what}: the run has none to judge`;
  return undefined;
}

export function listed(items: string[]): string {
  const shown = items.slice(0, LISTED).join('; ');
  return items.length > LISTED ? `${shown}; and ${items.length - LISTED} more` : shown;
}
