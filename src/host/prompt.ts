/**
 * What the agent is told at the start. Real models read this; sims read the golden's prompt and
 * the measurement ids from the first user message. Bump PROMPT_VERSION (formats/vocabulary.ts) on
 * any change that could move scores: traces from different prompt versions are not comparable.
 */

import type { Golden } from '../formats/golden/index.js';
import { withLines } from '../protocol/guidance.js';
import { incidentMessage, measurementLines } from '../protocol/prompt.js';
import type { Shape } from './types.js';

/**
 * The root's system prompt. The shapes add the `system` texts of the gate set's prompt-mode gates
 * (protocol/guidance.ts `withLines`), one line each after it, also after a seat's own prompt; a set
 * without them gets exactly this text, the one PROMPT_VERSION names.
 */
export function systemPrompt(shape: Shape): string {
  const tree =
    shape === 'reactree'
      ? '\nYou are the root of an agent tree: you may call `expand` to hand subgoals to child agents (sequence, fallback or parallel); only you submit the Theory.'
      : '';
  return [
    'You investigate a production incident with live telemetry: PromQL metrics (query_metrics) and LogQL logs (query_logs).',
    'Every tool result is a JSON envelope {outcome: ok|empty|failed|rejected|error, n, data | error, callId}.',
    'Evidence means tool-call ids (callId, e.g. "c7") of live queries whose result backs a value. Context tools (search_tools, load_skill, notes, working_memory) are not evidence.',
    'A failed or empty result is not a negative finding: if you cannot measure something, mark the part "undetermined" and name the failed query and its call id as a gap. Never report "no errors" or 0 for something you could not measure.',
    `Finish by calling submit_theory once.${tree}`,
  ].join('\n');
}

export function firstUserMessage(g: Golden): string {
  return incidentMessage(g, 'tool');
}

/** A reactree child's fresh context: its subgoal, its parent's goal, its siblings' subgoals. */
export function childUserMessage(
  g: Golden,
  subgoal: string,
  parentGoal: string,
  siblings: string[],
  share?: { turns: number; toolCalls: number },
): string {
  return [
    `Your subgoal: ${subgoal}`,
    `Your parent's goal: ${parentGoal}`,
    `Sibling subgoals (handled by other agents): ${siblings.length ? siblings.map((s) => `"${s}"`).join('; ') : 'none'}`,
    ...(share
      ? [`Your budget for this subgoal: ${share.turns} turns and ${share.toolCalls} tool calls.`]
      : []),
    '',
    `Incident: alert ${g.alert.name}: ${g.alert.summary}. "now" is ${new Date(g.ms.now).toISOString()}.`,
    'Measurements of the incident (by id):',
    ...measurementLines(g),
    '',
    'Query what your subgoal needs, record facts with working_memory, then call finish_node({success, summary}) citing values and call ids.',
  ].join('\n');
}

/** A child's system prompt, with the prompt-mode gates' `system` texts after it (as the root's). */
export function childSystemPrompt(guidance: readonly string[] = []): string {
  const base = [
    'You are a child agent in an incident investigation tree. Work only on your subgoal.',
    'Tool results are JSON envelopes {outcome, n, data | error, callId}; a failed or empty result is not a negative finding.',
    'End with finish_node: success true only if you obtained what the subgoal asks, with the call ids that back it.',
  ].join('\n');
  return withLines(base, guidance);
}
