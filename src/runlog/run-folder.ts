/**
 * A run folder: `run.json` (what was asked: enough to plan the same trials again), `journal.jsonl`
 * (what finished), `baselines.json`, `traces/<trial id>/`, the rendered reports, and `run.lock`
 * while a process works in it (runlog/lock.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../errors.js';
import type { AssertRule } from '../formats/assert.js';
import type { Pricing } from '../formats/rate-limits.js';
import {
  BaselinesFile,
  loadRunFile,
  type PlanRecord,
  type RecordedGateSet,
  RunManifestFile,
} from '../formats/run/index.js';
import type { Thresholds, TrialRecord } from '../scoring/index.js';
import { writeAtomic } from './files.js';
import type { InputHashes } from './run-inputs.js';

export const RUN_FORMAT = 'rematch.run/1';

export interface RunManifest {
  format: typeof RUN_FORMAT;
  runId: string;
  createdAt: string;
  /** The config file used (may not exist: defaults), and the golden and seat paths it named. */
  configFile: string;
  goldenPaths: string[];
  seatPaths: string[];
  plan: PlanRecord;
  thresholds: Thresholds;
  contended: boolean;
  /**
   * What each gate set of the run meant (its resolved gates, settings, and `all`'s version), so
   * `bench diff` can say when one name stands for different gates in two runs.
   */
  gateSets?: Record<string, RecordedGateSet>;
  /** Hashes of the goldens, seats, config and gate sets the run started with (`--resume` checks them). */
  inputs?: InputHashes;
  /** Seats skipped for a missing key, one reason each (filled as the run goes). */
  skipped: { seat: string; reason: string }[];
  /** The config's `assert:` rules, judged whenever the folder becomes a scorecard (run, report, merge). */
  assert?: AssertRule[];
  /** The plan left out part of the config's matrix (plan/partial.ts): a rule selecting nothing planned is skipped. */
  assertPartial?: boolean;
  /** Real ms spent executing trials, summed over every invocation (a resume adds its own). */
  elapsedMs?: number;
  /** Each priced seat's prices, source and date (the scorecard says where its costs come from). */
  pricing?: Record<string, Pricing>;
  /** The spend cap the run was started with, USD. */
  maxCost?: number;
}

export const traceDirOf = (id: string): string => join('traces', ...id.split('/'));

export function writeManifest(dir: string, m: RunManifest): void {
  writeAtomic(join(dir, 'run.json'), `${JSON.stringify(m, null, 2)}\n`);
}

export function readManifest(dir: string): RunManifest {
  const file = join(dir, 'run.json');
  if (!existsSync(file)) throw new InputError(`${dir}: not a run folder (no run.json)`);
  return loadRunFile(file, RunManifestFile, 'run manifest', { format: { want: RUN_FORMAT } }) as RunManifest;
}

export function writeBaselines(dir: string, records: TrialRecord[]): void {
  writeAtomic(join(dir, 'baselines.json'), `${JSON.stringify(records, null, 2)}\n`);
}

export function readBaselines(dir: string): TrialRecord[] {
  const file = join(dir, 'baselines.json');
  return existsSync(file) ? loadRunFile(file, BaselinesFile, 'baselines') : [];
}
