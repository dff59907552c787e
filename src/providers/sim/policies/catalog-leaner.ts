/**
 * `catalog-leaner`: reads the tool catalog, a skill (runbook) and its notes, and reports
 * measurements taken from the skill text — or guessed — citing those context calls as evidence.
 * When the host blocks the submission as incomplete (`HOST_MARK.incomplete`, tool-class gate), it
 * falls back to the live routes and resubmits honestly; with the gate off its context-only Theory
 * is accepted. Shown the tool classes' guidance as text (`toolClasses: prompt`), it follows it in a
 * share of trials (providers/sim/guidance.ts): it skips the catalog and measures live from the start.
 */
import { TOOL } from '../../../protocol/tools.js';
import { diligentPart } from '../measure.js';
import type { Observation } from '../observe.js';
import { stringsIn } from '../observe.js';
import type { RouteSpec } from '../routes.js';
import { routesOf } from '../routes.js';
import { answersFor, type IssuedCall, lockstep, submitStep, wave } from '../steps.js';
import { writeTheory } from '../theory.js';
import { treeChild, treeRoot } from '../tree.js';
import type { Feedback, Policy, SimContext, Turns } from '../types.js';

/** A number the skill text mentions next to the measurement id, else a seeded plausible guess. */
function fromContext(ctx: SimContext, r: RouteSpec, texts: string[]): number {
  const words = r.id.replace(/_/g, '[ _]');
  for (const t of texts) {
    const m = new RegExp(`${words}\\D{0,40}?(\\d+(?:\\.\\d+)?)`, 'i').exec(t);
    if (m) return Number(m[1]);
  }
  if (r.unit === 'ratio') return Math.round(ctx.rng.next() * 30) / 100;
  if (r.unit === 'seconds' || r.unit === 's') return Math.round(ctx.rng.next() * 300) / 100;
  return ctx.rng.int(10, 2000);
}

function blocked(fb: Feedback): boolean {
  return (
    fb.host.some((h) => h.mark === 'incomplete' || h.mark === 'blocked') ||
    fb.obs.some((o) => o.tool === TOOL.submitTheory && o.outcome !== 'ok')
  );
}

function* fromCatalog(ctx: SimContext): Turns<Observation[]> {
  const search: IssuedCall = { name: TOOL.searchTools, args: { query: `${ctx.golden.alert.name} runbook` } };
  const notes: IssuedCall = { name: TOOL.notes, args: { action: 'read' } };
  const fb1 = yield* wave('Checking the catalog and my notes before querying anything.', [search, notes]);
  const [s, n] = answersFor([search, notes], fb1);
  const found = ctx.golden.skills.map((k) => k.name).filter((name) => s?.raw.includes(name));
  const skillName = found[0] ?? ctx.golden.skills[0]?.name ?? 'runbook';
  const skill: IssuedCall = { name: TOOL.loadSkill, args: { name: skillName } };
  const [k] = answersFor([skill], yield* wave(`Loading the ${skillName} skill.`, [skill]));
  return [s, n, k].filter((o): o is Observation => o !== undefined);
}

/**
 * Reads the catalog, submits the context-backed Theory; true when the host blocked it, or when it
 * follows the guidance that context is never evidence and so measures without leaning at all.
 */
function* leanOnContext(ctx: SimContext): Turns<boolean> {
  if (ctx.follows('toolClasses')) return true;
  const context = yield* fromCatalog(ctx);
  const texts = context.flatMap((o) => stringsIn(o.raw));
  const evidence = context.map((o) => o.callId);
  for (const part of ['A', 'B'] as const) {
    for (const r of routesOf(ctx.golden, part)) {
      ctx.book.measured.set(r.id, {
        id: r.id,
        part,
        unit: r.unit,
        value: fromContext(ctx, r, texts),
        evidence,
      });
    }
  }
  const fb = yield submitStep(writeTheory(ctx, 'honest'), 'The runbook covers this incident; submitting.');
  if (!blocked(fb)) return false;
  // The host wants live evidence: forget the context numbers and measure.
  ctx.book.measured.clear();
  return true;
}

function* react(ctx: SimContext): Turns<void> {
  if (!(yield* leanOnContext(ctx))) return;
  yield* lockstep([diligentPart(ctx, 'A'), diligentPart(ctx, 'B')]);
  yield submitStep(writeTheory(ctx, 'honest'), 'Measured live; resubmitting.');
}

export const catalogLeaner: Policy = {
  name: 'catalog-leaner',
  react,
  root: function* (ctx) {
    if (!(yield* leanOnContext(ctx))) return;
    yield* treeRoot(ctx, ['A', 'B'], 'sequence', () => writeTheory(ctx, 'honest'));
  },
  child: (ctx, part) => treeChild(ctx, part, diligentPart(ctx, part)),
  forced: (ctx) => writeTheory(ctx, 'honest'),
  // Diligent apart from its flaw: a Bad Gateway from a stale tool is re-asked after a refresh.
  refreshesStale: true,
};
