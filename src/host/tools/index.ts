/**
 * The tools an agent is offered: live queries, context tools (catalog, runbooks), discovery and
 * control tools, each with its class and argument schema.
 * This index is the part's one door: code outside the folder imports it from here only.
 */
export { toolOutputOf } from './call-backend.js';
export { checkControl, ExpandArgs, FinishArgs, SubmitArgs } from './control.js';
export { isToolName, schemaOf, TOOLS, toolsFor } from './registry.js';
export type { Scratch, Source, ToolDef, ToolOutput } from './types.js';
