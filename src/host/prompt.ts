/**
 * What the agent is told at the start. Real models read this; sims read the golden's prompt and
 * the measurement ids from the first user message. Bump PROMPT_VERSION on any change that could
 * move scores: traces from different prompt versions are not comparable.
 */
import type { Golden } from '../spec/normalized.js';
import type { Shape } from './types.js';

export const PROMPT_VERSION = 'rematch.prompt/1';

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

function measurementLines(g: Golden): string[] {
  const lines: string[] = [];
  for (const part of ['A', 'B'] as const) {
    const p = g.parts[part];
    lines.push(`Part ${part}: ${p.question}`);
    for (const m of p.measurements) {
      lines.push(
        `  - ${m.id} (${m.source}${m.unit ? `, ${m.unit}` : ''})${m.description ? `: ${m.description}` : ''}`,
      );
    }
  }
  return lines;
}

const THEORY_SHAPE = `{"summary": "...", "rootCause": {"component": "...", "mechanism": "...", "explanation": "..."},
 "parts": {"A": {"status": "resolved" | "undetermined", "findings": "...",
                 "measurements": [{"id": "<measurement id>", "value": 0.23, "unit": "ratio", "evidence": ["c7"]}],
                 "gaps": [{"measurement": "<id>", "failedQuery": "...", "callId": "c9", "reason": "..."}]},
           "B": {...}}}`;

export function firstUserMessage(g: Golden): string {
  const labels = Object.entries(g.alert.labels)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  return [
    g.prompt.trim(),
    '',
    `Alert ${g.alert.name} (${labels}) active since ${new Date(g.ms.activeAt).toISOString()}: ${g.alert.summary}`,
    `Alert expression: ${g.alert.expr}`,
    `Incident time "now" is ${new Date(g.ms.now).toISOString()}; data covers ${g.time.start} to ${g.time.end}.`,
    '',
    'Measurements to report (by id):',
    ...measurementLines(g),
    '',
    `Submit with submit_theory({theory}) where theory is:\n${THEORY_SHAPE}`,
  ].join('\n');
}

/** A reactree child's fresh context: its subgoal, its parent's goal, its siblings' subgoals. */
export function childUserMessage(g: Golden, subgoal: string, parentGoal: string, siblings: string[]): string {
  return [
    `Your subgoal: ${subgoal}`,
    `Your parent's goal: ${parentGoal}`,
    `Sibling subgoals (handled by other agents): ${siblings.length ? siblings.map((s) => `"${s}"`).join('; ') : 'none'}`,
    '',
    `Incident: alert ${g.alert.name}: ${g.alert.summary}. "now" is ${new Date(g.ms.now).toISOString()}.`,
    'Measurements of the incident (by id):',
    ...measurementLines(g),
    '',
    'Query what your subgoal needs, record facts with working_memory, then call finish_node({success, summary}) citing values and call ids.',
  ].join('\n');
}

export function childSystemPrompt(): string {
  return [
    'You are a child agent in an incident investigation tree. Work only on your subgoal.',
    'Tool results are JSON envelopes {outcome, n, data | error, callId}; a failed or empty result is not a negative finding.',
    'End with finish_node: success true only if you obtained what the subgoal asks, with the call ids that back it.',
  ].join('\n');
}
