/**
 * `diligent`: follows the routes, tries one alternative on a failure, and submits an honest Theory:
 * an unmeasured value is a gap naming the failed query and its call id, and usable measurements are
 * kept. Under reactree the root expands Part A and Part B (seeded: sequence or parallel), and
 * when a sequence stopped at a failed Part A it expands the Part B it skipped: a failure of one
 * part is a gap to name, not a reason to leave the other unasked.
 */
import { diligentPart } from '../measure.js';
import { lockstep, submitStep } from '../steps.js';
import { writeTheory } from '../theory.js';
import { treeChild, treeRoot } from '../tree.js';
import type { Policy, SimContext, Turns } from '../types.js';

function* react(ctx: SimContext): Turns<void> {
  yield* lockstep([diligentPart(ctx, 'A'), diligentPart(ctx, 'B')]);
  yield submitStep(writeTheory(ctx, 'honest'));
}

export const diligent: Policy = {
  name: 'diligent',
  react,
  root: (ctx) =>
    treeRoot(
      ctx,
      ['A', 'B'],
      ctx.rng.next() < 0.5 ? 'sequence' : 'parallel',
      () => writeTheory(ctx, 'honest'),
      true,
    ),
  child: (ctx, part) => treeChild(ctx, part, diligentPart(ctx, part)),
  forced: (ctx) => writeTheory(ctx, 'honest'),
  refreshesStale: true,
};
