/**
 * Comparing two runs (pure): rows of BASE and HEAD paired (scoring/compare/pairs.ts), what moved
 * in each, and each row's status under the `--fail-on` rules (scoring/compare/rules.ts): a
 * regression, an improvement, a change that crossed no rule, unchanged, added or removed. Every
 * row is in `rows` once; `regressions` has one line per regressed row. reporters/diff/render.ts renders
 * the result; it judges nothing.
 */
import { rowKind } from '../baselines.js';
import type { AggregateRow, Scorecard } from '../types.js';
import { type Cause, causeOf, type TallyOf } from './causes.js';
import { type FailOn, failOnRules } from './fail-on.js';
import { gateSetChanges, type RunGateSets } from './gate-set-changes.js';
import { type Pair, pairRows, resolveSetPairs, type SetPairs, unpairedSets } from './pairs.js';
import { type Removal, removalsOf } from './removals.js';
import { type Finding, judgeRow, type RowDeltas } from './rules.js';
import { deltasOf, moved, type TrialChanges, trialChanges } from './trials.js';

export type { Cause, Count, GateTally, TallyOf } from './causes.js';
export type { Removal } from './removals.js';
export type { Finding, RowDeltas } from './rules.js';
export type { TrialChanges } from './trials.js';

export type RowStatus = 'regression' | 'improvement' | 'changed' | 'unchanged' | 'added' | 'removed';
export const ROW_STATUSES: readonly RowStatus[] = [
  'regression',
  'improvement',
  'changed',
  'unchanged',
  'added',
  'removed',
];

/** One row of either run, paired or not. */
export type RowComparison =
  | {
      kind: 'added' | 'removed';
      /** `regression` for a removed row under the `removed` rule. */
      status: 'added' | 'removed' | 'regression';
      label: string;
      row: AggregateRow;
      regressions: Finding[];
    }
  | {
      kind: 'paired';
      status: Exclude<RowStatus, 'added' | 'removed'>;
      label: string;
      base: AggregateRow;
      head: AggregateRow;
      deltas: RowDeltas;
      trials: TrialChanges;
      regressions: Finding[];
      improvements: Finding[];
      /** For a regression: the gate decisions and honesty rules that changed, and the trials that moved. */
      cause?: Cause;
    };

export interface Comparison {
  rows: RowComparison[];
  counts: Record<RowStatus, number>;
  /** One line per regressed row: its label and every rule it crossed. */
  regressions: string[];
  /**
   * What BASE ran and HEAD does not (goldens, seats, gate sets, then single rows), whether or not
   * the `removed` rule makes them regressions: a reviewer is told either way.
   */
  removals: Removal[];
  changed: boolean;
  /** One line per gate set whose meaning (gates, settings, `all`'s version) differs between the runs. */
  gateSets: string[];
  /** The rules judged by, and the gate-set pairing used (BASE set → HEAD set). */
  rules: FailOn;
  pairs: SetPairs;
  /** `BASE_SET=HEAD_SET` pairings (`--pair`) that would compare rows now only added and removed. */
  unpaired: string[];
}

export interface CompareOptions {
  sets?: RunGateSets;
  /** Explicit gate-set pairing (`--pair`); without it, single differently named sets pair. */
  pairs?: SetPairs;
  /** Each trial's gate decisions from its trace (commands/diff reads them), for a regression's cause. */
  tally?: TallyOf;
}

/** The ceiling is a reference: it regresses (or recovers) by its own rule alone. */
function judgeCeiling(head: Scorecard, b: AggregateRow, h: AggregateRow, rules: FailOn) {
  const regressions: Finding[] = [];
  const improvements: Finding[] = [];
  if (rules.ceiling && b.n > 0 && b.passRate === 1 && h.passRate < 1) {
    const why = head.ceilings?.find((c) => c.golden === h.golden)?.headline ?? 'unscored';
    regressions.push({ rule: 'ceiling', text: `ceiling of ${h.golden} no longer passes (${why})` });
  } else if (rules.ceiling && h.n > 0 && h.passRate === 1 && b.passRate < 1) {
    improvements.push({ rule: 'ceiling', text: `ceiling of ${h.golden} passes again` });
  }
  return { regressions, improvements };
}

function comparePair(
  p: Pair,
  head: Scorecard,
  rules: FailOn,
  changes: Map<string, string>,
  tally?: TallyOf,
): RowComparison {
  const { base: b, head: h } = p;
  if (!b || !h) {
    const row = (b ?? h)!;
    const removed = b !== undefined;
    const regressions: Finding[] =
      removed && rules.removed && rowKind(row.seat) !== 'ceiling'
        ? [{ rule: 'removed', text: 'in BASE, missing from HEAD' }]
        : [];
    const kind = removed ? 'removed' : 'added';
    return { kind, status: regressions.length ? 'regression' : kind, label: p.label, row, regressions };
  }
  const trials = trialChanges(p);
  const deltas = deltasOf(p, b, h, trials);
  const judged =
    rowKind(b.seat) === 'ceiling' ? judgeCeiling(head, b, h, rules) : judgeRow(b, h, deltas, rules);
  // A set whose meaning changed is listed even when its figures are equal: they now measure other gates.
  const status = judged.regressions.length
    ? 'regression'
    : judged.improvements.length
      ? 'improvement'
      : moved(b, h, deltas, trials) || changes.has(b.gateSet)
        ? 'changed'
        : 'unchanged';
  const cause = status === 'regression' ? { cause: causeOf(p, tally) } : {};
  return { kind: 'paired', status, label: p.label, base: b, head: h, deltas, trials, ...judged, ...cause };
}

/** A regressed row in one line; the ceiling's own sentence names its golden already. */
function regressionLine(r: RowComparison): string {
  const texts = r.regressions.map((f) => f.text);
  return r.regressions.every((f) => f.rule === 'ceiling')
    ? texts.join('; ')
    : `${r.label}: ${texts.join('; ')}`;
}

export function compareScorecards(
  base: Scorecard,
  head: Scorecard,
  rules: FailOn = failOnRules(),
  opts: CompareOptions = {},
): Comparison {
  const pairs = resolveSetPairs(base, head, opts.pairs ?? {});
  const bSets = new Set(base.rows.map((r) => r.gateSet));
  const changes = gateSetChanges(
    head.rows.map((r) => r.gateSet).filter((s) => bSets.has(s)),
    opts.sets ?? {},
  );
  const paired = pairRows(base, head, pairs, changes);
  const rows = paired.map((p) => comparePair(p, head, rules, changes, opts.tally));
  const counts = Object.fromEntries(ROW_STATUSES.map((s) => [s, 0])) as Record<RowStatus, number>;
  for (const r of rows) counts[r.status]++;
  const gone = rows.flatMap((r) => (r.kind === 'removed' ? [r.row] : []));
  const labels = new Map(rows.flatMap((r) => (r.kind === 'removed' ? [[r.row, r.label] as const] : [])));
  return {
    rows,
    counts,
    regressions: rows.filter((r) => r.regressions.length).map(regressionLine),
    removals: removalsOf(gone, head, pairs, (r) => labels.get(r) ?? r.golden),
    changed: changes.size > 0 || rows.some((r) => r.status !== 'unchanged'),
    gateSets: [...changes.values()],
    rules,
    pairs,
    unpaired: unpairedSets(paired),
  };
}
