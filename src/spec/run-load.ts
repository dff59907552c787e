/**
 * Reading run-folder files (spec/run-files.ts) with the loaders' pipeline: size cap, JSON with
 * positions, schema; every issue at `file:line:col` with its dot path, thrown as one InputError.
 */
import type { z } from 'zod';
import { checkSchema, throwIfErrors } from './check.js';
import { readInput } from './files.js';
import { parseJsonSource } from './json-source.js';

/** `text` as the JSON file `file`, checked against `schema`; `lineOffset` places a JSONL line. */
export function parseRunFile<S extends z.ZodType>(
  file: string,
  text: string,
  schema: S,
  what: string,
  lineOffset = 0,
): z.output<S> {
  const r = checkSchema(parseJsonSource(file, text, lineOffset), schema);
  throwIfErrors(what, r.issues);
  return r.value as z.output<S>;
}

export function loadRunFile<S extends z.ZodType>(file: string, schema: S, what: string): z.output<S> {
  return parseRunFile(file, readInput(file, what), schema, what);
}
