/**
 * What an agent sees of the host: tool names, their arguments, the typed envelope every tool
 * returns, and the markers on host messages (steer, halt, budget). Sims and real providers read
 * the same things; this file is the contract between host/ and providers/sim/.
 */

import type { Theory } from '../spec/theory.js';
import type { Outcome, ToolClass } from '../spec/trace.js';
import type { Source } from '../spec/vocabulary.js';

/**
 * Every tool result is this envelope, JSON-encoded in the tool message the model gets.
 * `data` for query tools keeps the wire shape: Prometheus `{resultType, result}` with
 * string values, Loki `{resultType: 'streams', result: [{stream, values: [[ns, line]]}]}`.
 *
 * With the failureClass gate OFF, backend answers are untyped: `outcome` is only what an HTTP
 * client notices (`error` for transport, `failed` for HTTP >= 400, else `ok`, even for an HTTP 200
 * failed envelope or an empty result), no `error` field, and `data` is the RAW wire body
 * (`{status: 'success', data: {resultType, result}}`, a failed envelope, or a plain-text error).
 */
export interface Envelope {
  outcome: Outcome;
  n: number;
  data?: unknown;
  error?: { type: string; message: string };
  warnings?: string[];
  /** Set by the host when a gate touched this call (e.g. deferred by the fan-out cap). */
  note?: string;
  /** The host's id of this call (`c7`): cite it as evidence in the Theory. */
  callId?: string;
  /** `data` keeps only part of the result (at most 50 series, 100 points a series, 100 lines); `n` is the full count. */
  truncated?: boolean;
}

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

export const TOOL_CLASS: Record<ToolName, ToolClass> = {
  query_metrics: 'live',
  query_logs: 'live',
  list_label_names: 'discovery',
  list_label_values: 'discovery',
  list_series: 'discovery',
  search_tools: 'context',
  load_skill: 'context',
  notes: 'context',
  working_memory: 'context',
  expand: 'control',
  finish_node: 'control',
  submit_theory: 'control',
};

/**
 * Times in tool arguments: RFC3339, unix seconds, or relative to the incident's "now":
 * `now`, `now-30m`. Ranges default to [now-1h, now]; step defaults to 60s.
 */
export interface QueryMetricsArgs {
  query: string;
  /** instant (default) or range. */
  mode?: 'instant' | 'range';
  time?: string;
  start?: string;
  end?: string;
  step?: string;
}
export interface QueryLogsArgs {
  query: string;
  start?: string;
  end?: string;
  /** For metric LogQL: instant at `end` unless `step` is given. */
  step?: string;
  limit?: number;
  direction?: 'forward' | 'backward';
}
export interface LabelNamesArgs {
  source: Source;
  match?: string;
}
export interface LabelValuesArgs {
  source: Source;
  label: string;
  match?: string;
}
export interface SeriesArgs {
  source: Source;
  match: string;
}
export interface SearchToolsArgs {
  query: string;
}
export interface LoadSkillArgs {
  name: string;
}
export interface NotesArgs {
  action: 'read' | 'write';
  text?: string;
}
export interface MemoryArgs {
  action: 'read' | 'add';
  fact?: string;
}
export interface ExpandArgs {
  control: 'sequence' | 'fallback' | 'parallel';
  subgoals: string[];
}
export interface FinishNodeArgs {
  success: boolean;
  summary: string;
}
export interface SubmitTheoryArgs {
  theory: Theory;
}

/** Markers at the start of host-injected user messages. */
export const HOST_MARK = {
  steer: '[host:steer]',
  halt: '[host:halt]',
  budget: '[host:budget]',
  blocked: '[host:blocked]',
  incomplete: '[host:incomplete]',
} as const;
