/**
 * Which row of BASE a row of HEAD is compared with. Rows pair by golden × seat × gate set, with
 * two ways to compare differently named gate sets (all in BASE against no-ledger in HEAD):
 * automatically when each side ran exactly one, or by an explicit `base=head` pairing
 * (`bench diff --pair all=no-ledger`). Only configured seats are re-paired: null baselines run
 * under none and the ceiling under all, whatever was asked, so they pair by their own set.
 */
import { InputError } from '../../errors.js';
import { rowKind } from '../baselines.js';
import type { AggregateRow, Scorecard, TrialRecord } from '../types.js';

export interface Pair {
  label: string;
  base?: AggregateRow;
  head?: AggregateRow;
  baseTrials: TrialRecord[];
  headTrials: TrialRecord[];
}

/** BASE gate set → the HEAD gate set its rows are compared with. */
export type SetPairs = Record<string, string>;

type Keyed = { golden: string; seat: string; gateSet: string };
const isSeat = (x: { seat: string }): boolean => rowKind(x.seat) === 'seat';
const seatSets = (sc: Scorecard): Set<string> => new Set(sc.rows.filter(isSeat).map((r) => r.gateSet));

/** `--pair all=no-ledger` (repeatable) as a map; each side's name used once. */
export function parseSetPairs(specs: readonly string[] = []): SetPairs {
  const out: SetPairs = {};
  const heads = new Set<string>();
  for (const spec of specs) {
    const m = /^([^=\s]+)=([^=\s]+)$/.exec(spec.trim());
    if (!m) throw new InputError(`--pair ${spec}: expected BASE_SET=HEAD_SET (e.g. all=no-ledger)`);
    if (m[1] in out || heads.has(m[2]))
      throw new InputError(`--pair ${spec}: each gate set may be paired once`);
    out[m[1]] = m[2];
    heads.add(m[2]);
  }
  return out;
}

/**
 * The pairing in force: the explicit one, else the automatic one when each side has one seat gate
 * set and their names differ. A named set that neither run has is bad input, not an empty diff.
 */
export function resolveSetPairs(base: Scorecard, head: Scorecard, explicit: SetPairs): SetPairs {
  const b = seatSets(base);
  const h = seatSets(head);
  for (const [bs, hs] of Object.entries(explicit)) {
    if (!b.has(bs)) throw new InputError(`--pair ${bs}=${hs}: BASE has no seat rows of gate set ${bs}`);
    if (!h.has(hs)) throw new InputError(`--pair ${bs}=${hs}: HEAD has no seat rows of gate set ${hs}`);
  }
  if (Object.keys(explicit).length) return explicit;
  const [only] = b;
  const [other] = h;
  return b.size === 1 && h.size === 1 && only !== other ? { [only]: other } : {};
}

export function pairRows(
  base: Scorecard,
  head: Scorecard,
  pairs: SetPairs,
  changes: Map<string, string>,
): Pair[] {
  const toBase = new Map(Object.entries(pairs).map(([b, h]) => [h, b]));
  // Keyed by the BASE name of the gate set, so a re-paired HEAD row lands beside its partner; a
  // HEAD row under a BASE name that was re-paired has no partner and must not take that place.
  const keyOf = (x: Keyed, side: 'base' | 'head'): string => {
    let set = x.gateSet;
    if (side === 'head' && isSeat(x)) set = toBase.get(set) ?? (set in pairs ? `${set}\u0000head` : set);
    return `${x.golden} × ${x.seat} × ${set}`;
  };
  const out = new Map<string, Pair>();
  const get = (k: string): Pair => {
    let p = out.get(k);
    if (!p) out.set(k, (p = { label: k, baseTrials: [], headTrials: [] }));
    return p;
  };
  for (const r of base.rows) get(keyOf(r, 'base')).base = r;
  for (const r of head.rows) get(keyOf(r, 'head')).head = r;
  for (const t of base.trials) out.get(keyOf(t, 'base'))?.baseTrials.push(t);
  for (const t of head.trials) out.get(keyOf(t, 'head'))?.headTrials.push(t);
  for (const p of out.values()) {
    const r = (p.base ?? p.head)!;
    const moved = p.base && p.head && p.base.gateSet !== p.head.gateSet ? ` → ${p.head.gateSet}` : '';
    p.label = `${r.golden} × ${r.seat} × ${r.gateSet}${moved}`;
    if (changes.has(r.gateSet)) p.label = `${p.label} (gate set ${r.gateSet} changed meaning)`;
  }
  return [...out.keys()].sort().map((k) => out.get(k)!);
}

/**
 * Seat rows left without a partner whose golden × seat ran on the other side under another gate
 * set: `BASE_SET=HEAD_SET` pairings that would compare them (a diff that only shows them as
 * added and removed would pass without comparing anything).
 */
export function unpairedSets(pairs: Pair[]): string[] {
  const key = (r: AggregateRow) => `${r.golden} × ${r.seat}`;
  const removed = new Map<string, string>();
  for (const p of pairs) if (p.base && !p.head && isSeat(p.base)) removed.set(key(p.base), p.base.gateSet);
  const out = new Set<string>();
  for (const p of pairs) {
    const b = p.head && !p.base && isSeat(p.head) ? removed.get(key(p.head)) : undefined;
    if (b !== undefined) out.add(`${b}=${p.head!.gateSet}`);
  }
  return [...out].sort();
}
