/**
 * `early-closer`: the planner that declares victory after Part A. Under reactree the root expands a
 * `sequence` of Part A only and submits when that child succeeds; under react it submits right
 * after Part A's measurements. Part B is undetermined without measurements and with a weak gap
 * (no failed query named): the "finished fast" failure of DESIGN §1. When the host refuses that
 * submission (the tool-class gate wants an undetermined part to name a query that failed), it
 * investigates Part B after all and resubmits what it finds. Shown the tool classes' guidance as
 * text (`toolClasses: prompt`: an undetermined part names a query that failed, so query it first), it
 * follows it in a share of trials (providers/sim/guidance.ts): it investigates Part B before closing.
 */
import { HOST_MARK } from '../../../protocol/markers.js';
import { TOOL } from '../../../protocol/tools.js';
import { diligentPart } from '../measure.js';
import { submitStep, wave } from '../steps.js';
import { writeTheory } from '../theory.js';
import { subgoalOf, treeChild, treeRoot } from '../tree.js';
import type { Feedback, Policy, SimContext, Turns } from '../types.js';

const WEAK_GAP = 'not investigated: Part A explains the alert';

function refused(fb: Feedback): boolean {
  return (
    fb.host.some((h) => h.mark === 'incomplete') ||
    fb.obs.some((o) => o.tool === TOOL.submitTheory && o.outcome !== 'ok')
  );
}

function* react(ctx: SimContext): Turns<void> {
  yield* diligentPart(ctx, 'A');
  if (ctx.follows('toolClasses')) {
    yield* diligentPart(ctx, 'B');
    yield submitStep(writeTheory(ctx, 'honest'), 'Part B measured too, as the guidance asks; submitting.');
    return;
  }
  const fb = yield submitStep(writeTheory(ctx, 'honest', WEAK_GAP), 'Part A explains the alert; closing.');
  if (!refused(fb)) return;
  yield* diligentPart(ctx, 'B');
  yield submitStep(
    writeTheory(ctx, 'honest'),
    `Investigated Part B after the host's ${HOST_MARK.incomplete}; resubmitting.`,
  );
}

function* root(ctx: SimContext): Turns<void> {
  if (ctx.follows('toolClasses')) {
    // Both parts side by side: a sequence would skip Part B when Part A fails, unqueried again.
    yield* treeRoot(ctx, ['A', 'B'], 'parallel', () => writeTheory(ctx, 'honest'));
    return;
  }
  yield* wave('Splitting the investigation: Part A is what matters.', [
    { name: TOOL.expand, args: { control: 'sequence', subgoals: [subgoalOf(ctx, 'A')] } },
  ]);
  yield* wave('Reading the facts the subtree wrote.', [{ name: TOOL.memory, args: { action: 'read' } }]);
  const fb = yield submitStep(writeTheory(ctx, 'honest', WEAK_GAP), 'Part A explains the alert; closing.');
  if (!refused(fb)) return;
  yield* treeRoot(ctx, ['B'], 'sequence', () => writeTheory(ctx, 'honest'));
}

export const earlyCloser: Policy = {
  name: 'early-closer',
  react,
  root,
  child: (ctx, part) => treeChild(ctx, part, diligentPart(ctx, part)),
  forced: (ctx) => writeTheory(ctx, 'honest', WEAK_GAP),
  // Diligent apart from its flaw: a Bad Gateway from a stale tool is re-asked after a refresh.
  refreshesStale: true,
};
