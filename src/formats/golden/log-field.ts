/**
 * How one log field is filled, per line (docs/goldens.md): a constant, a list to pick from, or a
 * generator. Generators are a discriminated union on `kind`: each takes only its own settings, so
 * `digits` on an `int` is an error where it stands. A golden names the kind by the generator's one
 * settings key (`{int: [1, 5]}`, `{hex: 12}`); `namedKind` reads it from there before the union
 * parses, so files keep the form they have always had, and an unknown or doubled generator is
 * refused by name at its file:line:col.
 */
import { z } from 'zod';

const Scalar = z.union([z.string(), z.number(), z.boolean()]);
const Lognormal = z.object({ median: z.number().positive(), spread: z.number().positive() }).strict();
const Digits = z.number().int().min(0).max(12);

/** A generator: its kind, and its settings under the key of the same name. */
const generator = <K extends string, S extends z.ZodRawShape>(kind: K, shape: S) =>
  z.object({ kind: z.literal(kind), ...shape }).strict();

export const LogFieldGenerator = z.discriminatedUnion('kind', [
  /** One of the items, by weight (uniform without weights). */
  generator('pick', { pick: z.array(Scalar).min(1), weights: z.array(z.number().nonnegative()).optional() }),
  /** A uniform integer in [lo, hi]. */
  generator('int', { int: z.tuple([z.number().int(), z.number().int()]) }),
  /** A uniform number in [lo, hi], rounded. */
  generator('float', { float: z.tuple([z.number(), z.number()]), digits: Digits.default(2) }),
  /** A lognormal number (median, sigma of the log), rounded. */
  generator('lognormal', { lognormal: Lognormal, digits: Digits.default(0) }),
  /** Lognormal milliseconds, printed as Go prints a duration. */
  generator('duration', { duration: Lognormal }),
  /** That many random hex digits. */
  generator('hex', { hex: z.number().int().positive().max(64) }),
  /** A random version-4 UUID. */
  generator('uuid', { uuid: z.literal(true) }),
]);
export type LogFieldGeneratorSpec = z.infer<typeof LogFieldGenerator>;
export type LogFieldKind = LogFieldGeneratorSpec['kind'];

/** The kinds, read off the union (a new branch is a new kind, nothing else to list). */
const KINDS: readonly string[] = LogFieldGenerator.options.map((o) => o.shape.kind.value);

/** `{int: [1, 5]}` → `{kind: 'int', int: [1, 5]}`: the one settings key that names a kind. */
function namedKind(v: unknown, ctx: z.RefinementCtx): unknown {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
  if ('kind' in v) {
    ctx.addIssue({
      code: 'custom',
      path: ['kind'],
      message: 'unknown field (a generator is named by its key)',
    });
    return v;
  }
  const named = Object.keys(v).filter((k) => KINDS.includes(k));
  if (named.length === 1) return { kind: named[0], ...v };
  const keys = Object.keys(v);
  const what = named.length
    ? `one generator a field, not ${named.join(' and ')}`
    : keys.length
      ? `unknown generator ${keys.map((k) => JSON.stringify(k)).join(', ')}`
      : 'no generator given';
  ctx.addIssue({
    code: 'custom',
    message: `${what}: expected a value, a list, or one of ${KINDS.join(', ')}`,
  });
  return v;
}

export const LogField = z.union([Scalar, z.array(Scalar).min(1), z.preprocess(namedKind, LogFieldGenerator)]);
export type LogFieldSpec = z.infer<typeof LogField>;

/**
 * The JSON Schema of a generator as a golden writes it (formats/schemas/json-schemas.ts): the union's
 * branches without `kind`, which the settings key stands for.
 */
export function writtenGenerators(json: Record<string, unknown>): void {
  const branches = Array.isArray(json.oneOf) ? json.oneOf : [];
  for (const b of branches as { properties?: Record<string, unknown>; required?: string[] }[]) {
    delete b.properties?.kind;
    if (b.required) b.required = b.required.filter((k) => k !== 'kind');
  }
}
