/**
 * ReAcTree roles for the sims: a root that expands into one child per part and submits the Theory
 * once the subtree returns, and a child that does its part's work, writes what it found to the
 * shared working memory, and finishes with a summary. All nodes of one trial share one notebook:
 * the in-process stand-in for the facts they also write to working memory.
 */

import type { Theory } from '../../formats/theory.js';
import type { ControlFlow } from '../../formats/vocabulary.js';
import { TOOL } from '../../protocol/tools.js';
import type { PartId } from './routes.js';
import { routesOf } from './routes.js';
import { finishStep, submitStep, wave } from './steps.js';
import type { SimContext, Turns } from './types.js';

export function subgoalOf(ctx: SimContext, part: PartId): string {
  return `Part ${part}: ${ctx.golden.parts[part].question.trim().split('\n')[0]}`;
}

/** One line per part: what was measured (with evidence) and what was not (with the failed call). */
export function partSummary(ctx: SimContext, part: PartId): { success: boolean; summary: string } {
  const bits: string[] = [];
  let success = true;
  for (const r of routesOf(ctx.golden, part)) {
    const m = ctx.book.measured.get(r.id);
    if (m?.value !== undefined) bits.push(`${r.id}=${m.value} [${m.evidence.join(',')}]`);
    else {
      success = false;
      bits.push(`${r.id} not measured${m?.failedCall ? ` (${m.failedCall} failed)` : ''}`);
    }
  }
  return { success, summary: `Part ${part}: ${bits.join('; ')}` };
}

export function* treeRoot(
  ctx: SimContext,
  parts: PartId[],
  control: ControlFlow,
  theory: () => Theory,
): Turns<void> {
  const subgoals = parts.map((p) => subgoalOf(ctx, p));
  yield* wave(
    `Splitting the investigation into ${control} subgoals: ${parts.map((p) => `Part ${p}`).join(', ')}.`,
    [{ name: TOOL.expand, args: { control, subgoals } }],
  );
  yield* wave('Reading the facts the subtree wrote.', [{ name: TOOL.memory, args: { action: 'read' } }]);
  yield submitStep(theory());
}

export function* treeChild(ctx: SimContext, part: PartId, work: Turns<void>): Turns<void> {
  yield* work;
  const s = partSummary(ctx, part);
  yield* wave('Recording what this node found.', [
    { name: TOOL.memory, args: { action: 'add', fact: s.summary } },
  ]);
  yield finishStep(s.success, s.summary);
}
