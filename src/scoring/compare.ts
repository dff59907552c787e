/**
 * Comparing two runs (pure): rows of BASE and HEAD paired (golden × seat × gate set; across gate
 * sets when each side ran one), what changed in each, and which changes are regressions under the
 * `--fail-on` rules (scoring/fail-on.ts). reporters/diff.ts renders the result; it judges nothing.
 */
import { rowKind } from './baselines.js';
import { DEFAULT_FAIL_ON, type FailOn, parseFailOn } from './fail-on.js';
import { f2, signed } from './figures.js';
import { gateSetChanges, type RunGateSets } from './gate-set-changes.js';
import type { Scorecard } from './scorecard.js';
import type { AggregateRow, TrialRecord } from './types.js';

export interface Pair {
  label: string;
  base?: AggregateRow;
  head?: AggregateRow;
  baseTrials: TrialRecord[];
  headTrials: TrialRecord[];
}

const EPS = 1e-9;

/** Mean per trial of fingerprint sightings beyond each fingerprint's first. */
function meanRepeats(trials: TrialRecord[]): number {
  const scored = trials.filter((t) => t.score.verdict !== 'unscored');
  if (!scored.length) return 0;
  const total = scored.reduce(
    (a, t) => a + t.score.fingerprints.length - new Set(t.score.fingerprints).size,
    0,
  );
  return total / scored.length;
}

/** Gate sets named on both sides (a cross comparison names different sets on purpose). */
function commonSets(base: Scorecard, head: Scorecard): string[] {
  const b = new Set(base.rows.map((r) => r.gateSet));
  return [...new Set(head.rows.map((r) => r.gateSet))].filter((s) => b.has(s));
}

function pairRows(base: Scorecard, head: Scorecard, changes: Map<string, string>): Pair[] {
  // One gate set on each side but different names (all vs no-ledger): compare across them.
  // Only configured seats count: baselines run under none and the ceiling under all, whatever was asked.
  const isSeat = (x: { seat: string }): boolean => rowKind(x.seat) === 'seat';
  const bSets = new Set(base.rows.filter(isSeat).map((r) => r.gateSet));
  const hSets = new Set(head.rows.filter(isSeat).map((r) => r.gateSet));
  const cross = bSets.size === 1 && hSets.size === 1 && [...bSets][0] !== [...hSets][0];
  const keyOf = (x: { golden: string; seat: string; gateSet: string }): string =>
    `${x.golden} × ${x.seat}${cross && isSeat(x) ? '' : ` × ${x.gateSet}`}`;
  const pairs = new Map<string, Pair>();
  const get = (k: string): Pair => {
    let p = pairs.get(k);
    if (!p) pairs.set(k, (p = { label: k, baseTrials: [], headTrials: [] }));
    return p;
  };
  for (const r of base.rows) get(keyOf(r)).base = r;
  for (const r of head.rows) get(keyOf(r)).head = r;
  for (const t of base.trials) pairs.get(keyOf(t))?.baseTrials.push(t);
  for (const t of head.trials) pairs.get(keyOf(t))?.headTrials.push(t);
  if (cross)
    for (const p of pairs.values())
      if (p.base && p.head && isSeat(p.base)) p.label = `${p.label} × ${p.base.gateSet} → ${p.head.gateSet}`;
  for (const p of pairs.values()) {
    const set = (p.base ?? p.head)?.gateSet;
    if (set !== undefined && changes.has(set)) p.label = `${p.label} (gate set ${set} changed meaning)`;
  }
  return [...pairs.keys()].sort().map((k) => pairs.get(k)!);
}

function trialChanges(p: Pair): { verdicts: string[]; passToFail: number; fingerprints: string[] } {
  const verdicts: string[] = [];
  const fingerprints: string[] = [];
  let passToFail = 0;
  const byRep = new Map(p.baseTrials.map((t) => [t.rep, t]));
  for (const h of [...p.headTrials].sort((a, b) => a.rep - b.rep)) {
    const b = byRep.get(h.rep);
    if (!b) continue;
    if (b.score.verdict !== h.score.verdict) {
      verdicts.push(`r${h.rep} ${b.score.verdict}→${h.score.verdict}`);
      if (b.score.verdict === 'pass' && h.score.verdict === 'fail') passToFail++;
    }
    if (b.score.fingerprints.join(',') !== h.score.fingerprints.join(',')) {
      fingerprints.push(
        `r${h.rep}: ${b.score.fingerprints.length}→${h.score.fingerprints.length} fingerprints`,
      );
    }
  }
  return { verdicts, passToFail, fingerprints };
}

