/**
 * Files: reading input files, expanding the paths a user gives into the files they mean, and the
 * one crash-safe write every writer of the bench uses (run folders, trial folders, the turn cache).
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { InputError } from '../errors.js';
import { LIMITS, overCap } from './limits.js';

let written = 0;
/**
 * This thread's part of a temporary's name: worker threads share the pid and each counts from 0, so
 * one random value per thread keeps two threads' temporaries apart (drawn once: 4 random bytes per
 * write cost more than the write of a small file).
 */
const THREAD_NONCE = randomBytes(4).toString('hex');

/**
 * Writes `file` so that a reader sees the old file or the new one, never half of either, and so
 * that once this returns the new one survives a crash of the machine too: the data goes to a
 * temporary in the target's folder (the rename stays on one file system), is fsynced, renamed over
 * the target, and the folder is fsynced so the rename itself is on disk. The temporary is unique to
 * this call (`<file>.<pid>.<n>.<8 hex of the thread>.tmp`, the name runlog/files.ts sweeps): two writers of one
 * file each rename their own, so neither finds its temporary gone, and the last rename wins, whole.
 * `sync: false` keeps the whole-or-nothing rename but leaves the fsyncs to the caller: for many
 * derived files (report.html's timelines) whose folder is synced once after them all.
 */
export function writeAtomic(file: string, data: string | Uint8Array, opts: { sync?: boolean } = {}): void {
  const tmp = `${file}.${process.pid}.${++written}.${THREAD_NONCE}.tmp`;
  try {
    const fd = openSync(tmp, 'wx');
    try {
      const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
      if (opts.sync !== false) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
  if (opts.sync !== false) fsyncDir(dirname(file));
}

/**
 * The same guarantee for a file that was written in place under a temporary name (a trace,
 * appended event by event as the trial runs): fsynced, renamed to `file`, its folder fsynced;
 * `sync: false` only renames (as writeAtomic's).
 */
export function commitAtomic(tmp: string, file: string, opts: { sync?: boolean } = {}): void {
  if (opts.sync !== false) {
    const fd = openSync(tmp, 'r+');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
  renameSync(tmp, file);
  if (opts.sync !== false) fsyncDir(dirname(file));
}

/**
 * A rename is durable once its folder is fsynced. Where a folder cannot be opened (Windows) or a
 * file system refuses to fsync one (EINVAL), the rename still stands: it is only less certain to
 * survive a power cut, which is no reason to fail the write.
 */
export function fsyncDir(dir: string): void {
  let fd: number;
  try {
    fd = openSync(dir, 'r');
  } catch {
    return;
  }
  try {
    fsyncSync(fd);
  } catch {
    // see above
  } finally {
    closeSync(fd);
  }
}

/** A file the user named, read whole: refused before reading when it is larger than the cap. */
export function readInput(file: string, what: string, maxBytes: number = LIMITS.fileBytes): string {
  try {
    const size = statSync(file).size;
    if (size > maxBytes) {
      const why = `too large: ${overCap('bytes', size, maxBytes)}`;
      throw new InputError(`${what} ${file}: ${why}`, [{ file, message: why, severity: 'error' }]);
    }
    return readFileSync(file, 'utf8');
  } catch (e) {
    if (e instanceof InputError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'not found' : code === 'EISDIR' ? 'is a folder' : (e as Error).message;
    throw new InputError(`${what} ${file}: ${why}`, [{ file, message: why, severity: 'error' }]);
  }
}

function isDir(p: string): boolean {
  return statSync(p, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

function mustExist(p: string, what: string): void {
  if (!existsSync(p)) {
    throw new InputError(`${what} ${p}: not found`, [{ file: p, message: 'not found', severity: 'error' }]);
  }
}

/** The golden.yaml of a golden folder, or the file itself. */
export function goldenFileOf(path: string): string {
  return isDir(path) ? join(path, 'golden.yaml') : path;
}

/**
 * A path may be a golden.yaml, a golden folder (holding golden.yaml), or a folder of golden folders.
 * Order: as given, each folder's goldens by folder name.
 */
export function expandGoldenPaths(paths: string[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    mustExist(p, 'golden path');
    if (!isDir(p)) out.push(p);
    else if (existsSync(join(p, 'golden.yaml'))) out.push(join(p, 'golden.yaml'));
    else {
      const found = readdirSync(p)
        .sort()
        .map((d) => join(p, d, 'golden.yaml'))
        .filter((f) => existsSync(f));
      if (!found.length) {
        throw new InputError(`golden path ${p}: no golden.yaml in it or in its sub-folders`, [
          { file: p, message: 'no goldens found', severity: 'error' },
        ]);
      }
      out.push(...found);
    }
  }
  return out;
}

const YAML_FILE = /\.ya?ml$/;

/** A path may be a seat file or a folder of seat files (*.yaml, *.yml, not recursive). */
export function expandSeatPaths(paths: string[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    mustExist(p, 'seat path');
    if (!isDir(p)) out.push(p);
    else {
      out.push(
        ...readdirSync(p)
          .filter((f) => YAML_FILE.test(f) && !basename(f).startsWith('.'))
          .sort()
          .map((f) => join(p, f)),
      );
    }
  }
  return out;
}
