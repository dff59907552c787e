/**
 * Control tools. `submit_theory` validates the Theory here; whether it is ACCEPTED is the
 * session's decision (gates). `expand` and `finish_node` are executed by the reactree shape; their
 * `run` only validates arguments.
 */
import { z } from 'zod';
import { Theory } from '../../spec/theory.js';
import { TOOL } from '../protocol.js';
import { jsonSchemaOf, parseArgs } from './args.js';
import { rejectArgs } from './call-backend.js';
import type { ToolDef, ToolOutput } from './types.js';

export const SubmitArgs = z.object({ theory: Theory });
export const ExpandArgs = z.object({
  control: z.enum(['sequence', 'fallback', 'parallel']),
  subgoals: z.array(z.string().min(1)).min(1).max(6),
});
export const FinishArgs = z.object({ success: z.boolean(), summary: z.string() });

function check(schema: z.ZodType, what: string, raw: unknown): ToolOutput {
  const p = parseArgs(schema, raw);
  if (!p.ok) return rejectArgs(`${what} is invalid: ${p.message}`);
  return { outcome: 'ok', n: 1, data: p.value };
}

function validating(schema: z.ZodType, what: string) {
  return async (raw: unknown): Promise<ToolOutput> => check(schema, what, raw);
}

/** Validates a control call's arguments (the wave then acts on them); `rejected` says what is wrong. */
export function checkControl(tool: 'submit_theory' | 'expand' | 'finish_node', raw: unknown): ToolOutput {
  if (tool === 'submit_theory') return check(SubmitArgs, 'the Theory', raw);
  if (tool === 'expand') return check(ExpandArgs, 'expand', raw);
  return check(FinishArgs, 'finish_node', raw);
}

export const submitTheory: ToolDef = {
  name: TOOL.submitTheory,
  description:
    'Submit your final Theory. Each measurement cites as evidence the ids of the tool calls (c1, c2 ...) whose results back it. A part you could not measure is "undetermined" with its gaps named.',
  parameters: jsonSchemaOf(SubmitArgs),
  class: 'control',
  run: validating(SubmitArgs, 'the Theory'),
};

export const expand: ToolDef = {
  name: TOOL.expand,
  description:
    'Split your goal into subgoals handled by child agents: sequence (in order, stop at first failure), fallback (in order, stop at first success) or parallel (all at once, success if all succeed).',
  parameters: jsonSchemaOf(ExpandArgs),
  class: 'control',
  run: validating(ExpandArgs, 'expand'),
};

export const finishNode: ToolDef = {
  name: TOOL.finishNode,
  description:
    'End your subgoal: success or failure, with a summary of what you found (values and call ids).',
  parameters: jsonSchemaOf(FinishArgs),
  class: 'control',
  run: validating(FinishArgs, 'finish_node'),
};
