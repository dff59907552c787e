/**
 * The agent's own trace file (optional, our trace format): its model turns, node and gate events
 * join the trace rebuilt from the server; its tool calls join only when the server did not answer
 * them (tools internal to the agent). Its end event lends token usage. A file that does not parse
 * is reported, never fatal.
 */
import { existsSync } from 'node:fs';
import type { EndEvent, ToolResultEvent, TraceEvent } from '../formats/run/index.js';
import { readTrace } from '../formats/run/index.js';

export interface AgentTrace {
  events: TraceEvent[];
  tokens?: EndEvent['usage']['tokens'];
  turns: number;
  problem?: string;
}

/**
 * What only the bench's engines can say is dropped from the agent's own results: no engine of ours
 * answered those calls, so their selection record (docs/trace.md#selection) would be the agent's word.
 */
function unvouched(e: ToolResultEvent): ToolResultEvent {
  const { selection: _s, values: _v, valuesTruncated: _t, ...rest } = e;
  return rest;
}

export function readAgentTrace(file: string, known: ReadonlySet<string>): AgentTrace {
  if (!existsSync(file)) return { events: [], turns: 0 };
  let trace: ReturnType<typeof readTrace>;
  try {
    trace = readTrace(file);
  } catch (e) {
    return {
      events: [],
      turns: 0,
      problem: `agent trace ignored: ${e instanceof Error ? e.message : String(e)}`,
    };
  }
  const events: TraceEvent[] = [];
  let end: EndEvent | undefined;
  for (const e of trace.events) {
    if (e.type === 'header' || e.type === 'theory') continue;
    if (e.type === 'end') end = e;
    else if ((e.type === 'tool_call' || e.type === 'tool_result') && known.has(e.id)) continue;
    else if (e.type === 'tool_result') events.push(unvouched(e));
    else events.push(e);
  }
  const turns = events.filter((e) => e.type === 'model_turn').length;
  return { events, turns, ...(end ? { tokens: end.usage.tokens } : {}) };
}
