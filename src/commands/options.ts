/**
 * Options handed to the public functions (`runBench`, `rematch/vitest`'s `runTrial` and `runMatrix`)
 * are checked like a config file: a strict zod schema, so a misspelt option is an InputError (exit
 * 2) naming it and every known one, never silently ignored (issue 16: `runBench({golden: ...})`
 * used to run every golden). A near miss of a known name (`golden` for `goldens`) is suggested.
 */
import type { z } from 'zod';
import { InputError } from '../errors.js';

/** A schema of a function's options; its keys are the known options. */
type OptionsSchema = z.ZodObject;

export function parseOptions<S extends OptionsSchema>(fn: string, schema: S, value: unknown): z.output<S> {
  const known = Object.keys(schema.shape);
  if (value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value)))
    throw new InputError(`${fn}: options must be an object (known: ${known.join(', ')})`);
  const r = schema.safeParse(value ?? {});
  if (r.success) return r.data;
  const lines = r.error.issues.flatMap((i) => {
    if (i.code === 'unrecognized_keys') return i.keys.map((k) => unknownOption(k, known));
    return [`option "${i.path.join('.')}": ${i.message}`];
  });
  const head = lines.length === 1 ? lines[0] : `${lines.length} problems:\n  ${lines.join('\n  ')}`;
  throw new InputError(`${fn}: ${head}\n  known options: ${known.join(', ')}`);
}

function unknownOption(key: string, known: string[]): string {
  const near = known.find((k) => k === `${key}s` || `${k}s` === key || k.toLowerCase() === key.toLowerCase());
  return `unknown option "${key}"${near ? ` (did you mean "${near}"?)` : ''}`;
}
