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
import type { Feedback, SimContext, Turns } from './types.js';

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

/**
 * The root: one expansion of the parts, then the facts the subtree wrote, then the Theory.
 * `revisit`: a planner that reads the expansion's result and expands on their own, in parallel,
 * the parts a `sequence` never started because an earlier one failed (what a careful planner does;
 * the others take the control flow's verdict as the end of the work).
 */
export function* treeRoot(
  ctx: SimContext,
  parts: PartId[],
  control: ControlFlow,
  theory: () => Theory,
  revisit = false,
): Turns<void> {
  const subgoals = parts.map((p) => subgoalOf(ctx, p));
  const fb = yield* wave(
    `Splitting the investigation into ${control} subgoals: ${parts.map((p) => `Part ${p}`).join(', ')}.`,
    [{ name: TOOL.expand, args: { control, subgoals } }],
  );
  const skipped = revisit ? skippedSubgoals(fb) : [];
  const again = parts.filter((_, i) => skipped.includes(subgoals[i]));
  if (again.length)
    yield* wave(
      `The ${control} stopped before ${again.map((p) => `Part ${p}`).join(', ')}; expanding what it skipped.`,
      [{ name: TOOL.expand, args: { control: 'parallel', subgoals: again.map((p) => subgoalOf(ctx, p)) } }],
    );
  yield* wave('Reading the facts the subtree wrote.', [{ name: TOOL.memory, args: { action: 'read' } }]);
  yield submitStep(theory());
}

/**
 * The data of the expansion's result a turn got back (reactree.ts: `{control, success, children,
 * skipped}`), unchecked; none when the turn had no expansion or its body is not JSON.
 */
export function expansionOf(fb: Feedback): { children?: unknown; skipped?: unknown } | undefined {
  const raw = fb.obs.find((o) => o.tool === TOOL.expand)?.raw;
  if (!raw) return undefined;
  try {
    return (JSON.parse(raw) as { data?: { children?: unknown; skipped?: unknown } }).data;
  } catch {
    return undefined;
  }
}

/** The subgoals an expansion's result lists as never started (reactree.ts `skipped`). */
function skippedSubgoals(fb: Feedback): string[] {
  const skipped = expansionOf(fb)?.skipped;
  return Array.isArray(skipped) ? skipped.filter((x): x is string => typeof x === 'string') : [];
}

export function* treeChild(ctx: SimContext, part: PartId, work: Turns<void>): Turns<void> {
  yield* work;
  const s = partSummary(ctx, part);
  yield* wave('Recording what this node found.', [
    { name: TOOL.memory, args: { action: 'add', fact: s.summary } },
  ]);
  yield finishStep(s.success, s.summary);
}
