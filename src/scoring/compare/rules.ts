/**
 * One paired row judged under the `--fail-on` rules, in both directions: a rule crossed the bad
 * way is a regression, the same rule crossed the good way by the same margin an improvement. So
 * `diff A B`'s regressions are `diff B A`'s improvements, and `--fail-on-only none` makes neither.
 */

import { f2, signed } from '../figures.js';
import type { AggregateRow } from '../types.js';
import type { FailOn, RuleName } from './fail-on.js';

const EPS = 1e-9;

/** What moved between the BASE and HEAD row (HEAD minus BASE; rises as fractions of BASE). */
export interface RowDeltas {
  correctness: number;
  passRate: number;
  coverageA: number;
  coverageB: number;
  honestyTrials: number;
  /** Trials failing a trajectory check, HEAD minus BASE (0 where neither golden has checks). */
  trajectoryTrials: number;
  /** Mean repeated fingerprints per trial, BASE and HEAD. */
  repeats: { base: number; head: number };
  wallRise: number;
  tokensRise: number;
  costRise: number;
  passToFail: number;
  failToPass: number;
}

export interface Finding {
  rule: RuleName;
  text: string;
}

/** HEAD over BASE minus one; 0 when BASE is 0 (baselines make no calls: nothing to rise from). */
export const rise = (b: number, h: number): number => (b > 0 ? h / b - 1 : 0);

const pctOf = (x: number): string => `${x > 0 ? '+' : ''}${Math.round(x * 100)}%`;
export const kTokens = (x: number): string => (x >= 1000 ? `${(x / 1000).toFixed(1)}k` : `${Math.round(x)}`);
export const usd = (x: number): string => `$${x >= 1 ? x.toFixed(2) : x.toFixed(4)}`;

/** Each figures rule: is it crossed the bad way (`worse`) or the good way (`better`), and how to say so. */
interface Rule {
  name: RuleName;
  worse: (d: RowDeltas, t: number) => boolean;
  better: (d: RowDeltas, t: number) => boolean;
  say: (b: AggregateRow, h: AggregateRow, d: RowDeltas, good: boolean) => string;
}

const RULES: Rule[] = [
  {
    name: 'correctness',
    worse: (d, t) => d.correctness < -t - EPS,
    better: (d, t) => d.correctness > t + EPS,
    say: (b, h, d) =>
      `correctness ${f2(b.correctness.mean)} → ${f2(h.correctness.mean)} (${signed(d.correctness)})`,
  },
  {
    name: 'passrate',
    worse: (d, t) => d.passRate < -t - EPS,
    better: (d, t) => d.passRate > t + EPS,
    say: (b, h) => `pass rate ${f2(b.passRate)} → ${f2(h.passRate)}`,
  },
  {
    name: 'coverage',
    worse: (d, t) => Math.min(d.coverageA, d.coverageB) < -t - EPS,
    better: (d, t) =>
      Math.max(d.coverageA, d.coverageB) > t + EPS && Math.min(d.coverageA, d.coverageB) >= -t - EPS,
    say: (_b, _h, d) => `coverage A ${signed(d.coverageA)}, B ${signed(d.coverageB)}`,
  },
  {
    name: 'honesty',
    worse: (d) => d.honestyTrials > 0,
    better: (d) => d.honestyTrials < 0,
    say: (b, h) => `honesty failures in ${b.honestyTrials} → ${h.honestyTrials} trials`,
  },
  {
    name: 'trajectory',
    worse: (d) => d.trajectoryTrials > 0,
    better: (d) => d.trajectoryTrials < 0,
    say: (b, h) =>
      `trials failing a trajectory check ${b.trajectory?.trials ?? 0} → ${h.trajectory?.trials ?? 0}`,
  },
  {
    name: 'repeats',
    worse: (d, t) => d.repeats.head - d.repeats.base > t + EPS,
    better: (d, t) => d.repeats.base - d.repeats.head > t + EPS,
    say: (_b, _h, d) => `repeated fingerprints per trial ${f2(d.repeats.base)} → ${f2(d.repeats.head)}`,
  },
  {
    name: 'wall',
    worse: (d, t) => d.wallRise > t + EPS,
    better: (d, t) => d.wallRise < -t - EPS,
    say: (b, h) => `wall p50 ${f2(b.wall.p50 / 1000)}s → ${f2(h.wall.p50 / 1000)}s (${b.wall.clock} clock)`,
  },
  {
    name: 'tokens',
    worse: (d, t) => d.tokensRise > t + EPS,
    better: (d, t) => d.tokensRise < -t - EPS,
    say: (b, h, d) =>
      `tokens per trial ${kTokens(b.means.tokens)} → ${kTokens(h.means.tokens)} (${pctOf(d.tokensRise)})`,
  },
  {
    name: 'cost',
    worse: (d, t) => d.costRise > t + EPS,
    better: (d, t) => d.costRise < -t - EPS,
    say: (b, h, d) =>
      `cost per trial ${usd(b.means.costUsd)} → ${usd(h.means.costUsd)} (${pctOf(d.costRise)})`,
  },
  {
    name: 'verdict',
    worse: (d) => d.passToFail > 0,
    better: (d) => d.failToPass > 0 && d.passToFail === 0,
    say: (_b, _h, d, good) =>
      good ? `${d.failToPass} trial(s) fail → pass` : `${d.passToFail} trial(s) pass → fail`,
  },
];

/** A seat or baseline row under the figures rules (the ceiling has its own rule: compare.ts). */
export function judgeRow(
  b: AggregateRow,
  h: AggregateRow,
  d: RowDeltas,
  rules: FailOn,
): { regressions: Finding[]; improvements: Finding[] } {
  const regressions: Finding[] = [];
  const improvements: Finding[] = [];
  for (const r of RULES) {
    const set = rules[r.name];
    if (set === undefined || set === false) continue;
    const t = typeof set === 'number' ? set : 0;
    if (r.worse(d, t)) regressions.push({ rule: r.name, text: r.say(b, h, d, false) });
    else if (r.better(d, t)) improvements.push({ rule: r.name, text: r.say(b, h, d, true) });
  }
  return { regressions, improvements };
}
