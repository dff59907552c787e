/** Argument parsing shared by tools: zod in, a readable message out; JSON Schema for providers. */
import { z } from 'zod';

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export function parseArgs<T>(schema: z.ZodType<T>, args: unknown): Parsed<T> {
  const r = schema.safeParse(args ?? {});
  if (r.success) return { ok: true, value: r.data };
  const message = r.error.issues
    .map((i) => `${i.path.length ? i.path.join('.') : 'arguments'}: ${i.message}`)
    .join('; ');
  return { ok: false, message };
}

export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  return rest;
}
