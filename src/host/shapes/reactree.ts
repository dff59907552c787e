/**
 * reactree (DESIGN §7; Choi et al. 2025, arXiv 2511.02424). An agent node thinks, acts, or calls
 * `expand({control, subgoals})`: the host then opens a control-flow node with one child agent node
 * per subgoal, each starting from a FRESH context (its subgoal, its parent's goal, its siblings'
 * subgoals), and runs them:
 *   sequence: in order, stop at the first failure, success if all succeed;
 *   fallback: in order, stop at the first success;
 *   parallel: all CONCURRENTLY (unlike the paper's sequential code), success if all succeed.
 * A child ends with `finish_node({success, summary})`; the parent receives the children's results
 * as the tool result of its `expand` call and continues. Only the root submits the Theory.
 * Budgets, the ledger and working memory are the session's, so they are global across the tree;
 * with `treeBudget: split` each child also has its own share of the turns and tool calls
 * (node-budget.ts).
 */
import { withLines } from '../../protocol/guidance.js';
import type { Message } from '../../protocol/model.js';
import { type Concluded, conclude } from '../conclude.js';
import { type NodeEnd, runAgent } from '../loop.js';
import { childSystemPrompt, childUserMessage, firstUserMessage, systemPrompt } from '../prompt.js';
import type { Session } from '../session.js';
import type { ToolOutput } from '../tools/index.js';
import { ExpandArgs, TOOLS, toolsFor } from '../tools/index.js';
import type { CallRecord, NodeInfo } from '../types.js';
import { NodeBudgets, type Share } from './node-budget.js';

interface ChildResult {
  node: string;
  subgoal: string;
  success: boolean;
  summary: string;
}

class Tree {
  private readonly counters = new Map<string, number>();
  readonly maxDepth: number;
  readonly maxExpansions: number;
  readonly budgets: NodeBudgets;

  constructor(readonly s: Session) {
    this.budgets = new NodeBudgets(s);
    this.maxDepth = s.opts.maxDepth ?? 3;
    this.maxExpansions = s.opts.maxExpansions ?? 12;
  }

  private next(id: string): number {
    const n = (this.counters.get(id) ?? 0) + 1;
    this.counters.set(id, n);
    return n;
  }

  nodeEnd(node: NodeInfo, kind: 'agent', success: boolean): void {
    const st = this.s.nodeStats(node.id);
    this.s.emit({
      type: 'node',
      node: node.id,
      parent: node.parent,
      event: 'end',
      kind,
      goal: node.goal,
      result: success ? 'success' : 'failure',
      usage: { tokens: st.tokens, toolCalls: st.toolCalls, turns: st.turns, wallMs: this.s.t() - st.startMs },
    });
  }

  nodeStart(node: NodeInfo): void {
    this.s.nodeStats(node.id);
    this.s.emit({
      type: 'node',
      node: node.id,
      parent: node.parent,
      event: 'start',
      kind: 'agent',
      goal: node.goal,
    });
  }