/** One paired row: added or removed, or what moved between BASE and HEAD. */
export type RowComparison =
  | { kind: 'added' | 'removed'; label: string }
  | {
      kind: 'changed';
      label: string;
      base: AggregateRow;
      head: AggregateRow;
      dC: number;
      dP: number;
      dA: number;
      dB: number;
      dH: number;
      rB: number;
      rH: number;
      verdicts: string[];
      fingerprints: string[];
    };

export interface Comparison {
  rows: RowComparison[];
  regressions: string[];
  changed: boolean;
  /** One line per gate set whose meaning (gates, settings, `all`'s version) differs between the runs. */
  gateSets: string[];
}

export function compareScorecards(
  base: Scorecard,
  head: Scorecard,
  failOn: FailOn = parseFailOn(DEFAULT_FAIL_ON),
  sets: RunGateSets = {},
): Comparison {
  const regressions: string[] = [];
  const rows: RowComparison[] = [];
  const changes = gateSetChanges(commonSets(base, head), sets);
  let changed = changes.size > 0;
  for (const p of pairRows(base, head, changes)) {
    const { base: b, head: h } = p;
    if (!b || !h) {
      changed = true;
      rows.push({ kind: b ? 'removed' : 'added', label: p.label });
      if (b && failOn.removed && rowKind(b.seat) !== 'ceiling')
        regressions.push(`${p.label}: row missing from HEAD`);
      continue;
    }
    const dC = h.correctness.mean - b.correctness.mean;
    const dP = h.passRate - b.passRate;
    const dA = h.coverage.A - b.coverage.A;
    const dB = h.coverage.B - b.coverage.B;
    const dH = h.honestyTrials - b.honestyTrials;
    const rB = meanRepeats(p.baseTrials);
    const rH = meanRepeats(p.headTrials);
    const wallRise = b.wall.p50 > 0 ? h.wall.p50 / b.wall.p50 - 1 : 0;
    const t = trialChanges(p);
    const rowChanged =
      [dC, dP, dA, dB, dH, rH - rB, h.wall.p50 - b.wall.p50].some((d) => Math.abs(d) > EPS) ||
      t.verdicts.length > 0 ||
      t.fingerprints.length > 0 ||
      // listed even when its figures are the same: the same figures now measure other gates
      changes.has(b.gateSet);
    if (!rowChanged) continue;
    changed = true;
    const ceiling = rowKind(b.seat) === 'ceiling';
    if (ceiling && failOn.ceiling && b.n > 0 && b.passRate === 1 && h.passRate < 1) {
      const why = head.ceilings?.find((c) => c.golden === h.golden)?.headline ?? 'unscored';
      regressions.push(`ceiling of ${h.golden} no longer passes (${why})`);
    }
    const rules: FailOn = ceiling ? {} : failOn;
    if (rules.correctness !== undefined && dC < -rules.correctness - EPS) {
      regressions.push(
        `${p.label}: correctness ${f2(b.correctness.mean)} → ${f2(h.correctness.mean)} (${signed(dC)})`,
      );
    }
    if (rules.passrate !== undefined && dP < -rules.passrate - EPS) {
      regressions.push(`${p.label}: pass rate ${f2(b.passRate)} → ${f2(h.passRate)}`);
    }
    if (rules.coverage !== undefined && Math.min(dA, dB) < -rules.coverage - EPS) {
      regressions.push(`${p.label}: coverage A ${signed(dA)}, B ${signed(dB)}`);
    }
    if (rules.honesty && dH > 0) {
      regressions.push(`${p.label}: honesty failures in ${b.honestyTrials} → ${h.honestyTrials} trials`);
    }
    if (rules.repeats !== undefined && rH - rB > rules.repeats + EPS) {
      regressions.push(`${p.label}: repeated fingerprints per trial ${f2(rB)} → ${f2(rH)}`);
    }
    if (rules.wall !== undefined && wallRise > rules.wall + EPS) {
      regressions.push(
        `${p.label}: wall p50 ${f2(b.wall.p50 / 1000)}s → ${f2(h.wall.p50 / 1000)}s (${b.wall.clock} clock)`,
      );
    }
    if (rules.verdict && t.passToFail > 0)
      regressions.push(`${p.label}: ${t.passToFail} trial(s) pass → fail`);
    rows.push({
      kind: 'changed',
      label: p.label,
      base: b,
      head: h,
      dC,
      dP,
      dA,
      dB,
      dH,
      rB,
      rH,
      verdicts: t.verdicts,
      fingerprints: t.fingerprints,
    });
  }
  return { rows, regressions, changed, gateSets: [...changes.values()] };
}
