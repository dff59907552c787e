/**
 * Whether a journaled trial's files survived. The journal is fsynced in batches and trial files
 * are renamed into place without an fsync of their own (runlog/journal.ts), so a crash of the
 * machine (not of the process: the kernel keeps what a killed process wrote) can leave a journal
 * line whose trial folder lost a file or holds an empty one. Resume asks this of every record and
 * runs such a trial again.
 */
import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { TrialRecord } from '../formats/run/index.js';

function parsed(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Why the trial's files cannot stand for its record, or null when they can. */
export function lostTrialFiles(runDir: string, rec: TrialRecord): string | null {
  const dir = join(runDir, rec.dir);
  const scoreFile = join(dir, 'score.json');
  if (!existsSync(scoreFile)) return 'score.json is missing';
  const score = parsed(readFileSync(scoreFile, 'utf8'));
  if (!score || score.verdict !== rec.score.verdict) return 'score.json does not match its journal record';
  const traceFile = join(dir, 'trace.jsonl');
  // a trial that crashed, or that the spend cap kept from starting, may have no trace: it is unscored
  if (!existsSync(traceFile)) return rec.score.verdict === 'unscored' ? null : 'trace.jsonl is missing';
  const { head, tail } = ends(traceFile);
  if (!tail.endsWith('\n')) return 'trace.jsonl is cut short';
  const nl = head.indexOf('\n');
  const first = nl < 0 ? undefined : parsed(head.slice(0, nl));
  if (first?.type !== 'header' || first.golden !== rec.golden || first.seat !== rec.seat)
    return 'trace.jsonl does not start with this trial’s header';
  const from = tail.lastIndexOf('\n', tail.length - 2);
  const last =
    from < 0 && tail.length < CHUNK ? parsed(tail) : from < 0 ? undefined : parsed(tail.slice(from + 1));
  if (last?.type !== 'end') return 'trace.jsonl does not end with its end event';
  return null;
}

/** Enough of a trace's first and last lines (a header, an end event) without reading it all. */
const CHUNK = 256 * 1024;

/** The first and last CHUNK bytes of a file (the whole file when it is smaller). */
function ends(file: string): { head: string; tail: string } {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size <= CHUNK) {
      const all = readFileSync(fd, 'utf8');
      return { head: all, tail: all };
    }
    const buf = Buffer.alloc(CHUNK);
    readSync(fd, buf, 0, CHUNK, 0);
    const head = buf.toString('utf8');
    readSync(fd, buf, 0, CHUNK, size - CHUNK);
    return { head, tail: buf.toString('utf8') };
  } finally {
    closeSync(fd);
  }
}
