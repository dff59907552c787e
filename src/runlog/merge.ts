/**
 * bench merge DIR...: shard folders → one run folder. The shards must come from one plan and agree
 * on every trial they share (runlog/merge-check.ts); trials are unioned by id, traces are copied, and
 * the reports are rendered from the merged journal as if one run had done everything. Every folder
 * involved is locked, so a shard still running cannot be merged half-done.
 */
import { cpSync, existsSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../errors.js';
import type { Scorecard, TrialRecord } from '../scoring/index.js';
import { appendJournal, describeTorn, JOURNAL_FILE, scanJournal } from './journal.js';
import { lockRunFolder, type RunLock } from './lock.js';
import { type RunManifest, readManifest, writeManifest } from './manifest.js';
import { addRecords, assertAllShards, assertOnePlan } from './merge-check.js';
import { assertFolder } from './out-path.js';
import { readBaselines, writeBaselines } from './run-folder.js';

export interface MergeFolderOptions {
  warn: (line: string) => void;
  /** Renders the merged folder's reports while every folder is still locked (commands/merge/index.ts). */
  report: (dir: string, warn: (line: string) => void) => Scorecard;
}

export function mergeRunFolders(dirs: string[], out: string, opts: MergeFolderOptions): Scorecard {
  const { warn } = opts;
  if (!dirs.length) throw new InputError('bench merge: give at least one run folder');
  const manifests = dirs.map(readManifest);
  const seeds = new Set(manifests.map((m) => m.plan.seed));
  if (seeds.size > 1)
    throw new InputError(
      `bench merge: the folders come from runs with different seeds (${[...seeds].join(', ')})`,
    );
  assertOnePlan(dirs, manifests);
  assertAllShards(dirs, manifests);
  assertFolder(out, '--out');
  const locks: RunLock[] = [];
  try {
    // a folder named twice is one folder: lock it once
    const unique = [...new Map(dirs.map((d) => [realpathSync(d), d])).values()];
    for (const d of [...unique, out]) locks.push(lockRunFolder(d, warn));
    if (existsSync(join(out, 'run.json')))
      throw new InputError(`${out} already holds a run; merge into a new folder`);
    mergeLocked(dirs, out, manifests, warn);
    return opts.report(out, warn);
  } finally {
    for (const l of locks) l.release();
  }
}

function mergeLocked(dirs: string[], out: string, manifests: RunManifest[], warn: (l: string) => void): void {
  const trials = new Map<string, { rec: TrialRecord; dir: string }>();
  const baselines = new Map<string, TrialRecord>();
  for (const dir of dirs) {
    const journal = scanJournal(join(dir, JOURNAL_FILE));
    if (journal.torn) warn(`${describeTorn(join(dir, JOURNAL_FILE), journal.torn)} left out of the merge\n`);
    addRecords(trials, dir, journal.records);
    for (const b of readBaselines(dir)) baselines.set(b.id, b);
  }
  for (const dir of dirs)
    if (existsSync(join(dir, 'traces')))
      cpSync(join(dir, 'traces'), join(out, 'traces'), { recursive: true });
  const first = manifests[0];
  const merged: RunManifest = {
    ...first,
    runId: `merged-${first.runId}`,
    plan: { ...first.plan, shard: null },
    // a shard records the gate sets it ran: the merged run ran them all
    gateSets: Object.assign({}, ...manifests.map((m) => m.gateSets ?? {})),
    skipped: [...new Map(manifests.flatMap((m) => m.skipped).map((s) => [s.seat, s])).values()],
  };
  // shards run side by side, so the merged run took as long as its slowest shard
  const times = manifests.flatMap((m) => (m.elapsedMs === undefined ? [] : [m.elapsedMs]));
  if (times.length) merged.elapsedMs = Math.max(...times);
  else delete merged.elapsedMs;
  writeManifest(out, merged);
  writeBaselines(out, [...baselines.values()]);
  appendJournal(join(out, JOURNAL_FILE), ...[...trials.keys()].sort().map((id) => trials.get(id)!.rec));
}
