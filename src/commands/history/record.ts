/**
 * A finished run into the history: `bench run` and `bench merge` record theirs as they end (a
 * failure to record is a warning, never the run's outcome: the run folder holds everything), and
 * `bench history import DIR...` records folders after the fact (CI artefacts), each read as
 * `bench diff` reads one.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { InputError } from '../../errors.js';
import type { HistorySource } from '../../formats/history.js';
import type { RunManifest, Scorecard } from '../../formats/run/index.js';
import {
  type GitState,
  gitState,
  type HistoryStore,
  historyRecord,
  openHistory,
} from '../../history/index.js';
import { readManifest } from '../../runlog/manifest.js';
import { readScorecard } from '../../runlog/scorecard.js';
import { incompleteRun } from '../report/index.js';

export interface Recorder {
  /** Record the run; returns the line to print, or undefined when there is nothing to say. */
  record(dir: string, manifest: RunManifest, scorecard: Scorecard): Promise<string | undefined>;
}

/**
 * The recorder of one command: the git state is asked for now, while the run runs, and awaited
 * only when the run is recorded.
 */
export function recorder(target: string | null, source: HistorySource, cwd: string): Recorder | undefined {
  if (target === null) return undefined;
  const git = gitState(cwd);
  return {
    async record(dir, manifest, scorecard) {
      try {
        const store = await openHistory(target);
        try {
          await store.record(
            historyRecord({ dir: resolve(dir), manifest, scorecard, source, git: await git }),
          );
        } finally {
          await store.close();
        }
        return undefined;
      } catch (e) {
        return `history: run ${manifest.runId} not recorded in ${target.startsWith('postgres') ? 'the PostgreSQL history' : target}: ${(e as Error).message}\n`;
      }
    },
  };
}

/** The folder a run's config sat in, where its git state is read (the working directory when the config is gone). */
export function configFolder(manifest: RunManifest): string {
  const dir = dirname(resolve(manifest.configFile));
  return existsSync(dir) ? dir : process.cwd();
}

export interface ImportResult {
  dir: string;
  runId: string;
  result: 'added' | 'replaced';
}

/** One folder read and recorded (a folder short of its plan is recorded as incomplete). */
async function importOne(store: HistoryStore, dir: string, git: GitState | null): Promise<ImportResult> {
  if (!existsSync(join(dir, 'run.json')))
    throw new InputError(`bench history import ${dir}: not a run folder (no run.json)`);
  const manifest = readManifest(dir);
  const scorecard = readScorecard(dir);
  const inc = incompleteRun(dir);
  if (inc) scorecard.meta.incomplete = inc;
  const result = await store.record(
    historyRecord({ dir: resolve(dir), manifest, scorecard, source: 'import', git }),
  );
  return { dir, runId: manifest.runId, result };
}

/**
 * `bench history import DIR...`: each folder recorded, in the order given, in one store. The git
 * state is not the folder's (a CI artefact has none): `commit` says which commit the runs are of
 * (`--commit`), else none is recorded.
 */
export async function importRuns(
  target: string,
  dirs: string[],
  opts: { commit?: string; branch?: string } = {},
): Promise<ImportResult[]> {
  const git: GitState | null = opts.commit
    ? { commit: opts.commit, branch: opts.branch ?? null, dirty: false }
    : null;
  const store = await openHistory(target);
  try {
    const out: ImportResult[] = [];
    for (const dir of dirs) out.push(await importOne(store, dir, git));
    return out;
  } finally {
    await store.close();
  }
}
