/**
 * Where the bench writes, checked before it writes anything: a run folder named by `--out`,
 * `--resume` or the config's `outDir`, and a file named by `bench diff --out`. A path that names
 * the wrong kind of thing is the user's input error (exit 2), found before a half-made run folder
 * exists, not an ENOTDIR or EISDIR from deep inside a write (exit 3 with a stack trace).
 */
import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { InputError, type InputIssue } from '../errors.js';
import { writeAtomic } from '../formats/files.js';

/** The entry at `p`, or undefined when there is none (ENOTDIR: a file sits where a folder would). */
function kind(p: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(p, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** The first existing ancestor of `p` (or `p` itself) that is not a folder, if any. */
function fileInTheWay(p: string): string | undefined {
  for (let at = resolve(p); ; at = dirname(at)) {
    const s = kind(at);
    if (s) return s.isDirectory() ? undefined : at;
    if (dirname(at) === at) return undefined;
  }
}

/** Why `dir` cannot be (or become) a folder, or undefined. */
export function folderProblem(dir: string): string | undefined {
  const s = kind(dir);
  if (s && !s.isDirectory()) return `${dir} is a file, not a folder`;
  const blocker = fileInTheWay(dir);
  return blocker ? `${blocker} is a file, so ${dir} cannot be a folder` : undefined;
}

/**
 * Throws unless `dir` is a folder or can be created as one. `label` names where the path came
 * from (`--out`, `outDir`); `locate` places the issue in a file (the config) when it came from one.
 */
export function assertFolder(dir: string, label: string, locate?: (message: string) => InputIssue[]): void {
  const why = folderProblem(dir);
  if (why) throw new InputError(`${label} ${dir}: ${why}`, locate?.(why) ?? []);
}

/** Creates the folder; an OS refusal (permissions, read-only disk) is reported as the user's path. */
export function makeFolder(dir: string, label: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw new InputError(
      `${label} ${dir}: cannot create the folder (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
  }
}

/** Throws unless `file` can be written as a file: not a folder, no file where a parent folder goes. */
export function assertFile(file: string, label: string): void {
  const s = kind(file);
  if (s?.isDirectory()) throw new InputError(`${label} ${file}: is a folder; give a file name`);
  const blocker = fileInTheWay(dirname(file));
  if (blocker) throw new InputError(`${label} ${file}: ${blocker} is a file, not a folder`);
}

/** Writes `text` to `file` (creating its folder), after `assertFile`. */
export function writeOutFile(file: string, text: string, label: string): void {
  assertFile(file, label);
  makeFolder(dirname(file), label);
  // atomic (temporary + rename): a reader, or a run killed mid-write, never sees half a file
  try {
    writeAtomic(file, text);
  } catch (e) {
    throw new InputError(
      `${label} ${file}: cannot write (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
  }
}
