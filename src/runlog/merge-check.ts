/**
 * What makes shard folders mergeable: they come from one plan (same seed, repetitions, goldens,
 * seats, gate sets, thresholds, mode, input hashes and recorded `assert:` rules: only the shard
 * may differ), and a trial
 * found in two folders has the same record in both. Anything else would quietly make one
 * scorecard out of two different runs. Nor may a shard be missing: the merged run would be part of
 * the plan reported as all of it (a CI job whose shard failed to upload would diff half a run).
 */
import { isDeepStrictEqual } from 'node:util';
import { InputError } from '../errors.js';
import type { TrialRecord } from '../scoring/index.js';
import type { RunManifest } from './manifest.js';

/** The parts of run.json two shards of one plan share, by the name a message uses. */
function planOf(m: RunManifest): Record<string, unknown> {
  return {
    seed: m.plan.seed,
    repetitions: m.plan.repetitions,
    goldens: m.plan.goldens,
    seats: m.plan.seats,
    'gate sets': m.plan.gateSets,
    'ceiling settings': m.plan.ceiling,
    thresholds: m.thresholds,
    contended: m.contended,
    'input hashes': m.inputs ?? null,
    // the merged run judges one set of rules: a shard run with --no-assert, or from another
    // config's rules, or planned as part of the matrix while another was not, is another plan
    'assert: rules': m.assert ?? [],
    'partial flags (assertPartial)': m.assertPartial ?? false,
    "the config's matrix (assertMatrix)": m.assertMatrix ?? null,
  };
}

/** Which golden, seat, config key or gate set the two input hash sets disagree on. */
function inputDetail(a: unknown, b: unknown): string {
  const x = (a ?? {}) as Record<string, Record<string, unknown>>;
  const y = (b ?? {}) as Record<string, Record<string, unknown>>;
  const names: string[] = [];
  for (const part of ['goldens', 'seats', 'gateSets', 'config'])
    for (const k of new Set([...Object.keys(x[part] ?? {}), ...Object.keys(y[part] ?? {})]))
      if (!isDeepStrictEqual(x[part]?.[k], y[part]?.[k])) names.push(`${part}.${k}`);
  return names.length ? ` (${names.slice(0, 5).join(', ')})` : '';
}

/** A shard's rules in a message: how many, not their JSON (a config's rules run to many lines). */
const rulesOf = (v: unknown): string => {
  const n = Array.isArray(v) ? v.length : 0;
  return n ? `${n} rule${n > 1 ? 's' : ''}` : 'none (--no-assert, or a config without rules)';
};

const show = (v: unknown): string => (typeof v === 'object' ? JSON.stringify(v) : String(v));

export function assertOnePlan(dirs: string[], manifests: RunManifest[]): void {
  const first = planOf(manifests[0]);
  for (const [i, m] of manifests.entries()) {
    const p = planOf(m);
    for (const key of Object.keys(first)) {
      if (isDeepStrictEqual(first[key], p[key])) continue;
      const detail =
        key === 'input hashes'
          ? inputDetail(first[key], p[key])
          : key === 'assert: rules'
            ? ` (${rulesOf(first[key])} vs ${rulesOf(p[key])})`
            : ` (${show(first[key])} vs ${show(p[key])})`;
      throw new InputError(
        `bench merge: ${dirs[0]} and ${dirs[i]} come from different plans: their ${key} differ${detail}`,
      );
    }
  }
}

/** Every shard i/n for i = 1..n is among the folders, unless one of them ran the whole plan. */
export function assertAllShards(dirs: string[], manifests: RunManifest[]): void {
  const shards = manifests.map((m) => m.plan.shard ?? null);
  if (shards.some((s) => s === null)) return;
  const byCount = new Map<number, Set<number>>();
  for (const s of shards) byCount.set(s!.count, (byCount.get(s!.count) ?? new Set()).add(s!.index));
  for (const [count, seen] of byCount) {
    const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seen.has(i));
    if (!missing.length) return;
    if (byCount.size === 1)
      throw new InputError(
        `bench merge: shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${count}`).join(', ')} missing (given: ${dirs
          .map((d, j) => `${d} = ${shards[j]!.index}/${count}`)
          .join(', ')}); a merge of part of the shards would report part of the plan as all of it`,
      );
  }
  throw new InputError(
    `bench merge: the shards (${shards.map((s) => `${s!.index}/${s!.count}`).join(', ')}) do not cover the plan: give every shard i/n of one n`,
  );
}

/** The first field of two records of one trial that differs, e.g. `score.correctness`. */
function firstDifference(a: unknown, b: unknown, path: string): string {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return path;
  const ka = a as Record<string, unknown>;
  const kb = b as Record<string, unknown>;
  for (const k of [...new Set([...Object.keys(ka), ...Object.keys(kb)])])
    if (!isDeepStrictEqual(ka[k], kb[k])) return firstDifference(ka[k], kb[k], path ? `${path}.${k}` : k);
  return path;
}

/** A record without its real elapsed time: the same trial run twice takes different real time. */
const outcomeOf = ({ elapsedMs: _, ...rec }: TrialRecord): Omit<TrialRecord, 'elapsedMs'> => rec;

/** Adds one folder's records to `into`, refusing a trial already there with another record. */
export function addRecords(
  into: Map<string, { rec: TrialRecord; dir: string }>,
  dir: string,
  records: Map<string, TrialRecord>,
): void {
  for (const [id, rec] of records) {
    const seen = into.get(id);
    if (!seen) into.set(id, { rec, dir });
    else if (!isDeepStrictEqual(outcomeOf(seen.rec), outcomeOf(rec)))
      throw new InputError(
        `bench merge: trial ${id} has different records in ${seen.dir} and ${dir} (${firstDifference(outcomeOf(seen.rec), outcomeOf(rec), '')} differs)`,
      );
  }
}
