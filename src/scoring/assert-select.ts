/**
 * What an `assert:` rule is about: the configured seats' rows (never a null baseline or the
 * ceiling) its `seats`, `goldens` and `under` select. A pattern that matches nothing is reported,
 * so a misspelt seat fails the rule instead of quietly shrinking what it checks.
 */
import { asList } from '../formats/assert.js';
import { matchesName } from '../formats/glob.js';
import type { AssertionResult } from './scorecard.js';
import type { AggregateRow } from './types.js';

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

/** The configured seats' rows a rule selects. */
export function selectRows(rows: AggregateRow[], sel: Selection): Selected<AggregateRow> {
  return select(
    rows.filter((r) => r.kind === 'seat'),
    sel,
  );
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
 * partial run (narrowed by --golden/--seat/--gates) a pattern naming what the run left out is no
 * fault: the rule judges the rows it has, and only a rule with none left is (skipped) unjudged.
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
