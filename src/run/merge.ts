/**
 * bench merge DIR...: shard folders → one run folder. Trials are unioned by id (a trial in two
 * shards must have the same record; shards of one plan never overlap), traces are copied, and the
 * reports are rendered from the merged journal as if one run had done everything.
 */
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../errors.js';
import type { Scorecard, TrialRecord } from '../scoring/index.js';
import { appendJournal, JOURNAL_FILE, readJournal } from './journal.js';
import { assertFolder, makeFolder } from './out-path.js';
import { reportRun } from './report.js';
import {
  type RunManifest,
  readBaselines,
  readManifest,
  writeBaselines,
  writeManifest,
} from './run-folder.js';

const union = (xs: string[][]): string[] => [...new Set(xs.flat())];

export function mergeRuns(dirs: string[], out: string): Scorecard {
  if (!dirs.length) throw new InputError('bench merge: give at least one run folder');
  if (existsSync(join(out, 'run.json')))
    throw new InputError(`${out} already holds a run; merge into a new folder`);
  const manifests = dirs.map(readManifest);
  const seeds = new Set(manifests.map((m) => m.plan.seed));
  if (seeds.size > 1)
    throw new InputError(
      `bench merge: the folders come from runs with different seeds (${[...seeds].join(', ')})`,
    );
  assertFolder(out, '--out');
  makeFolder(out, '--out');
  const trials = new Map<string, TrialRecord>();
  const baselines = new Map<string, TrialRecord>();
  for (const dir of dirs) {
    for (const [id, rec] of readJournal(join(dir, JOURNAL_FILE))) trials.set(id, rec);
    for (const b of readBaselines(dir)) baselines.set(b.id, b);
    if (existsSync(join(dir, 'traces')))
      cpSync(join(dir, 'traces'), join(out, 'traces'), { recursive: true });
  }
  const first = manifests[0];
  const merged: RunManifest = {
    ...first,
    runId: `merged-${first.runId}`,
    plan: {
      seed: first.plan.seed,
      repetitions: Math.max(...manifests.map((m) => m.plan.repetitions)),
      goldens: union(manifests.map((m) => m.plan.goldens)),
      seats: union(manifests.map((m) => m.plan.seats)),
      gateSets: union(manifests.map((m) => m.plan.gateSets)),
      shard: null,
    },
    skipped: [...new Map(manifests.flatMap((m) => m.skipped ?? []).map((s) => [s.seat, s])).values()],
  };
  writeManifest(out, merged);
  writeBaselines(out, [...baselines.values()]);
  const ids = [...trials.keys()].sort();
  for (const id of ids) appendJournal(join(out, JOURNAL_FILE), trials.get(id)!);
  return reportRun(out);
}
