/**
 * Every tool an agent can call, said once: its name, class, description and zod argument schema.
 * The host's implementations (host/tools/) parse with these schemas, the JSON Schema a model sees
 * is derived from them, and command seats name their rebuilt calls with these names.
 */
import { z } from 'zod';
import type { ToolClass } from '../formats/run/index.js';
import type { ToolSchema } from './model.js';
import * as A from './tool-args.js';

export const TOOL = {
  queryMetrics: 'query_metrics',
  queryLogs: 'query_logs',
  labelNames: 'list_label_names',
  labelValues: 'list_label_values',
  series: 'list_series',
  searchTools: 'search_tools',
  loadSkill: 'load_skill',
  notes: 'notes',
  memory: 'working_memory',
  expand: 'expand',
  finishNode: 'finish_node',
  submitTheory: 'submit_theory',
} as const;
export type ToolName = (typeof TOOL)[keyof typeof TOOL];

export interface ToolSpec {
  name: ToolName;
  class: ToolClass;
  description: string;
  args: z.ZodType;
}

function spec(name: ToolName, cls: ToolClass, args: z.ZodType, description: string): ToolSpec {
  return { name, class: cls, description, args };
}

export const TOOL_SPECS: Record<ToolName, ToolSpec> = {
  query_metrics: spec(
    'query_metrics',
    'live',
    A.QueryMetricsArgs,
    'Run a PromQL query against the metrics backend (Prometheus API). Times: now, now-30m, RFC3339 or unix seconds; "now" is the incident time.',
  ),
  query_logs: spec(
    'query_logs',
    'live',
    A.QueryLogsArgs,
    'Run a LogQL query against the logs backend (Loki API). Log queries return lines; metric queries (count_over_time ...) return numbers.',
  ),
  list_label_names: spec(
    'list_label_names',
    'discovery',
    A.LabelNamesArgs,
    'List label names of the metrics or logs backend, optionally for series matching a selector.',
  ),
  list_label_values: spec(
    'list_label_values',
    'discovery',
    A.LabelValuesArgs,
    'List the values of one label (e.g. service, app, __name__ for metric names).',
  ),
  list_series: spec(
    'list_series',
    'discovery',
    A.SeriesArgs,
    'List the label sets of series (metrics) or streams (logs) matching a selector.',
  ),
  search_tools: spec(
    'search_tools',
    'context',
    A.SearchToolsArgs,
    "Search the tool catalog and the incident's skills by keyword.",
  ),
  load_skill: spec('load_skill', 'context', A.LoadSkillArgs, 'Load the text of a skill (a runbook) by name.'),
  notes: spec(
    'notes',
    'context',
    A.NotesArgs,
    'Your scratchpad for this session: write a note or read all notes.',
  ),
  working_memory: spec(
    'working_memory',
    'context',
    A.MemoryArgs,
    'Shared working memory of facts found (shared by every agent node of the session).',
  ),
  expand: spec(
    'expand',
    'control',
    A.ExpandArgs,
    'Split your goal into subgoals handled by child agents: sequence (in order, stop at first failure), fallback (in order, stop at first success) or parallel (all at once, success if all succeed).',
  ),
  finish_node: spec(
    'finish_node',
    'control',
    A.FinishNodeArgs,
    'End your subgoal: success or failure, with a summary of what you found (values and call ids).',
  ),
  submit_theory: spec(
    'submit_theory',
    'control',
    A.SubmitTheoryArgs,
    'Submit your final Theory. Each measurement cites as evidence the ids of the tool calls (c1, c2 ...) whose results back it. A part you could not measure is "undetermined" with its gaps named.',
  ),
};

export const TOOL_CLASS = Object.fromEntries(
  Object.values(TOOL_SPECS).map((s) => [s.name, s.class]),
) as Record<ToolName, ToolClass>;

/** The JSON Schema of a zod argument schema, as models get it (input side: defaults optional). */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  return rest;
}

const schemas = new Map<ToolName, ToolSchema>();

/** What a model is shown of a tool; derived once per tool (the Theory's schema is large). */
export function toolSchema(name: ToolName): ToolSchema {
  let out = schemas.get(name);
  if (!out) {
    const s = TOOL_SPECS[name];
    out = { name: s.name, description: s.description, parameters: jsonSchemaOf(s.args) };
    schemas.set(name, out);
  }
  return out;
}
