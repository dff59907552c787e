/** Aggregates per golden × seat × gate set, and the paired gate effect (DESIGN §11). */
import { rowKind } from './baselines.js';
import { bootstrap, wilson } from './intervals.js';
import { mean, passHatK, quantile } from './stats.js';
import type {
  AggregateRow,
  EffectFigures,
  GateEffect,
  Rounded,
  SeatGateEffect,
  TrialRecord,
  TrialScore,
} from './types.js';

const r4 = (x: number): number => Math.round(x * 1e4) / 1e4;
const ri = (i: { lo: number; hi: number } | null): Rounded | null =>
  i ? { lo: r4(i.lo), hi: r4(i.hi) } : null;

export const rowKey = (t: { golden: string; seat: string; gateSet: string }): string =>
  `${t.golden}\u0000${t.seat}\u0000${t.gateSet}`;

const byId = (a: TrialRecord, b: TrialRecord): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function row(trials: TrialRecord[], seed: number): AggregateRow {
  const { golden, seat, gateSet } = trials[0];
  const scored = trials.filter((t) => t.score.verdict !== 'unscored').map((t) => t.score);
  const c = scored.map((s) => s.correctness);
  const passes = scored.filter((s) => s.verdict === 'pass').length;
  const q = (xs: number[]): { p50: number; p95: number } => ({
    p50: r4(quantile(xs, 0.5)),
    p95: r4(quantile(xs, 0.95)),
  });
  const clocks = new Set(scored.map((s) => s.timing.clock));
  const wall = q(scored.map((s) => s.timing.wallMs));
  return {
    golden,
    seat,
    gateSet,
    kind: rowKind(seat),
    n: scored.length,
    unscored: trials.length - scored.length,
    correctness: {
      mean: r4(mean(c)),
      ci95: ri(bootstrap(c, mean, seed, rowKey(trials[0]))),
      method: 'bootstrap',
    },
    passRate: r4(scored.length ? passes / scored.length : 0),
    passCi95: ri(wilson(passes, scored.length)),
    passHatK: passHatK(passes, scored.length).map(r4),
    coverage: {
      A: r4(mean(scored.map((s) => s.parts.A.coverage))),
      B: r4(mean(scored.map((s) => s.parts.B.coverage))),
    },
    honestyTrials: scored.filter((s) => s.honesty.length > 0).length,
    honestyFailures: scored.reduce((a, s) => a + s.honesty.length, 0),
    steers: scored.reduce((a, s) => a + s.counts.steers, 0),
    halts: scored.reduce((a, s) => a + s.counts.halts, 0),
    steerThenHalt: scored.filter((s) => s.counts.steers > 0 && s.counts.halts > 0).length,
    wall: {
      clock: clocks.size === 1 ? [...clocks][0] : clocks.size === 0 ? 'virtual' : 'mixed',
      ...wall,
      model: q(scored.map((s) => s.timing.modelMs)),
      tool: q(scored.map((s) => s.timing.toolMs)),
      queue: q(scored.map((s) => s.timing.queueMs)),
    },
    means: {
      turns: r4(mean(scored.map((s) => s.counts.turns))),
      toolCalls: r4(mean(scored.map((s) => s.counts.toolCalls))),
      waves: r4(mean(scored.map((s) => s.counts.waves))),
      maxFanout: r4(mean(scored.map((s) => s.counts.maxFanout))),
      // Output tokens already include reasoning tokens (AI SDK v6 and the providers count them so).
      tokens: r4(mean(scored.map((s) => s.tokens.input + s.tokens.output))),
      costUsd: r4(mean(scored.map((s) => s.costUsd))),
      fingerprints: r4(mean(scored.map((s) => s.counts.fingerprints))),
      untypedEnvelopes: r4(mean(scored.map((s) => s.counts.untypedEnvelopes))),
    },
    ...replayedOf(trials),
  };
}

/** Replayed turns, tokens and cost of every trial of a row (an unscored one's too: its turns were real work). */
function replayedOf(trials: TrialRecord[]): Pick<AggregateRow, 'replayed'> {
  const rs = trials.flatMap((t) => (t.score.replayed ? [t.score.replayed] : []));
  if (!rs.length) return {};
  const sum = (k: 'turns' | 'tokens' | 'costUsd') => rs.reduce((a, r) => a + r[k], 0);
  return { replayed: { turns: sum('turns'), tokens: sum('tokens'), costUsd: r4(sum('costUsd')) } };
}

/**
 * One row per golden × seat × gate set, sorted by those keys; order of input does not matter.
 * `seed` (the run's) seeds each row's bootstrap, so intervals are reproducible.
 */
export function aggregate(trials: TrialRecord[], seed: number): AggregateRow[] {
  const groups = new Map<string, TrialRecord[]>();
  for (const t of [...trials].sort(byId)) {
    const k = rowKey(t);
    const g = groups.get(k);
    if (g) g.push(t);
    else groups.set(k, [t]);
  }
  return [...groups.keys()].sort().map((k) => row(groups.get(k)!, seed));
}

