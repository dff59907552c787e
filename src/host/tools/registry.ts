/** Every tool by name: a missing entry fails to compile. */
import { type Guidance, withSentences } from '../../protocol/guidance.js';
import type { ToolSchema } from '../../protocol/model.js';
import type { ToolName } from '../../protocol/tools.js';
import { loadSkill, notes, searchTools, workingMemory } from './context.js';
import { expand, finishNode, submitTheory } from './control.js';
import { listLabelNames, listLabelValues, listSeries } from './discovery.js';
import { queryLogs, queryMetrics } from './query.js';
import type { ToolDef } from './types.js';

export const TOOLS: Record<ToolName, ToolDef> = {
  query_metrics: queryMetrics,
  query_logs: queryLogs,
  list_label_names: listLabelNames,
  list_label_values: listLabelValues,
  list_series: listSeries,
  search_tools: searchTools,
  load_skill: loadSkill,
  notes,
  working_memory: workingMemory,
  expand,
  finish_node: finishNode,
  submit_theory: submitTheory,
};

export function isToolName(name: string): name is ToolName {
  return Object.hasOwn(TOOLS, name);
}

/**
 * What a model is shown of a tool: its declaration, derived once from protocol/tools.ts, and the
 * guidance of the gate set's prompt-mode gates that belongs in it (protocol/guidance.ts): the
 * `query` texts on every tool that reads telemetry, the `submit` texts on submit_theory.
 */
export function schemaOf(def: ToolDef, guidance?: Guidance): ToolSchema {
  const extra = !guidance
    ? []
    : def.class === 'live' || def.class === 'discovery'
      ? guidance.query
      : def.name === 'submit_theory'
        ? guidance.submit
        : [];
  return { name: def.name, description: withSentences(def.description, extra), parameters: def.parameters };
}

/** The tools offered to a node of a shape. */
export function toolsFor(role: 'react' | 'root' | 'child', canExpand: boolean): ToolName[] {
  const base: ToolName[] = [
    'query_metrics',
    'query_logs',
    'list_label_names',
    'list_label_values',
    'list_series',
    'search_tools',
    'load_skill',
    'notes',
    'working_memory',
  ];
  if (canExpand && role !== 'react') base.push('expand');
  if (role === 'child') base.push('finish_node');
  else base.push('submit_theory');
  return base;
}
