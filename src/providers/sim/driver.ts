/**
 * The generic node driver: how a policy that gives only `work` (policies/plain.ts) plays every
 * role, so that the same per-node behaviour meets both shapes and only the shape's mechanics
 * differ. Which role a node plays is read from what the host offers it, never from the seat:
 *
 * - a root without `expand` (react) works both parts itself, then submits;
 * - a root offered `expand` (reactree) plans one child per part (`parallel`), and submits once
 *   every child returned, whatever they found: its completion condition. It knows only what the
 *   children reported: each child keeps its own notebook (its context holds only its subgoal), and
 *   a child's notebook reaches the root only when the child finished (finish_node); a child the
 *   host stopped (its budget share spent, no findings gate) reported nothing. Before it submits,
 *   the root runs the policy's `review` (the root-cause reading) on what came back;
 * - a child works its part and returns at the first failed envelope of a live query
 *   (finish_node, success false): with only its subgoal in context, a failed answer means the
 *   subgoal as given cannot be completed, and the control flow above decides (ReAcTree's node
 *   semantics), rather than persisting with alternatives as a single agent does.
 *
 * Both roots answer a refused submission ([host:incomplete]) the same way: they work the parts
 * still undetermined themselves, with what budget they have left, and submit again.
 */
import type { Theory } from '../../formats/theory.js';
import { TOOL } from '../../protocol/tools.js';
import type { PartId } from './routes.js';
import { routesOf } from './routes.js';
import { finishStep, submitStep, wave } from './steps.js';
import { writeTheory } from './theory.js';
import { expansionOf, partSummary, subgoalOf } from './tree.js';
import type { Feedback, NodeShare, Notebook, SimContext, Turns } from './types.js';

type Work = (ctx: SimContext, parts: PartId[], left: () => NodeShare) => Turns<void>;

const PARTS: PartId[] = ['A', 'B'];

function refused(fb: Feedback): boolean {
  return (
    fb.host.some((h) => h.mark === 'incomplete') ||
    fb.obs.some((o) => o.tool === TOOL.submitTheory && o.outcome !== 'ok')
  );
}

function undetermined(t: Theory): PartId[] {
  return PARTS.filter((p) => t.parts[p]?.status === 'undetermined');
}

/** Submit; when the host refuses, work the undetermined parts once more and resubmit. */
function* submit(ctx: SimContext, work: Work, left: () => NodeShare, text: string): Turns<void> {
  const theory = writeTheory(ctx, 'honest');
  const fb = yield submitStep(theory, text);
  if (!refused(fb)) return;
  const open = undetermined(theory);
  if (open.length) yield* work(ctx, open, left);
  yield submitStep(writeTheory(ctx, 'honest'), 'Worked what the host found incomplete; resubmitting.');
}

export function* reactRoot(ctx: SimContext, work: Work, left: () => NodeShare): Turns<void> {
  yield* work(ctx, PARTS, left);
  yield* submit(ctx, work, left, 'Both parts worked; submitting.');
}

interface ChildReport {
  node: string;
  summary: string;
}

/** The children an expansion's result lists (reactree.ts: `{control, success, children, skipped}`). */
function childrenOf(fb: Feedback): ChildReport[] {
  const list = expansionOf(fb)?.children;
  if (!Array.isArray(list)) return [];
  return list.flatMap((c) => {
    const x = c as { node?: unknown; summary?: unknown };
    return typeof x.node === 'string' && typeof x.summary === 'string'
      ? [{ node: x.node, summary: x.summary }]
      : [];
  });
}

/** What a returning child found, added to the root's notebook (what it already knows stays). */
function merge(into: Notebook, from: Notebook): void {
  for (const [id, m] of from.measured) {
    const have = into.measured.get(id);
    if (have?.value === undefined && (m.value !== undefined || !have?.failedCall)) into.measured.set(id, m);
  }
  into.seen.push(...from.seen);
  for (const [k, v] of from.queries) into.queries.set(k, v);
  into.limits.push(...from.limits);
  into.logsRangeMs ??= from.logsRangeMs;
}

export function* treeRoot(
  ctx: SimContext,
  work: Work,
  left: () => NodeShare,
  bookOf: (node: string) => Notebook | undefined,
  review?: Work,
): Turns<void> {
  const fb = yield* wave('Planning one subgoal per part, run in parallel.', [
    { name: TOOL.expand, args: { control: 'parallel', subgoals: PARTS.map((p) => subgoalOf(ctx, p)) } },
  ]);
  const reports = childrenOf(fb);
  for (const c of reports) {
    // The host's own words for a child it stopped: nothing of that child's work came back.
    if (c.summary.startsWith('stopped:')) continue;
    const book = bookOf(c.node);
    if (book) merge(ctx.book, book);
  }
  for (const [i, p] of PARTS.entries()) {
    const said = reports[i]?.summary ?? '';
    const reason = said.startsWith('stopped:')
      ? `not reported: its child node ${said}`
      : 'not run: its child node returned before asking it';
    for (const r of routesOf(ctx.golden, p)) {
      if (ctx.book.measured.has(r.id)) continue;
      ctx.book.measured.set(r.id, { id: r.id, part: p, unit: r.unit, evidence: [], reason });
    }
  }
  if (review) yield* review(ctx, PARTS, left);
  yield* submit(ctx, work, left, 'Every child returned; submitting the Theory from their reports.');
}

/** The parts a goal names (both when it names neither). */
export function partsOfGoal(goal: string): PartId[] {
  const named = PARTS.filter((p) => new RegExp(`\\bPart\\s*${p}\\b`, 'i').test(goal));
  return named.length ? named : PARTS;
}

function failedLive(fb: Feedback): boolean {
  return fb.obs.some(
    (o) => (o.tool === TOOL.queryMetrics || o.tool === TOOL.queryLogs) && o.outcome === 'failed',
  );
}

export function* child(ctx: SimContext, work: Work, parts: PartId[], left: () => NodeShare): Turns<void> {
  const gen = work(ctx, parts, left);
  let r = gen.next(undefined as unknown as Feedback);
  while (!r.done) {
    const fb: Feedback = yield r.value;
    // The worker still takes in the answers (its notebook records them) before the node returns.
    r = gen.next(fb);
    if (failedLive(fb)) break;
  }
  if (!r.done) gen.return();
  yield finishStep(...summarize(ctx, parts));
}

/** The node's report: each part's line (what was measured with evidence, what failed). */
export function summarize(ctx: SimContext, parts: PartId[]): [boolean, string] {
  const lines = parts.map((p) => partSummary(ctx, p));
  return [lines.every((l) => l.success), lines.map((l) => l.summary).join(' | ')];
}