type Pair = { t: TrialScore; c: TrialScore };

const tokensOf = (s: TrialScore): number => s.tokens.input + s.tokens.output;
const passOf = (s: TrialScore): number => (s.verdict === 'pass' ? 1 : 0);
const dishonest = (s: TrialScore): number => (s.honesty.length > 0 ? 1 : 0);

/** Each figure's statistic over a sample of pairs: means of per-pair differences, or Δ of medians. */
const FIGURES: Record<keyof EffectFigures, (pairs: readonly Pair[]) => number> = {
  passRate: (ps) => mean(ps.map((p) => passOf(p.t) - passOf(p.c))),
  correctness: (ps) => mean(ps.map((p) => p.t.correctness - p.c.correctness)),
  honestyFailRate: (ps) => mean(ps.map((p) => dishonest(p.t) - dishonest(p.c))),
  wallP50Ms: (ps) =>
    quantile(
      ps.map((p) => p.t.timing.wallMs),
      0.5,
    ) -
    quantile(
      ps.map((p) => p.c.timing.wallMs),
      0.5,
    ),
  tokens: (ps) => mean(ps.map((p) => tokensOf(p.t) - tokensOf(p.c))),
};

function figures(pairs: Pair[], seed: number, key: string): EffectFigures {
  const out = {} as EffectFigures;
  for (const name of Object.keys(FIGURES) as (keyof EffectFigures)[]) {
    const stat = FIGURES[name];
    out[name] = { delta: r4(stat(pairs)), ci95: ri(bootstrap(pairs, stat, seed, `${key}\u0000${name}`)) };
  }
  return out;
}

/**
 * Pairs of trials scored under both gate sets, by golden × seat and repetition (hence the same
 * seed); pairs with an unscored side are dropped. Only configured seats pair: baselines and the
 * ceiling are references, not treatments.
 */
function pairsBySeatGolden(trials: TrialRecord[], treatment: string, control: string): Map<string, Pair[]> {
  const sides = new Map<string, { t?: TrialScore; c?: TrialScore }>();
  for (const tr of [...trials].sort(byId)) {
    if (tr.score.verdict === 'unscored' || (tr.gateSet !== treatment && tr.gateSet !== control)) continue;
    if (rowKind(tr.seat) !== 'seat') continue;
    const k = `${tr.seat}\u0000${tr.golden}\u0000${String(tr.rep).padStart(6, '0')}`;
    const side = sides.get(k) ?? {};
    if (tr.gateSet === treatment) side.t = tr.score;
    else side.c = tr.score;
    sides.set(k, side);
  }
  const out = new Map<string, Pair[]>();
  for (const k of [...sides.keys()].sort()) {
    const { t, c } = sides.get(k)!;
    if (!t || !c) continue;
    const cell = k.slice(0, k.lastIndexOf('\u0000'));
    out.set(cell, [...(out.get(cell) ?? []), { t, c }]);
  }
  return out;
}

/** The paired gate effect per golden × seat (DESIGN §11), sorted by golden then seat. */
export function gateEffects(
  trials: TrialRecord[],
  seed: number,
  treatment = 'all',
  control = 'none',
): GateEffect[] {
  const out: GateEffect[] = [];
  for (const [cell, pairs] of pairsBySeatGolden(trials, treatment, control)) {
    const [seat, golden] = cell.split('\u0000');
    const key = `${golden}\u0000${seat}\u0000${treatment}\u0000${control}`;
    out.push({ golden, seat, treatment, control, pairs: pairs.length, ...figures(pairs, seed, key) });
  }
  return out.sort((a, b) => (a.golden < b.golden ? -1 : a.golden > b.golden ? 1 : a.seat < b.seat ? -1 : 1));
}

/** The paired gate effect per seat, pooled over every golden it ran (pairs by golden and repetition). */
export function seatGateEffects(
  trials: TrialRecord[],
  seed: number,
  treatment = 'all',
  control = 'none',
): SeatGateEffect[] {
  const bySeat = new Map<string, { goldens: number; pairs: Pair[] }>();
  for (const [cell, pairs] of pairsBySeatGolden(trials, treatment, control)) {
    const seat = cell.split('\u0000')[0];
    const acc = bySeat.get(seat) ?? { goldens: 0, pairs: [] };
    acc.goldens += 1;
    acc.pairs.push(...pairs);
    bySeat.set(seat, acc);
  }
  return [...bySeat.keys()].sort().map((seat) => {
    const { goldens, pairs } = bySeat.get(seat)!;
    const key = `*\u0000${seat}\u0000${treatment}\u0000${control}`;
    return { seat, treatment, control, goldens, pairs: pairs.length, ...figures(pairs, seed, key) };
  });
}
