/**
 * The gate effect figures as reporters print them: the five paired differences (treatment minus
 * control) with their 95% intervals, in the units a reader thinks in (shares, seconds, tokens),
 * and which way is better, so a terminal can color what the interval says.
 */
import type { EffectEstimate, EffectFigures, Rounded } from '../scoring/index.js';
import { f2 } from './format.js';

export type EffectKey = keyof EffectFigures;

/**
 * `priority`: what a narrow terminal drops first (fit.ts): the costs before the scores. `head` is
 * in parts: a wrapped header stands on two lines.
 */
export const EFFECT_COLUMNS: readonly { key: EffectKey; head: string[]; better: 1 | -1; priority: number }[] =
  [
    { key: 'passRate', head: ['Δ pass', 'rate'], better: 1, priority: 9 },
    { key: 'correctness', head: ['Δ correctness'], better: 1, priority: 8 },
    { key: 'honestyFailRate', head: ['Δ honesty-fail', 'share'], better: -1, priority: 7 },
    { key: 'wallP50Ms', head: ['Δ wall', 'p50'], better: -1, priority: 3 },
    { key: 'tokens', head: ['Δ tokens'], better: -1, priority: 2 },
  ];

const sign = (x: number, s: string): string => (x > 0 ? `+${s}` : s);
const share = (x: number): string => sign(x, f2(x));
/** Short units keep five intervals side by side: whole seconds from 10 s, thousands as k. */
const seconds = (ms: number): string =>
  sign(ms, Math.abs(ms) >= 10_000 ? `${Math.round(ms / 1000)}s` : `${(ms / 1000).toFixed(1)}s`);
const count = (x: number): string => {
  const a = Math.abs(x);
  const s =
    a >= 10_000
      ? `${Math.round(x / 1000)}k`
      : a >= 1000
        ? `${(x / 1000).toFixed(1)}k`
        : String(Math.round(x));
  return sign(Math.round(x), s);
};
const UNITS: Record<EffectKey, (x: number) => string> = {
  passRate: share,
  correctness: share,
  honestyFailRate: share,
  wallP50Ms: seconds,
  tokens: count,
};

/** `[value, interval]`: the parts of one cell (table.ts puts them on one line or two). */
export function effectParts(key: EffectKey, e: EffectEstimate): [string, string] {
  const u = UNITS[key];
  const iv = (i: Rounded | null) => (i ? `[${u(i.lo)}, ${u(i.hi)}]` : '[n<2]');
  return [u(e.delta), iv(e.ci95)];
}

/** `better`/`worse` when the whole interval lies on one side of zero; `unclear` otherwise. */
export function effectDirection(key: EffectKey, e: EffectEstimate): 'better' | 'worse' | 'unclear' {
  const col = EFFECT_COLUMNS.find((c) => c.key === key);
  if (!e.ci95 || !col) return 'unclear';
  if (e.ci95.lo > 0 || e.ci95.hi < 0) return Math.sign(e.delta) === col.better ? 'better' : 'worse';
  return 'unclear';
}
