/**
 * \`bench new golden <id>\`: a commented skeleton that validates (golden-text.ts), with the
 * editor's schema comment pointing, relative to the new file, at this package's
 * schemas/golden.schema.json (so it resolves wherever the golden lives: in this repository or
 * under a project that installed rematch into node_modules).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../../errors.js';
import { folderProblem, makeFolder } from '../../runlog/out-path.js';
import { goldenSkeleton } from './golden-text.js';

/** This package's golden schema: src/commands or dist/commands, two folders under the root. */
const SCHEMA = fileURLToPath(new URL('../../../schemas/golden.schema.json', import.meta.url));

export interface NewGoldenOptions {
  /** The folder the golden's folder goes in (default: goldens). */
  dir?: string;
}

/**
 * The longest id `bench new` writes: the id names folders (goldens/<id>, a run's traces/<id>/...,
 * a twin's <id>~<kind>), and a folder name is at most 255 bytes on common file systems.
 */
export const MAX_NEW_ID = 128;

/**
 * Writes <dir>/<id>/golden.yaml and returns its path; refuses a bad or overlong id, a --dir that is
 * (or sits under) a file, or an existing golden, each with exit 2 before anything is written.
 */
export function newGolden(id: string, opts: NewGoldenOptions = {}, cwd = process.cwd()): string {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) {
    throw new InputError(`bench new golden: "${id}" is not a golden id (ids are kebab-case: a-z, 0-9, -)`);
  }
  if (id.length > MAX_NEW_ID)
    throw new InputError(
      `bench new golden: the id is ${id.length} characters long; a golden id names folders, so at most ${MAX_NEW_ID}`,
    );
  const dir = opts.dir ?? 'goldens';
  const why = folderProblem(resolve(cwd, dir));
  if (why) throw new InputError(`--dir ${dir}: ${why}`);
  const file = resolve(cwd, dir, id, 'golden.yaml');
  if (existsSync(file)) throw new InputError(`bench new golden: ${relative(cwd, file)} already exists`);
  makeFolder(dirname(file), '--dir');
  const ref = relative(dirname(file), SCHEMA).split(sep).join('/');
  try {
    writeFileSync(file, goldenSkeleton(id, ref));
  } catch (e) {
    throw new InputError(`--dir ${dir}: cannot write ${file} (${(e as NodeJS.ErrnoException).code ?? e})`);
  }
  return file;
}

/** The CLI's line for a written skeleton. */
export function newGoldenCommand(id: string, opts: NewGoldenOptions, write: (s: string) => void): void {
  const file = newGolden(id, opts);
  const shown = relative(process.cwd(), file) || file;
  write(`wrote ${shown}\ncheck it: bench validate ${join(dirname(shown))}\n`);
}
