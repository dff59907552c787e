/**
 * `bench diff BASE HEAD`: per row (golden × seat × gate set) what changed, as markdown for a PR
 * comment, and which changes count as regressions under `--fail-on`.
 *
 * --fail-on syntax: comma-separated rules, each `name` or `name:threshold`:
 *   correctness:D  a row's mean correctness dropped by more than D (absolute)
 *   passrate:D     a row's pass rate dropped by more than D
 *   coverage:D     a row's mean coverage of part A or B dropped by more than D
 *   honesty        a row has more trials with honesty failures than before
 *   verdict        any trial went from pass to fail
 *   removed        a row of BASE is missing from HEAD
 *   repeats:D      mean repeated fingerprints per trial (sightings of a failed/empty observation
 *                  beyond its first: what the no-progress ledger exists to stop) rose by more than D
 *   wall:R         a row's wall p50 rose by more than the fraction R (0.2 = 20%)
 *   ceiling        a golden's ceiling (the reference trial) passed in BASE and does not in HEAD
 * Default: correctness:0.05,honesty,repeats:1,ceiling. `none` disables every rule. A ceiling row
 * is judged by the `ceiling` rule alone: it is a reference, not a seat whose figures regress.
 * A gate set whose meaning differs between the runs (run.json: its gates, settings, `all`'s
 * version) is said first, and its rows and regressions are marked: they compare different gates.
 */
import { InputError } from '../errors.js';
import type { AggregateRow, Scorecard, TrialRecord } from '../scoring/index.js';
import { rowKind } from '../scoring/index.js';
import { gateSetChanges, type RunGateSets } from './diff-gate-sets.js';
import { ci, f2, signed } from './format.js';
import { mdHead, mdRow } from './markdown.js';

export interface FailOn {
  correctness?: number;
  passrate?: number;
  coverage?: number;
  honesty?: boolean;
  verdict?: boolean;
  removed?: boolean;
  repeats?: number;
  wall?: number;
  ceiling?: boolean;
}

export const DEFAULT_FAIL_ON = 'correctness:0.05,honesty,repeats:1,ceiling';
const FLAGS = ['honesty', 'verdict', 'removed', 'ceiling'] as const;

const NUMERIC = ['correctness', 'passrate', 'coverage', 'repeats', 'wall'] as const;
type NumericRule = (typeof NUMERIC)[number];

export function parseFailOn(text: string): FailOn {
  const out: FailOn = {};
  if (text.trim() === 'none') return out;
  for (const part of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [name, arg] = part.split(':');
    const num = arg === undefined ? Number.NaN : Number(arg);
    if ((NUMERIC as readonly string[]).includes(name) && Number.isFinite(num) && num >= 0) {
      out[name as NumericRule] = num;
    } else if ((FLAGS as readonly string[]).includes(name) && arg === undefined) {
      out[name as (typeof FLAGS)[number]] = true;
    } else {
      throw new InputError(
        `--fail-on ${text}: bad rule "${part}" (rules: correctness:D, passrate:D, coverage:D, repeats:D, wall:R, honesty, verdict, removed, ceiling, or none)`,
      );
    }
  }
  return out;
}

export interface DiffResult {
  markdown: string;
  regressions: string[];
  changed: boolean;
  /** One line per gate set whose meaning differs between BASE and HEAD. */
  gateSets: string[];
}

interface Pair {
  label: string;
  base?: AggregateRow;
  head?: AggregateRow;
  baseTrials: TrialRecord[];
  headTrials: TrialRecord[];
}

const EPS = 1e-9;

/** Gate sets named on both sides (a cross comparison names different sets on purpose). */
function commonSets(base: Scorecard, head: Scorecard): string[] {
  const b = new Set(base.rows.map((r) => r.gateSet));
  return [...new Set(head.rows.map((r) => r.gateSet))].filter((s) => b.has(s));
}

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

export function diffScorecards(
  base: Scorecard,
  head: Scorecard,
  failOn: FailOn = parseFailOn(DEFAULT_FAIL_ON),
  sets: RunGateSets = {},
): DiffResult {
  const regressions: string[] = [];
  const lines: string[] = [];
  const changes = gateSetChanges(commonSets(base, head), sets);
  let changed = changes.size > 0;
  for (const p of pairRows(base, head, changes)) {
    const { base: b, head: h } = p;
    if (!b || !h) {
      changed = true;
      lines.push(mdRow([p.label, b ? 'removed' : 'added', '', '', '', '', '', '', '']));
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
    lines.push(
      mdRow([
        p.label,
        `${f2(b.correctness.mean)} ${ci(b.correctness.ci95)} → ${f2(h.correctness.mean)} ${ci(h.correctness.ci95)} (${signed(dC)})`,
        `${f2(b.passRate)} → ${f2(h.passRate)}`,
        signed(dA),
        signed(dB),
        dH > 0 ? `**+${dH} new**` : `${b.honestyTrials} → ${h.honestyTrials}`,
        `${f2(rB)} → ${f2(rH)}`,
        t.verdicts.join(', ') || '-',
        t.fingerprints.length
          ? t.fingerprints.slice(0, 3).join('; ') + (t.fingerprints.length > 3 ? ' ...' : '')
          : '-',
      ]),
    );
  }
  const md = ['## rematch bench diff', ''];
  if (!changed) md.push('No change: every row, verdict and fingerprint sequence is identical.');
  else {
    if (changes.size) {
      md.push(
        '**Gate sets whose meaning differs between BASE and HEAD**: their rows compare different gates, so a change in them is neither a regression nor an improvement of the same gates:',
        ...[...changes.values()].map((l) => `- ${l}`),
        '',
      );
    }
    md.push(
      regressions.length
        ? `**${regressions.length} regression(s)** under \`--fail-on\`:`
        : 'Changes, none of them a regression under `--fail-on`.',
    );
    md.push(...regressions.map((r) => `- ${r}`), '');
    md.push(
      mdHead([
        'row',
        'correctness [95% CI]',
        'pass rate',
        'Δ cov A',
        'Δ cov B',
        'honesty',
        'repeats/trial',
        'verdict changes',
        'fingerprint sequences',
      ]),
      ...lines,
    );
  }
  return { markdown: `${md.join('\n')}\n`, regressions, changed, gateSets: [...changes.values()] };
}
