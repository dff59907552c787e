/**
 * \`bench new golden <id>\`: a commented skeleton that validates (new-golden-text.ts), with the
 * editor's schema comment pointing, relative to the new file, at this package's
 * schemas/golden.schema.json (so it resolves wherever the golden lives: in this repository or
 * under a project that installed rematch into node_modules).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../../errors.js';
import { goldenSkeleton } from './golden-text.js';

/** This package's golden schema: src/commands or dist/commands, two folders under the root. */
const SCHEMA = fileURLToPath(new URL('../../../schemas/golden.schema.json', import.meta.url));

export interface NewGoldenOptions {
  /** The folder the golden's folder goes in (default: goldens). */
  dir?: string;
}

/** Writes <dir>/<id>/golden.yaml and returns its path; refuses a bad id or an existing file. */
export function newGolden(id: string, opts: NewGoldenOptions = {}, cwd = process.cwd()): string {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) {
    throw new InputError(`bench new golden: "${id}" is not a golden id (ids are kebab-case: a-z, 0-9, -)`);
  }
  const file = resolve(cwd, opts.dir ?? 'goldens', id, 'golden.yaml');
  if (existsSync(file)) throw new InputError(`bench new golden: ${relative(cwd, file)} already exists`);
  mkdirSync(dirname(file), { recursive: true });
  const ref = relative(dirname(file), SCHEMA).split(sep).join('/');
  writeFileSync(file, goldenSkeleton(id, ref));
  return file;
}

/** The CLI's line for a written skeleton. */
export function newGoldenCommand(id: string, opts: NewGoldenOptions, write: (s: string) => void): void {
  const file = newGolden(id, opts);
  const shown = relative(process.cwd(), file) || file;
  write(`wrote ${shown}\ncheck it: bench validate ${join(dirname(shown))}\n`);
}
