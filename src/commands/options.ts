/**
 * Options handed to the public functions (`runBench`, `rematch/vitest`'s `runTrial` and `runMatrix`,
 * and every function of src/index.ts that takes an options object: commands/public-options.ts) are
 * checked like a config file: a strict zod schema, so a misspelt option is an InputError (exit 2)
 * naming it and every known one, never silently ignored (issue 16: `runBench({golden: ...})` used to
 * run every golden). Nested option objects are strict too, and an unknown key in one names its path
 * and that object's known keys. A near miss of a known name (`golden` for `goldens`) is suggested.
 */
import { z } from 'zod';
import { InputError } from '../errors.js';
import type { Display } from '../reporters/lifecycle.js';

/** A schema of a function's options; its keys are the known options. */
type OptionsSchema = z.ZodObject;

export function parseOptions<S extends OptionsSchema>(fn: string, schema: S, value: unknown): z.output<S> {
  const known = Object.keys(schema.shape);
  if (value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value)))
    throw new InputError(`${fn}: options must be an object (known: ${known.join(', ')})`);
  const r = schema.safeParse(value ?? {});
  if (r.success) return r.data;
  const lines = r.error.issues.flatMap((i) => {
    const path = i.path.map(String);
    if (i.code !== 'unrecognized_keys') return [`option "${path.join('.')}": ${i.message}`];
    if (!path.length) return i.keys.map((k) => unknownOption(k, known));
    const inner = keysAt(schema, path);
    const at = path.join('.');
    return i.keys.map((k) => `${unknownOption(k, inner, `${at}.`)} (known in ${at}: ${inner.join(', ')})`);
  });
  const head = lines.length === 1 ? lines[0] : `${lines.length} problems:\n  ${lines.join('\n  ')}`;
  throw new InputError(`${fn}: ${head}\n  known options: ${known.join(', ')}`);
}

function unknownOption(key: string, known: string[], prefix = ''): string {
  const near = known.find((k) => k === `${key}s` || `${k}s` === key || k.toLowerCase() === key.toLowerCase());
  return `unknown option "${prefix}${key}"${near ? ` (did you mean "${prefix}${near}"?)` : ''}`;
}

/** The keys of the object schema at `path` inside `schema` (through optional and default wrappers). */
function keysAt(schema: z.ZodType, path: string[]): string[] {
  let s: z.ZodType = schema;
  for (const p of [...path, '']) {
    while (s instanceof z.ZodOptional || s instanceof z.ZodDefault) s = s.unwrap() as z.ZodType;
    if (!(s instanceof z.ZodObject)) return [];
    if (p === '') return Object.keys(s.shape);
    s = s.shape[p] as z.ZodType;
  }
  return [];
}

/**
 * A strict schema of an options interface: `known` lists its keys (a Record over `keyof T`, so a key
 * added to the interface and not here fails to compile), `nested` gives the option objects inside
 * it their own strict schema. Values are the types' business: only the names are checked.
 */
export function optionsSchema<T>(
  known: Record<keyof T, true>,
  nested: Partial<Record<keyof T, z.ZodType>> = {},
): z.ZodObject {
  const n = nested as Record<string, z.ZodType | undefined>;
  return z.strictObject(
    Object.fromEntries(Object.keys(known).map((k) => [k, n[k] ?? z.unknown().optional()])),
  );
}

/** An option object nested in another (optional), strict by the same rule. */
export const nestedOptions = <T>(known: Record<keyof T, true>): z.ZodType =>
  optionsSchema<T>(known).optional();

/** `display` (reporters/lifecycle.ts): the terminal table's color, width and --full. */
export const DISPLAY_OPTIONS = nestedOptions<Display>({ color: true, width: true, full: true });
