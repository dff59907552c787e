/**
 * reactree `treeBudget: split`: each child agent node gets its own share of the turns and tool
 * calls. An expansion into k children gives each floor((left − k − 1) / k) turns and floor(left / k)
 * tool calls, where `left` is what the parent has of its own share (the root's share is the seat's
 * budget) minus what it and its finished subtrees used: the parent keeps one turn to conclude and
 * one per child for the report a child may still give at its cap. The session budget still caps the whole tree; a node's share is checked before
 * each of its turns, like the session's. A child whose share ran out ends there: with the
 * budgetFindings gate on it first gets one turn with only finish_node (its findings reach the
 * parent), with the gate off it simply stops and its parent hears only that it stopped.
 */

import { HOST_MARK } from '../../protocol/markers.js';
import type { Message } from '../../protocol/model.js';
import type { Session } from '../session.js';
import { schemaOf, TOOLS } from '../tools/index.js';
import type { NodeInfo } from '../types.js';
import { runWave } from '../wave.js';

export interface Share {
  turns: number;
  toolCalls: number;
}

export class NodeBudgets {
  private readonly shares = new Map<string, Share>();
  /** What a node's finished subtrees used, charged to it when its expansion returns. */
  private readonly charged = new Map<string, Share>();

  constructor(private readonly s: Session) {}

  get split(): boolean {
    return this.s.opts.treeBudget === 'split';
  }

  private used(node: string): Share {
    const st = this.s.nodeStats(node);
    const c = this.charged.get(node) ?? { turns: 0, toolCalls: 0 };
    return { turns: st.turns + c.turns, toolCalls: st.toolCalls + c.toolCalls };
  }

  /** What `node` has left of its share (the root's share is the seat's budget). */
  left(node: string): Share {
    const share = this.shares.get(node) ?? { turns: this.s.budget.turns, toolCalls: this.s.budget.toolCalls };
    const u = this.used(node);
    return {
      turns: Math.max(0, share.turns - u.turns),
      toolCalls: Math.max(0, share.toolCalls - u.toolCalls),
    };
  }

  /** The share each of `k` children of `parent` gets; undefined when the budget is shared. */
  divide(parent: string, k: number): Share | undefined {
    if (!this.split) return undefined;
    const l = this.left(parent);
    return {
      turns: Math.max(1, Math.floor((l.turns - k - 1) / k)),
      toolCalls: Math.max(1, Math.floor(l.toolCalls / k)),
    };
  }

  assign(child: string, share: Share | undefined): void {
    if (share) this.shares.set(child, share);
  }

  /** After an expansion: the children's use (their own subtrees included) counts against the parent. */
  charge(parent: string, children: readonly string[]): void {
    if (!this.split) return;
    const c = this.charged.get(parent) ?? { turns: 0, toolCalls: 0 };
    for (const ch of children) {
      const u = this.used(ch);
      c.turns += u.turns;
      c.toolCalls += u.toolCalls;
    }
    this.charged.set(parent, c);
  }

  /** The share of `node` that ran out (`turns 3/3`), or undefined. */
  spent(node: string): string | undefined {
    const share = this.shares.get(node);
    if (!share) return undefined;
    const u = this.used(node);
    if (u.turns >= share.turns) return `node turns ${u.turns}/${share.turns}`;
    if (u.toolCalls >= share.toolCalls) return `node tool calls ${u.toolCalls}/${share.toolCalls}`;
    return undefined;
  }

  /**
   * A child's share ran out. The budget gates decide as at the session's cap: with budgetFindings
   * the node gets one finish_node-only turn and its summary goes up; without, it just stops.
   */
  async close(
    node: NodeInfo,
    messages: Message[],
    reason: string,
  ): Promise<{ success: boolean; summary: string } | undefined> {
    const s = this.s;
    const v = s.gates.onBudget(reason, node);
    if (v?.decision !== 'halt') return undefined;
    messages.push({
      role: 'user',
      content:
        `${HOST_MARK.budget} This node's budget is spent (${reason}). End it now with finish_node: ` +
        'summarize what you measured with its call ids, and name what you could not measure and why.',
    });
    const turn = await s.modelTurn(node, messages, [schemaOf(TOOLS.finish_node)], { tool: 'finish_node' });
    messages.push({
      role: 'assistant',
      content: turn.text,
      toolCalls: turn.toolCalls,
      providerState: turn.providerState,
    });
    if (!turn.toolCalls.length) return undefined;
    const w = await runWave(s, node, turn.toolCalls, { offered: ['finish_node'] });
    messages.push(...w.toolMessages);
    return w.finished;
  }
}
