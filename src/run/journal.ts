/**
 * The journal (`journal.jsonl` in the run folder): one line per finished trial, appended with
 * fsync once the trial's files are in place. It is the run's source of truth: resume runs what
 * it lacks, reports are rebuilt from it. A torn last line (killed mid-append) is ignored.
 */
import { existsSync } from 'node:fs';
import { z } from 'zod';
import type { TrialRecord } from '../scoring/index.js';
import { readInput } from '../spec/files.js';
import { TrialRecordFile } from '../spec/run-files.js';
import { parseRunFile } from '../spec/run-load.js';
import { appendLineSync } from './files.js';

export const JOURNAL_FILE = 'journal.jsonl';

const JournalLine = z.looseObject({ id: z.string(), record: TrialRecordFile });

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
  const lines = readInput(file, 'journal').split('\n');
  lines.forEach((line, n) => {
    if (!line.trim()) return;
    let e: JournalEntry;
    try {
      e = JSON.parse(line) as JournalEntry;
    } catch {
      return; // a line cut by a kill: the trial it stood for runs again
    }
    // A whole line with a record missing fields was written by hand or by another tool: bad input.
    const record = parseRunFile(file, line, JournalLine, 'journal', { lineOffset: n }).record as TrialRecord;
    out.set(e.id, record);
  });
  return out;
}
