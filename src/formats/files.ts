/** Reading input files and expanding the paths a user gives into the files they mean. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { InputError } from '../errors.js';
import { LIMITS, overCap } from './limits.js';

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