  async expand(parent: NodeInfo, call: CallRecord): Promise<ToolOutput> {
    const args = ExpandArgs.parse(call.args);
    if (parent.depth + 1 > this.maxDepth) {
      return {
        outcome: 'rejected',
        n: 0,
        error: { type: 'depth', message: `the tree is at its depth limit (${this.maxDepth})` },
      };
    }
    if (this.s.expansions >= this.maxExpansions) {
      return {
        outcome: 'rejected',
        n: 0,
        error: { type: 'decisions', message: `no expansions left (${this.maxExpansions})` },
      };
    }
    this.s.expansions += 1;
    const s = this.s;
    const flowId = `${parent.id}/${args.control}${this.next(`${parent.id}/`)}`;
    const concurrent = args.control === 'parallel';
    const started = s.t();
    s.emit({
      type: 'node',
      node: flowId,
      parent: parent.id,
      event: 'start',
      kind: args.control,
      goal: parent.goal,
      concurrent,
    });
    const children: NodeInfo[] = args.subgoals.map((goal) => ({
      id: `${parent.id}.${this.next(parent.id)}`,
      depth: parent.depth + 1,
      goal,
      role: 'child',
      parent: flowId,
    }));
    const share = this.budgets.divide(parent.id, children.length);
    for (const c of children) this.budgets.assign(c.id, share);
    const run = (child: NodeInfo, i: number) =>
      this.child(
        child,
        parent.goal,
        args.subgoals.filter((_, j) => j !== i),
        share,
      );
    const results: ChildResult[] = [];
    if (concurrent) {
      // A throwing child stops its siblings at their next turn; the error surfaces once all ended,
      // so no event is written after the session's `end`.
      const settled = await Promise.allSettled(
        children.map((c, i) =>
          run(c, i).catch((e: unknown) => {
            s.failed ??= e;
            throw e;
          }),
        ),
      );
      for (const r of settled) if (r.status === 'rejected') throw r.reason;
      results.push(...settled.map((r) => (r as PromiseFulfilledResult<ChildResult>).value));
    } else {
      for (const [i, child] of children.entries()) {
        const r = await run(child, i);
        results.push(r);
        if (args.control === 'sequence' ? !r.success : r.success) break;
        if (s.stopping) break;
      }
    }
    this.budgets.charge(
      parent.id,
      children.slice(0, results.length).map((c) => c.id),
    );
    const success =
      args.control === 'fallback'
        ? results.some((r) => r.success)
        : results.length === children.length && results.every((r) => r.success);
    s.emit({
      type: 'node',
      node: flowId,
      parent: parent.id,
      event: 'end',
      kind: args.control,
      goal: parent.goal,
      result: success ? 'success' : 'failure',
      concurrent,
      usage: { tokens: 0, toolCalls: 0, turns: 0, wallMs: s.t() - started },
    });
    const skipped = children.slice(results.length).map((c) => c.goal);
    return {
      outcome: 'ok',
      n: results.length,
      data: { control: args.control, success, children: results, skipped },
    };
  }

  async child(node: NodeInfo, parentGoal: string, siblings: string[], share?: Share): Promise<ChildResult> {
    const s = this.s;
    this.nodeStart(node);
    const messages: Message[] = [
      { role: 'system', content: childSystemPrompt(s.guidance.system) },
      { role: 'user', content: childUserMessage(s.opts.golden, node.goal, parentGoal, siblings, share) },
    ];
    const offered = toolsFor('child', node.depth < this.maxDepth);
    const end: NodeEnd = await runAgent(
      s,
      node,
      messages,
      offered,
      (c) => this.expand(node, c),
      () => this.budgets.spent(node.id),
    );
    // Its share ran out: the budget gates decide whether its findings still go up (node-budget.ts).
    const closed = end.kind === 'spent' ? await this.budgets.close(node, messages, end.reason) : undefined;
    const finished = end.kind === 'finished' ? end : closed;
    const result: ChildResult = finished
      ? { node: node.id, subgoal: node.goal, success: finished.success, summary: finished.summary }
      : {
          node: node.id,
          subgoal: node.goal,
          success: false,
          summary: `stopped: ${end.kind === 'spent' ? end.reason : (s.stopping?.reason ?? end.kind)}`,
        };
    this.nodeEnd(node, 'agent', result.success);
    return result;
  }
}

export async function runReactree(s: Session): Promise<Concluded> {
  const g = s.opts.golden;
  const tree = new Tree(s);
  const root: NodeInfo = {
    id: 'root',
    depth: 0,
    goal: `Investigate ${g.alert.name}: answer Part A (${g.parts.A.question}) and Part B (${g.parts.B.question}) with measurements, and submit the Theory`,
    role: 'root',
  };
  const offered = toolsFor('root', tree.maxDepth > 0);
  s.catalog = Object.values(TOOLS).map((t) => ({ name: t.name, description: t.description }));
  const messages: Message[] = [
    {
      role: 'system',
      content: withLines(s.opts.systemPrompt ?? systemPrompt('reactree'), s.guidance.system),
    },
    { role: 'user', content: firstUserMessage(g) },
  ];
  tree.nodeStart(root);
  const end = await runAgent(s, root, messages, offered, (c) => tree.expand(root, c));
  const out = await conclude(s, root, messages, end);
  tree.nodeEnd(root, 'agent', out.stop === 'submitted');
  return out;
}
