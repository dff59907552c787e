/**
 * Control tools. `submit_theory` validates the Theory here; whether it is ACCEPTED is the
 * session's decision (gates). `expand` and `finish_node` are executed by the reactree shape; their
 * `run` only validates arguments.
 */
import type { z } from 'zod';
import {
  ExpandArgs,
  FinishNodeArgs as FinishArgs,
  SubmitTheoryArgs as SubmitArgs,
} from '../../protocol/tool-args.js';
import { TOOL } from '../../protocol/tools.js';
import { declared, parseArgs } from './args.js';
import { rejectArgs } from './call-backend.js';
import type { ToolDef, ToolOutput } from './types.js';

/** Names the wave and the reactree shape parse control calls with. */
export { ExpandArgs, FinishArgs, SubmitArgs };

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
  ...declared(TOOL.submitTheory),
  run: validating(SubmitArgs, 'the Theory'),
};

export const expand: ToolDef = {
  ...declared(TOOL.expand),
  run: validating(ExpandArgs, 'expand'),
};

export const finishNode: ToolDef = {
  ...declared(TOOL.finishNode),
  run: validating(FinishArgs, 'finish_node'),
};
