/**
 * The cells of one row of the `bench diff` table: each figure as `BASE → HEAD (delta)`, or once
 * when it did not move; a figure whose rule was crossed the bad way in bold.
 */
import { kTokens, usd } from '../../scoring/compare/index.js';
import type { AggregateRow, RowComparison, RuleName } from '../../scoring/index.js';
import { f2, pct, secs, signed } from '../format.js';
import { mdEsc } from '../md.js';

type Paired = Extract<RowComparison, { kind: 'paired' }>;

/** A rise as a signed percentage; under 1% with one decimal, so a small move does not read as 0%. */
const pctRise = (x: number): string => {
  const p = Math.abs(x * 100);
  return `${x > 0 ? '+' : x < 0 ? '−' : '±'}${p < 1 && p > 0 ? p.toFixed(1) : Math.round(p)}%`;
};

function fromTo(b: string, h: string, delta?: string): string {
  return b === h ? h : `${b} → ${h}${delta ? ` (${delta})` : ''}`;
}

/** Reps as compact ranges: [1,2,3,5] → r1–3,5. */
export function reps(list: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < list.length; i++) {
    let j = i;
    while (j + 1 < list.length && list[j + 1] === list[j] + 1) j++;
    parts.push(j > i ? `${list[i]}–${list[j]}` : `${list[i]}`);
    i = j;
  }
  return `r${parts.join(',')}`;
}

/** Items sharing a description, their reps joined: `r1–5 pass→fail`. */
function grouped<T extends { rep: number }>(items: T[], say: (x: T) => string): string[] {
  const by = new Map<string, number[]>();
  for (const x of items) by.set(say(x), [...(by.get(say(x)) ?? []), x.rep]);
  return [...by].map(([what, rs]) => `${reps(rs)} ${what}`);
}

/** What else moved: verdicts and fingerprint sequences per repetition, coverage, trial counts. */
export function trialsCell(r: Paired): string {
  const { base: b, head: h, deltas: d, trials: t } = r;
  const out = [
    ...grouped(t.verdicts, (v) => `${v.from}→${v.to}`),
    ...grouped(t.fingerprints, (f) => `fingerprints ${f.from}→${f.to}`),
  ];
  if (Math.abs(d.coverageA) > 1e-9 || Math.abs(d.coverageB) > 1e-9)
    out.push(`coverage A ${signed(d.coverageA)}, B ${signed(d.coverageB)}`);
  if (b.n !== h.n || b.unscored !== h.unscored)
    out.push(`n ${b.n} → ${h.n}${h.unscored ? ` (+${h.unscored} unscored)` : ''}`);
  return out.join('; ') || '-';
}

export interface Columns {
  cost: boolean;
}

export const headCells = (c: Columns): string[] => [
  'row',
  'status',
  'correctness',
  'pass rate',
  'honesty fails',
  'repeats/trial',
  'wall p50',
  'tokens/trial',
  ...(c.cost ? ['cost/trial'] : []),
  'also changed',
];

export function pairedCells(r: Paired, c: Columns): string[] {
  const { base: b, head: h, deltas: d } = r;
  const crossed = new Set<RuleName>(r.regressions.map((f) => f.rule));
  const mark = (rule: RuleName, s: string) => (crossed.has(rule) ? `**${s}**` : s);
  return [
    mdEsc(r.label),
    r.status === 'regression' ? '**regression**' : r.status,
    mark('correctness', fromTo(f2(b.correctness.mean), f2(h.correctness.mean), signed(d.correctness))),
    mark('passrate', fromTo(pct(b.passRate), pct(h.passRate))),
    mark('honesty', fromTo(String(b.honestyTrials), String(h.honestyTrials))),
    mark('repeats', fromTo(f2(d.repeats.base), f2(d.repeats.head))),
    mark('wall', fromTo(secs(b.wall.p50), secs(h.wall.p50), pctRise(d.wallRise))),
    mark('tokens', fromTo(kTokens(b.means.tokens), kTokens(h.means.tokens), pctRise(d.tokensRise))),
    ...(c.cost
      ? [mark('cost', fromTo(usd(b.means.costUsd), usd(h.means.costUsd), pctRise(d.costRise)))]
      : []),
    crossed.has('verdict') || crossed.has('coverage') ? `**${trialsCell(r)}**` : trialsCell(r),
  ];
}

/** A row in one run only: its own figures, and which side it is on. */
export function oneSidedCells(
  label: string,
  status: string,
  row: AggregateRow,
  side: string,
  c: Columns,
): string[] {
  return [
    mdEsc(label),
    status === 'regression' ? '**regression**' : status,
    f2(row.correctness.mean),
    pct(row.passRate),
    String(row.honestyTrials),
    '-',
    secs(row.wall.p50),
    kTokens(row.means.tokens),
    ...(c.cost ? [usd(row.means.costUsd)] : []),
    `only in ${side}`,
  ];
}
