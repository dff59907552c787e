/**
 * budget: the seat's hard caps (turns, tool calls, tokens as input + output, wall seconds on the
 * trial clock), global across a tree. Always on, in every gate set including `none`: a budget is
 * the seat's limit, not a policy under measurement, so it is not a GateName and its stop is said
 * by the end event's `stop: budget`, not by a `gate` event. What happens at the cap is the
 * switchable gates' decision (onBudget: budgetFindings asks for one final Theory); with none of
 * them the session simply stops.
 */
import type { GateFactory } from './types.js';
import type { SessionView } from './view.js';

/** The first budget that ran out, as `turns 40/40`, or undefined. */
export function budgetSpent(view: SessionView): string | undefined {
  const b = view.budget;
  const { turns, toolCalls, tokens } = view.usage;
  const spent = tokens.input + tokens.output;
  const wallS = view.t() / 1000;
  if (turns >= b.turns) return `turns ${turns}/${b.turns}`;
  if (toolCalls >= b.toolCalls) return `tool calls ${toolCalls}/${b.toolCalls}`;
  if (spent >= b.tokens) return `tokens ${spent}/${b.tokens}`;
  if (wallS >= b.wallSeconds) return `wall ${wallS.toFixed(1)}s/${b.wallSeconds}s`;
  return undefined;
}

/** Tool calls a batch may still start (calls are counted before their backend is awaited). */
export function toolCallsLeft(view: SessionView): number {
  return Math.max(0, view.budget.toolCalls - view.usage.toolCalls);
}

export const budget: GateFactory = () => ({
  beforeTurn({ view }) {
    const over = budgetSpent(view);
    return over ? { decision: 'halt', reason: over, message: `budget spent: ${over}` } : undefined;
  },
});
