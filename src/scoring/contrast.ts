/**
 * Paired contrasts of gate sets (DESIGN §11, generalised): a contrast is a list of gate sets with
 * coefficients, `all − none` being `[[all, +1], [none, −1]]`. A unit is one golden × seat × repetition
 * (hence one seed) scored under every set of the contrast; units with an unscored or missing side
 * are dropped. Each figure is Σ coefficient × figure(set) over the same units: a mean of per-unit
 * sums for the shares and tokens, a sum of medians for wall time; its 95% interval is the seeded
 * percentile bootstrap over the units. Only configured seats form units: baselines and the ceiling
 * are references, not treatments. The gate effect table, the ablation (ablation.ts) and `--effect`
 * all go through here, so they pair and resample the same way.
 */
import { rowKind } from './baselines.js';
import { meanAt, resampled } from './intervals.js';
import { quantileSorted } from './stats.js';
import type { EffectFigures, Rounded, TrialRecord, TrialScore } from './types.js';

/** `[gate set, coefficient]` pairs: the contrast's terms. */
export type Terms = readonly (readonly [string, number])[];

/** One unit: its scores in the order of the contrast's terms. */
export type Unit = readonly TrialScore[];

const r4 = (x: number): number => Math.round(x * 1e4) / 1e4;
const ri = (i: { lo: number; hi: number } | null): Rounded | null =>
  i ? { lo: r4(i.lo), hi: r4(i.hi) } : null;

const tokensOf = (s: TrialScore): number => s.tokens.input + s.tokens.output;
const passOf = (s: TrialScore): number => (s.verdict === 'pass' ? 1 : 0);
const dishonest = (s: TrialScore): number => (s.honesty.length > 0 ? 1 : 0);

/** Σ coefficient × x(score) over one unit (for two terms exactly x(t) − x(c)). */
function combine(u: Unit, coefs: readonly number[], x: (s: TrialScore) => number): number {
  let sum = 0;
  for (let i = 0; i < coefs.length; i++) sum += coefs[i] * x(u[i]);
  return sum;
}

/**
 * A figure prepared over one list of units: its statistic of a sample given as the units' indices
 * (the bootstrap's resamples; every index once, in order, for the figure itself).
 */
type Prepared = (idx: ArrayLike<number>) => number;

/** The figures that are a mean of per-unit sums: each unit's sum computed once. */
const meanOf =
  (x: (s: TrialScore) => number) =>
  (units: readonly Unit[], coefs: readonly number[]): Prepared => {
    const values = units.map((u) => combine(u, coefs, x));
    return (idx) => meanAt(values, idx);
  };

/** Each figure's statistic, prepared over the units of one contrast. */
const FIGURES: Record<keyof EffectFigures, (units: readonly Unit[], coefs: readonly number[]) => Prepared> = {
  passRate: meanOf(passOf),
  correctness: meanOf((s) => s.correctness),
  honestyFailRate: meanOf(dishonest),
  wallP50Ms: (units, coefs) => {
    const walls = coefs.map((_, i) => units.map((u) => u[i].timing.wallMs));
    return (idx) => {
      const sample = new Float64Array(idx.length);
      let sum = 0;
      for (let i = 0; i < coefs.length; i++) {
        for (let j = 0; j < idx.length; j++) sample[j] = walls[i][idx[j]];
        sample.sort();
        sum += coefs[i] * (sample.length ? quantileSorted(sample, 0.5) : 0);
      }
      return sum;
    };
  },
  tokens: meanOf(tokensOf),
};

export const FIGURE_NAMES = Object.keys(FIGURES) as (keyof EffectFigures)[];

/** The five figures of a contrast over `units`, each interval seeded by (`seed`, `key`, figure). */
export function contrastFigures(
  units: readonly Unit[],
  terms: Terms,
  seed: number,
  key: string,
): EffectFigures {
  const coefs = terms.map(([, k]) => k);
  const every = Int32Array.from(units, (_, i) => i);
  const out = {} as EffectFigures;
  for (const name of FIGURE_NAMES) {
    const stat = FIGURES[name](units, coefs);
    out[name] = {
      delta: r4(stat(every)),
      ci95: ri(resampled(units.length, stat, seed, `${key}\u0000${name}`)),
    };
  }
  return out;
}

/**
 * The units of a contrast's gate sets per golden × seat cell (`seat\0golden`), cells sorted by
 * seat then golden, units within a cell by repetition.
 */
export function unitsByCell(trials: readonly TrialRecord[], sets: readonly string[]): Map<string, Unit[]> {
  const index = new Map(sets.map((s, i) => [s, i]));
  const sides = new Map<string, TrialScore[]>();
  const byId = [...trials].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const tr of byId) {
    const i = index.get(tr.gateSet);
    if (i === undefined || tr.score.verdict === 'unscored' || rowKind(tr.seat) !== 'seat') continue;
    const k = `${tr.seat}\u0000${tr.golden}\u0000${String(tr.rep).padStart(6, '0')}`;
    const side = sides.get(k) ?? new Array<TrialScore>(sets.length);
    side[i] = tr.score;
    sides.set(k, side);
  }
  const out = new Map<string, Unit[]>();
  for (const k of [...sides.keys()].sort()) {
    const side = sides.get(k)!;
    if (sets.some((_, i) => !side[i])) continue;
    const cell = k.slice(0, k.lastIndexOf('\u0000'));
    out.set(cell, [...(out.get(cell) ?? []), side]);
  }
  return out;
}

/** A cell key's seat and golden. */
export function cellOf(cell: string): { seat: string; golden: string } {
  const [seat, golden] = cell.split('\u0000');
  return { seat, golden };
}
