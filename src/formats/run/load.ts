/**
 * Reading run-folder files (formats/run/files.ts) with the loaders' pipeline: size cap, JSON with
 * positions, format version, schema; every issue at `file:line:col` with its dot path, thrown as
 * one InputError.
 */
import type { z } from 'zod';
import { InputError } from '../../errors.js';
import { readInput } from '../files.js';
import { checkSchema, parseJsonSource, throwIfErrors } from '../source/index.js';

export interface RunFileOptions {
  /** Places a JSONL line: positions report this many lines further down. */
  lineOffset?: number;
  /** The `format` the file must declare, refused with one clear message (and `hint`) before the schema. */
  format?: { want: string; hint?: string };
}

export function parseRunFile<S extends z.ZodType>(
  file: string,
  text: string,
  schema: S,
  what: string,
  opts: RunFileOptions = {},
): z.output<S> {
  const src = parseJsonSource(file, text, opts.lineOffset ?? 0);
  throwIfErrors(what, src.syntax);
  if (opts.format) {
    const found = (src.data as { format?: unknown } | null)?.format;
    if (found !== opts.format.want) {
      const hint = opts.format.hint ? `; ${opts.format.hint}` : '';
      throw new InputError(
        `${file}: ${what} format ${JSON.stringify(found)} is not ${opts.format.want}${hint}`,
      );
    }
  }
  const r = checkSchema(src, schema);
  throwIfErrors(what, r.issues);
  return r.value as z.output<S>;
}

export function loadRunFile<S extends z.ZodType>(
  file: string,
  schema: S,
  what: string,
  opts?: RunFileOptions,
): z.output<S> {
  return parseRunFile(file, readInput(file, what), schema, what, opts);
}
