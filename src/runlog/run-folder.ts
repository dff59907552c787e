/**
 * A run folder: `run.json` (what was asked: enough to plan the same trials again; manifest.ts),
 * `journal.jsonl` (what finished), `baselines.json`, `traces/<trial id>/`, the rendered reports,
 * and `run.lock` while a process works in it (runlog/lock.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { writeAtomic } from '../formats/files.js';
import { BaselinesFile, loadRunFile } from '../formats/run/index.js';
import type { TrialRecord } from '../scoring/index.js';

export const traceDirOf = (id: string): string => join('traces', ...id.split('/'));

export function writeBaselines(dir: string, records: TrialRecord[]): void {
  writeAtomic(join(dir, 'baselines.json'), `${JSON.stringify(records, null, 2)}\n`);
}

export function readBaselines(dir: string): TrialRecord[] {
  const file = join(dir, 'baselines.json');
  return existsSync(file) ? loadRunFile(file, BaselinesFile, 'baselines') : [];
}
