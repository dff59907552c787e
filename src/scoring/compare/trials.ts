/**
 * What moved between a paired BASE and HEAD row: per repetition (same seed on both sides) the
 * verdicts and fingerprint sequences that changed, and the row's deltas the rules judge.
 */

import type { AggregateRow, TrialRecord, Verdict } from '../types.js';
import type { Pair } from './pairs.js';
import { type RowDeltas, rise } from './rules.js';

const EPS = 1e-9;

/** Per repetition (same seed on both sides): a verdict that changed, a fingerprint sequence that did. */
export interface TrialChanges {
  verdicts: { rep: number; from: Verdict; to: Verdict }[];
  fingerprints: { rep: number; from: number; to: number }[];
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

export function trialChanges(p: Pair): TrialChanges {
  const out: TrialChanges = { verdicts: [], fingerprints: [] };
  const byRep = new Map(p.baseTrials.map((t) => [t.rep, t]));
  for (const h of [...p.headTrials].sort((a, b) => a.rep - b.rep)) {
    const b = byRep.get(h.rep);
    if (!b) continue;
    if (b.score.verdict !== h.score.verdict)
      out.verdicts.push({ rep: h.rep, from: b.score.verdict, to: h.score.verdict });
    if (b.score.fingerprints.join(',') !== h.score.fingerprints.join(','))
      out.fingerprints.push({
        rep: h.rep,
        from: b.score.fingerprints.length,
        to: h.score.fingerprints.length,
      });
  }
  return out;
}

export function deltasOf(p: Pair, b: AggregateRow, h: AggregateRow, t: TrialChanges): RowDeltas {
  const count = (from: Verdict, to: Verdict) =>
    t.verdicts.filter((v) => v.from === from && v.to === to).length;
  return {
    correctness: h.correctness.mean - b.correctness.mean,
    passRate: h.passRate - b.passRate,
    coverageA: h.coverage.A - b.coverage.A,
    coverageB: h.coverage.B - b.coverage.B,
    honestyTrials: h.honestyTrials - b.honestyTrials,
    trajectoryTrials: (h.trajectory?.trials ?? 0) - (b.trajectory?.trials ?? 0),
    repeats: { base: meanRepeats(p.baseTrials), head: meanRepeats(p.headTrials) },
    wallRise: rise(b.wall.p50, h.wall.p50),
    tokensRise: rise(b.means.tokens, h.means.tokens),
    costRise: rise(b.means.costUsd, h.means.costUsd),
    passToFail: count('pass', 'fail'),
    failToPass: count('fail', 'pass'),
  };
}

export function moved(b: AggregateRow, h: AggregateRow, d: RowDeltas, t: TrialChanges): boolean {
  const figures = [
    d.correctness,
    d.passRate,
    d.coverageA,
    d.coverageB,
    d.honestyTrials,
    d.trajectoryTrials,
    d.repeats.head - d.repeats.base,
    h.wall.p50 - b.wall.p50,
    h.means.tokens - b.means.tokens,
    h.means.costUsd - b.means.costUsd,
    h.n - b.n,
    h.unscored - b.unscored,
  ];
  return figures.some((x) => Math.abs(x) > EPS) || t.verdicts.length > 0 || t.fingerprints.length > 0;
}
