/**
 * Argument parsing shared by tools: zod in, a readable message out. A tool's name, class,
 * description and JSON Schema come from its one definition in protocol/tools.ts.
 */
import type { z } from 'zod';
import type { ToolClass } from '../../formats/run/index.js';
import { TOOL_SPECS, type ToolName, toolSchema } from '../../protocol/tools.js';

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export function parseArgs<T>(schema: z.ZodType<T>, args: unknown): Parsed<T> {
  const r = schema.safeParse(args ?? {});
  if (r.success) return { ok: true, value: r.data };
  const message = r.error.issues
    .map((i) => `${i.path.length ? i.path.join('.') : 'arguments'}: ${i.message}`)
    .join('; ');
  return { ok: false, message };
}

/** The declared part of a tool definition, from protocol/tools.ts. */
export function declared(name: ToolName): {
  name: ToolName;
  description: string;
  parameters: Record<string, unknown>;
  class: ToolClass;
} {
  const s = toolSchema(name);
  return { name, description: s.description, parameters: s.parameters, class: TOOL_SPECS[name].class };
}
