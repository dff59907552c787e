/**
 * The journal (`journal.jsonl` in the run folder): one line per finished trial, appended with
 * fsync once the trial's files are in place. It is the run's source of truth: resume runs what
 * it lacks, reports are rebuilt from it. A torn last line (killed mid-append) is ignored.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { TrialRecord } from '../scoring/index.js';
import { appendLineSync } from './files.js';

export const JOURNAL_FILE = 'journal.jsonl';

export interface JournalEntry {
  id: string;
  record: TrialRecord;
}

export function appendJournal(file: string, record: TrialRecord): void {
  appendLineSync(file, JSON.stringify({ id: record.id, record }));
}

/** Entries by trial id; a later line for the same id (a retry) replaces the earlier one. */
export function readJournal(file: string): Map<string, TrialRecord> {
  const out = new Map<string, TrialRecord>();
  if (!existsSync(file)) return out;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const e = JSON.parse(line) as JournalEntry;
      if (e && typeof e.id === 'string' && e.record) out.set(e.id, e.record);
    } catch {
      // a line cut by a kill: the trial it stood for runs again
    }
  }
  return out;
}
