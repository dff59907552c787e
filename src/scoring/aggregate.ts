/** Aggregates per golden × seat × gate set, and the paired gate effect (DESIGN §11). */
import { rowKind } from './baselines.js';
import { mean, passHatK, quantile, tInterval } from './stats.js';
import type { AggregateRow, GateEffect, Rounded, TrialRecord } from './types.js';

const r4 = (x: number): number => Math.round(x * 1e4) / 1e4;
const ri = (i: { lo: number; hi: number } | null): Rounded | null =>
  i ? { lo: r4(i.lo), hi: r4(i.hi) } : null;

export const rowKey = (t: { golden: string; seat: string; gateSet: string }): string =>
  `${t.golden}\u0000${t.seat}\u0000${t.gateSet}`;

const byId = (a: TrialRecord, b: TrialRecord): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function row(trials: TrialRecord[]): AggregateRow {
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
    correctness: { mean: r4(mean(c)), ci95: ri(tInterval(c)), method: 't' },
    passRate: r4(scored.length ? passes / scored.length : 0),
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
  };
}

/** One row per golden × seat × gate set, sorted by those keys; order of input does not matter. */
export function aggregate(trials: TrialRecord[]): AggregateRow[] {
  const groups = new Map<string, TrialRecord[]>();
  for (const t of [...trials].sort(byId)) {
    const k = rowKey(t);
    const g = groups.get(k);
    if (g) g.push(t);
    else groups.set(k, [t]);
  }
  return [...groups.keys()].sort().map((k) => row(groups.get(k)!));
}

/**
 * Paired gate effect: for each golden × seat, correctness under `treatment` minus under `control`
 * for the same repetition (hence the same seed); pairs with an unscored side are dropped. Only
 * configured seats pair: baselines and the ceiling are references, not treatments.
 */
export function gateEffects(trials: TrialRecord[], treatment = 'all', control = 'none'): GateEffect[] {
  const cells = new Map<
    string,
    { golden: string; seat: string; t: Map<number, number>; c: Map<number, number> }
  >();
  for (const tr of [...trials].sort(byId)) {
    if (tr.score.verdict === 'unscored' || (tr.gateSet !== treatment && tr.gateSet !== control)) continue;
    if (rowKind(tr.seat) !== 'seat') continue;
    const k = `${tr.golden}\u0000${tr.seat}`;
    let cell = cells.get(k);
    if (!cell) cells.set(k, (cell = { golden: tr.golden, seat: tr.seat, t: new Map(), c: new Map() }));
    (tr.gateSet === treatment ? cell.t : cell.c).set(tr.rep, tr.score.correctness);
  }
  const out: GateEffect[] = [];
  for (const k of [...cells.keys()].sort()) {
    const cell = cells.get(k)!;
    const diffs: number[] = [];
    for (const [rep, v] of [...cell.t].sort((a, b) => a[0] - b[0])) {
      const c = cell.c.get(rep);
      if (c !== undefined) diffs.push(v - c);
    }
    if (!diffs.length) continue;
    out.push({
      golden: cell.golden,
      seat: cell.seat,
      treatment,
      control,
      pairs: diffs.length,
      meanDiff: r4(mean(diffs)),
      ci95: ri(tInterval(diffs)),
    });
  }
  return out;
}
