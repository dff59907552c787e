/**
 * The journal (`journal.jsonl` in the run folder): one checksummed line per finished trial
 * (runlog/journal-line.ts), appended once the trial's files are in place. It is the run's source of
 * truth: resume runs what it lacks, reports are rebuilt from it.
 *
 * Durability is a group commit (JournalAppender): each line is written whole with one write(2) as
 * its trial ends, so a killed process loses none (the kernel holds what was written), and fsynced in
 * batches, at most every FSYNC_EVERY_MS, off the event loop, and once more when the run closes the
 * journal. What a batch leaves to a crash of the machine itself is at most its last few ms of lines
 * and trial files; resume checks every journaled trial's files (runlog/trial-files.ts) and runs again,
 * with a warning, any whose files did not survive.
 *
 * A kill can tear only the last line (one writer at a time: the run folder is locked). A torn tail
 * (no newline, or a last line that does not verify) stands for a trial that did not finish: readers
 * leave it out and say so, and a resume cuts it away before appending, so the next record starts on
 * a fresh line and the trial runs again. Any other line that does not verify is damage the bench
 * cannot explain: bad input, exit 2, naming the file and line.
 */
import {
  closeSync,
  existsSync,
  fsync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  writeSync,
} from 'node:fs';
import { z } from 'zod';
import { InputError } from '../errors.js';
import { parseRunFile, TrialRecord } from '../formats/run/index.js';
import { appendLineSync } from './files.js';
import { decodeLine, encodeLine, idOfFragment } from './journal-line.js';

export const JOURNAL_FILE = 'journal.jsonl';

/**
 * A verified line is checked against the record's schema too; the record kept is the line's own
 * value, as written: scorecard.json prints journal records in the key order they were written in.
 */
const JournalLine = z.looseObject({ id: z.string(), record: TrialRecord });

export interface TornTail {
  /** 1-based line number, the byte offset where it starts, and why it does not count. */
  line: number;
  offset: number;
  reason: string;
  /** The trial it belonged to, when the fragment still names it. */
  id?: string;
}

export interface JournalScan {
  /** By trial id; a later line for the same id (a retry) replaces the earlier one. */
  records: Map<string, TrialRecord>;
  /** Every record in file order, the replaced ones too (what every run of a trial cost). */
  history: TrialRecord[];
  torn: TornTail | null;
}

/** Records appended with one write and one fsync before returning (bench merge writes its journal so). */
export function appendJournal(file: string, ...records: TrialRecord[]): void {
  if (records.length) appendLineSync(file, records.map(encodeLine).join('\n'));
}

/** How long written lines may wait for their fsync: one fsync covers every line of the batch. */
export const FSYNC_EVERY_MS = 20;

/**
 * The run's appender: one descriptor for the whole run, a line per append (written whole before
 * append returns), fsyncs grouped. `close()` waits for the batch in flight and fsyncs the rest.
 */
export class JournalAppender {
  private fd: number;
  private dirty = false;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | undefined;
  /** fsyncs issued (bench:matrix and the tests read it). */
  syncs = 0;
  /**
   * A batch's fsync that failed. Linux reports a writeback error to one fsync only, then marks the
   * pages clean, so it is kept and thrown by the next append and by close(), never lost.
   */
  private failed: Error | undefined;

  constructor(readonly file: string) {
    this.fd = openSync(file, 'a');
  }

  append(record: TrialRecord): void {
    if (this.failed) throw this.failed;
    const bytes = Buffer.from(`${encodeLine(record)}\n`, 'utf8');
    for (let at = 0; at < bytes.length; ) at += writeSync(this.fd, bytes, at);
    this.dirty = true;
    if (!this.timer && !this.inFlight) this.schedule();
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.sync();
    }, FSYNC_EVERY_MS);
    // a pending fsync never keeps the process alive: close() (or the next append) finishes it
    this.timer.unref();
  }

  private sync(): void {
    if (!this.dirty || this.fd < 0) return;
    this.dirty = false;
    this.syncs++;
    this.inFlight = new Promise<void>((resolve) => {
      fsync(this.fd, (err) => {
        if (err) this.failed ??= new Error(`${this.file}: fsync failed: ${err.message}`);
        this.inFlight = undefined;
        if (this.dirty && !this.timer) this.schedule();
        resolve();
      });
    });
  }

  /** Waits for the batch in flight, fsyncs what is left and closes; idempotent. */
  async close(): Promise<void> {
    if (this.fd < 0) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.inFlight;
    const fd = this.fd;
    this.fd = -1;
    try {
      fsyncSync(fd);
      this.syncs++;
    } finally {
      closeSync(fd);
    }
    if (this.failed) throw this.failed;
  }
}

export function scanJournal(file: string): JournalScan {
  const records = new Map<string, TrialRecord>();
  const history: TrialRecord[] = [];
  if (!existsSync(file)) return { records, history, torn: null };
  const buf = readFileSync(file);
  let torn: TornTail | null = null;
  for (let start = 0, line = 1; start < buf.length; line++) {
    const nl = buf.indexOf(10, start);
    const end = nl < 0 ? buf.length : nl;
    const text = buf.subarray(start, end).toString('utf8');
    const last = nl < 0 || nl === buf.length - 1;
    const d =
      nl < 0 ? ({ ok: false, reason: 'cut short: no newline at its end' } as const) : decodeLine(text);
    if (d.ok) {
      // A whole line with a record missing fields was written by hand or by another tool: bad input.
      parseRunFile(file, text, JournalLine, 'journal', { lineOffset: line - 1 });
      records.set(d.record.id, d.record);
      history.push(d.record);
    } else if (last) torn = { line, offset: start, reason: d.reason, id: idOfFragment(text) };
    else
      throw new InputError(
        `${file}:${line}: journal record is corrupt (${d.reason}); only a torn last line can be repaired: restore the file or start a new run`,
        [{ file, line, col: 1, message: `corrupt journal record (${d.reason})`, severity: 'error' }],
      );
    start = end + 1;
  }
  return { records, history, torn };
}

export function readJournal(file: string): Map<string, TrialRecord> {
  return scanJournal(file).records;
}

export function describeTorn(file: string, t: TornTail): string {
  return `${file}:${t.line}: torn last record (${t.reason})${t.id ? ` of trial ${t.id}` : ''}`;
}

/**
 * Opening the journal for appending (every resume): a torn tail is truncated away (and the cut
 * fsync'd) before anything is appended. Returns what the journal holds and the torn trial's id.
 */
export function openJournal(file: string, warn: (line: string) => void): JournalScan {
  const scan = scanJournal(file);
  if (scan.torn) {
    const fd = openSync(file, 'r+');
    try {
      ftruncateSync(fd, scan.torn.offset);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    warn(`${describeTorn(file, scan.torn)} removed: its trial runs again\n`);
  }
  return scan;
}
