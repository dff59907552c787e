/**
 * The agent-node loop shared by both shapes: model turn → one wave of tool calls → observations
 * → next turn, until the node submits (root), finishes (reactree child), or the session is
 * stopping (a ledger halt or a spent budget, anywhere in the tree).
 */

import type { Theory } from '../formats/theory.js';
import type { Message } from '../protocol/model.js';
import type { ToolName } from '../protocol/tools.js';
import type { Session } from './session.js';
import type { ToolOutput } from './tools/index.js';
import { schemaOf, TOOLS } from './tools/index.js';
import type { CallRecord, NodeInfo } from './types.js';
import { runWave } from './wave.js';

export type NodeEnd =
  | { kind: 'submitted'; theory: Theory }
  | { kind: 'finished'; success: boolean; summary: string }
  /** `session.stopping` says why (halted or budget). */
  | { kind: 'stopped' }
  /** reactree `treeBudget: split`: this node's own share ran out (the session goes on). */
  | { kind: 'spent'; reason: string };

const NUDGE = {
  root: 'Continue: call tools to investigate, or submit your Theory with submit_theory.',
  child: 'Continue: call tools for your subgoal, or end it with finish_node.',
} as const;

export async function runAgent(
  s: Session,
  node: NodeInfo,
  messages: Message[],
  offered: readonly ToolName[],
  expand?: (call: CallRecord) => Promise<ToolOutput>,
  /** The node's own budget, checked before each of its turns: the share that ran out, or undefined. */
  nodeCap?: () => string | undefined,
): Promise<NodeEnd> {
  const schemas = offered.map((n) => schemaOf(TOOLS[n], s.guidance));
  for (;;) {
    if (s.stopping || s.failed !== undefined) return { kind: 'stopped' };
    const over = s.gates.beforeTurn(node);
    if (over) {
      s.stopping = { kind: 'budget', reason: over };
      return { kind: 'stopped' };
    }
    const spent = nodeCap?.();
    if (spent) return { kind: 'spent', reason: spent };
    const turn = await s.modelTurn(node, messages, schemas);
    messages.push({
      role: 'assistant',
      content: turn.text,
      toolCalls: turn.toolCalls,
      providerState: turn.providerState,
    });
    if (!turn.toolCalls.length) {
      messages.push({ role: 'user', content: NUDGE[node.role] });
      continue;
    }
    const w = await runWave(s, node, turn.toolCalls, { offered, expand });
    messages.push(...w.toolMessages);
    if (w.submitted) return { kind: 'submitted', theory: w.submitted };
    if (w.finished) return { kind: 'finished', ...w.finished };
    for (const m of w.hostMessages) messages.push({ role: 'user', content: m });
  }
}
