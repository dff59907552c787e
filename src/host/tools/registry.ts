/** Every tool by name: a missing entry fails to compile. */
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

/** What a model is shown of a tool: its declaration, derived once from protocol/tools.ts. */
export function schemaOf(def: ToolDef): ToolSchema {
  return { name: def.name, description: def.description, parameters: def.parameters };
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
