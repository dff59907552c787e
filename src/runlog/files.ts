/**
 * Crash-safe appends and the run folder's leftover temporaries. The atomic write itself
 * (writeAtomic) is formats/files.ts's, the one every writer uses; its temporaries are swept here.
 */
import { closeSync, existsSync, fsyncSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Append one line and fsync it before returning. A `kill -9` mid-call can still leave a prefix of
 * the line without its newline: readers of appended files must recognise such a torn tail
 * (runlog/journal.ts does).
 */
export function appendLineSync(file: string, line: string): void {
  const bytes = Buffer.from(`${line}\n`, 'utf8');
  const fd = openSync(file, 'a');
  try {
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A temporary of writeAtomic for a run folder's files (or the older `<file>.<pid>.tmp`). */
const TEMP = /^[\w.-]+\.(json|md|xml|html)\.\d+(\.\d+\.[0-9a-f]{8})?\.tmp$/;

/**
 * Temporaries a killed writer left in a run folder (not in its sub-folders: a trial's folder is
 * emptied before the trial runs again). Only safe while holding the folder's lock, so no other
 * process can be writing one; a folder without run.json is not a run folder yet and is left alone.
 */
export function sweepTemporaries(dir: string): void {
  if (!existsSync(join(dir, 'run.json'))) return;
  for (const name of readdirSync(dir)) if (TEMP.test(name)) rmSync(join(dir, name), { force: true });
}
