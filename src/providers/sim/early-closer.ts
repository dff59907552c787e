/**
 * `early-closer`: the planner that declares victory after Part A. Under reactree the root expands a
 * `sequence` of Part A only and submits when that child succeeds; under react it submits right
 * after Part A's measurements. Part B is undetermined without measurements and with a weak gap
 * (no failed query named): the "finished fast" failure of DESIGN §1.
 */
import { diligentPart } from './measure.js';
import { submitStep } from './steps.js';
import { writeTheory } from './theory.js';
import { treeChild, treeRoot } from './tree.js';
import type { Policy, SimContext, Turns } from './types.js';

const WEAK_GAP = 'not investigated: Part A explains the alert';

function* react(ctx: SimContext): Turns<void> {
  yield* diligentPart(ctx, 'A');
  yield submitStep(writeTheory(ctx, 'honest', WEAK_GAP), 'Part A explains the alert; closing.');
}

export const earlyCloser: Policy = {
  name: 'early-closer',
  react,
  root: (ctx) => treeRoot(ctx, ['A'], 'sequence', () => writeTheory(ctx, 'honest', WEAK_GAP)),
  child: (ctx, part) => treeChild(ctx, part, diligentPart(ctx, part)),
  forced: (ctx) => writeTheory(ctx, 'honest', WEAK_GAP),
};
