/**
 * Why a row moved, in the terms of the gates: which gate decisions changed between its BASE and
 * HEAD trials (a ledger that no longer steers or halts, a fan-out cap that no longer blocks),
 * which honesty rules fired, and the HEAD trials that moved, so a reviewer can open one. Pure: the
 * gate decisions come from a tally the caller reads from each trial's trace (commands/diff); without
 * one, the scores' steer and halt counts stand in.
 */
import type { TrialRecord } from '../types.js';
import type { Pair } from './pairs.js';

/** One trial's gate decisions but `allow`, counted by `<gate> <decision>` (`ledger steer`). */
export type GateTally = Record<string, number>;

/** The tally of a trial of BASE or HEAD, when its trace can be read. */
export type TallyOf = (side: 'base' | 'head', trial: TrialRecord) => GateTally | undefined;

export interface Count {
  what: string;
  base: number;
  head: number;
}

export interface Cause {
  /** Gate decisions whose count over the row's paired trials changed (`ledger halt` 5 → 0). */
  gates: Count[];
  /** Honesty rules (by kind) whose count of failures changed. */
  honesty: Count[];
  /** HEAD trials that moved (verdict, honesty, gate decisions or fingerprints), in rep order. */
  trials: { id: string; rep: number; dir: string }[];
  /** Where `gates` came from: every paired trial's trace, or the scores' steer and halt counts. */
  from: 'traces' | 'scores';
}

const add = (into: Map<string, number>, key: string, n = 1) => into.set(key, (into.get(key) ?? 0) + n);

function changed(base: Map<string, number>, head: Map<string, number>): Count[] {
  const keys = [...new Set([...base.keys(), ...head.keys()])].sort();
  return keys
    .map((what) => ({ what, base: base.get(what) ?? 0, head: head.get(what) ?? 0 }))
    .filter((c) => c.base !== c.head);
}

const fromScore = (t: TrialRecord): GateTally => ({
  steer: t.score.counts.steers,
  halt: t.score.counts.halts,
});
/** A tally as one comparable string (zero counts left out). */
const sig = (g: GateTally): string =>
  Object.entries(g)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .join(';');
const kinds = (t: TrialRecord): string =>
  t.score.honesty
    .map((h) => h.kind)
    .sort()
    .join(',');

export function causeOf(p: Pair, tally?: TallyOf): Cause {
  const byRep = new Map(p.baseTrials.map((t) => [t.rep, t]));
  const pairs = [...p.headTrials]
    .sort((a, b) => a.rep - b.rep)
    .flatMap((h) => (byRep.has(h.rep) ? [{ b: byRep.get(h.rep)!, h }] : []));
  const read = pairs.map(({ b, h }) => ({ b, h, tb: tally?.('base', b), th: tally?.('head', h) }));
  const traced = read.length > 0 && read.every((x) => x.tb && x.th);
  const gates = { base: new Map<string, number>(), head: new Map<string, number>() };
  const honesty = { base: new Map<string, number>(), head: new Map<string, number>() };
  const trials: Cause['trials'] = [];
  for (const { b, h, tb, th } of read) {
    const [gb, gh] = traced ? [tb!, th!] : [fromScore(b), fromScore(h)];
    for (const [k, n] of Object.entries(gb)) add(gates.base, k, n);
    for (const [k, n] of Object.entries(gh)) add(gates.head, k, n);
    for (const x of b.score.honesty) add(honesty.base, x.kind);
    for (const x of h.score.honesty) add(honesty.head, x.kind);
    const moved =
      b.score.verdict !== h.score.verdict ||
      kinds(b) !== kinds(h) ||
      sig(gb) !== sig(gh) ||
      b.score.fingerprints.join(',') !== h.score.fingerprints.join(',');
    if (moved) trials.push({ id: h.id, rep: h.rep, dir: h.dir });
  }
  return {
    gates: changed(gates.base, gates.head),
    honesty: changed(honesty.base, honesty.head),
    trials,
    from: traced ? 'traces' : 'scores',
  };
}
