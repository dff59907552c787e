/** Aggregates per golden × seat × gate set, and the paired gate effect (DESIGN §11). */
import { rowKind } from './baselines.js';
import { cellOf, contrastFigures, type Unit, unitsByCell } from './contrast.js';
import { bootstrapMean, wilson } from './intervals.js';
import { mean, passHatK, quantile } from './stats.js';
import type { AggregateRow, GateEffect, Rounded, SeatGateEffect, TrialRecord, TrialScore } from './types.js';

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
      ci95: ri(bootstrapMean(c, seed, rowKey(trials[0]))),
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
    ...trajectoryOf(scored),
    ...staleOf(scored),
  };
}

/** The stale-tools figures of a row (absent: none of its trials recorded a tool catalog). */
function staleOf(scored: TrialScore[]): Pick<AggregateRow, 'stale'> {
  const judged = scored.flatMap((s) => (s.stale ? [s.stale] : []));
  if (!judged.length) return {};
  return {
    stale: {
      trials: judged.filter((s) => s.calls > 0).length,
      refreshed: judged.filter((s) => s.refreshed).length,
      rested: judged.filter((s) => s.rested).length,
    },
  };
}

/** Per trajectory check, the scored trials it failed, in the golden's order (absent: no check was judged). */
function trajectoryOf(scored: TrialScore[]): Pick<AggregateRow, 'trajectory'> {
  const judged = scored.filter((s) => s.trajectory);
  if (!judged.length) return {};
  const checks = new Map<string, { id: string; check: string; failed: number }>();
  for (const s of judged)
    for (const t of s.trajectory ?? []) {
      const c = checks.get(t.id) ?? { id: t.id, check: t.check, failed: 0 };
      if (!t.passed) c.failed++;
      checks.set(t.id, c);
    }
  const trials = judged.filter((s) => s.trajectory?.some((t) => !t.passed)).length;
  return { trajectory: { trials, checks: [...checks.values()] } };
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

/** The paired gate effect per golden × seat (DESIGN §11), sorted by golden then seat. */
export function gateEffects(
  trials: TrialRecord[],
  seed: number,
  treatment = 'all',
  control = 'none',
): GateEffect[] {
  const terms = [
    [treatment, 1],
    [control, -1],
  ] as const;
  const out: GateEffect[] = [];
  for (const [cell, units] of unitsByCell(trials, [treatment, control])) {
    const { seat, golden } = cellOf(cell);
    const key = `${golden}\u0000${seat}\u0000${treatment}\u0000${control}`;
    out.push({
      golden,
      seat,
      treatment,
      control,
      pairs: units.length,
      ...contrastFigures(units, terms, seed, key),
    });
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
  const terms = [
    [treatment, 1],
    [control, -1],
  ] as const;
  return unitsBySeat(unitsByCell(trials, [treatment, control])).map(({ seat, goldens, units }) => {
    const key = `*\u0000${seat}\u0000${treatment}\u0000${control}`;
    return {
      seat,
      treatment,
      control,
      goldens,
      pairs: units.length,
      ...contrastFigures(units, terms, seed, key),
    };
  });
}

/** Cells pooled per seat (seats sorted; units in cell order): what a per-seat effect resamples. */
export function unitsBySeat(cells: Map<string, Unit[]>): { seat: string; goldens: number; units: Unit[] }[] {
  const bySeat = new Map<string, { goldens: number; units: Unit[] }>();
  for (const [cell, units] of cells) {
    const { seat } = cellOf(cell);
    const acc = bySeat.get(seat) ?? { goldens: 0, units: [] };
    acc.goldens += 1;
    acc.units.push(...units);
    bySeat.set(seat, acc);
  }
  return [...bySeat.keys()].sort().map((seat) => ({ seat, ...bySeat.get(seat)! }));
}
