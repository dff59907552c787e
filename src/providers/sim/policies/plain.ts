/**
 * `plain`: one way of working a goal, whatever the shape. Given the parts its goal names and the
 * budget it has left, it asks every route of those parts (as the prompt writes them, a few per
 * wave), and on a failed envelope tries ONE alternative shape of the same question when the budget
 * still leaves a turn to report in; then, budget allowing, it checks gauge peaks against their
 * limits and reads the log lines behind the logs routes that worked (for the root cause; a root
 * that delegated its measuring does this last part on what its children reported). It never
 * reads the shape: the ReAct and ReAcTree difference of its seats comes from the generic node
 * driver (driver.ts) and the host's tree mechanics (docs/shapes.md), applied to it as to any model.
 */
import { checkLimits, limitListings, listed } from '../limits.js';
import {
  alternativeFor,
  queryOfCall,
  readLines,
  recordGap,
  recordOk,
  runRoutes,
  valueOfAlternative,
} from '../measure.js';
import type { Observation } from '../observe.js';
import type { PartId, RouteSpec } from '../routes.js';
import { queryCall, routesOf } from '../routes.js';
import { answersFor, type IssuedCall, lockstep, wave } from '../steps.js';
import { writeTheory } from '../theory.js';
import type { NodeShare, Policy, SimContext, Turns } from '../types.js';

/** Whether one more turn of `calls` tool calls still leaves a turn to report (finish or submit) in. */
function affords(left: () => NodeShare, calls: number): boolean {
  const l = left();
  // `left` already counts the turn being decided: one more must remain, and a tool call to spare.
  return l.turns >= 1 && l.toolCalls > calls;
}

/** The node's work: every route of its parts, a few per wave (the same for any node). */
function* plainWork(ctx: SimContext, parts: PartId[], left: () => NodeShare): Turns<void> {
  // What an earlier pass of this node measured is not asked again.
  const routes: RouteSpec[] = parts.flatMap((part) =>
    routesOf(ctx.golden, part).filter((r) => {
      if (ctx.book.measured.get(r.id)?.value !== undefined) return false;
      if (r.query) return true;
      recordGap(ctx, r, '', undefined, 'the prompt gives no route for it and no query measures it');
      return false;
    }),
  );
  if (!routes.length) return;
  const named = parts.map((p) => `Part ${p}`).join(' and ');
  const listings = limitListings(routes);
  const first = yield* runRoutes(
    routes,
    (r) => queryCall(r.source, r.query!, r.at),
    `${named}: running the routes.`,
    listings.map((l) => l.call),
  );
  const alts: { r: RouteSpec; call: IssuedCall }[] = [];
  for (const [i, r] of routes.entries()) {
    const o = first.obs[i];
    if (o?.value !== undefined) {
      recordOk(ctx, r, o);
      continue;
    }
    recordGap(ctx, r, r.query!, o);
    const alt = o?.outcome === 'failed' ? alternativeFor(r, r.query!) : undefined;
    if (alt) alts.push({ r, call: alt as IssuedCall });
  }
  if (alts.length && affords(left, alts.length)) {
    const calls = alts.map((a) => a.call);
    const answers = answersFor(
      calls,
      yield* wave(`${named}: ${alts.map((a) => a.r.id).join(', ')} failed; one alternative each.`, calls),
    );
    alts.forEach(({ r, call }, k) => {
      const a = answers[k];
      const value = a ? valueOfAlternative(a, call) : undefined;
      if (a && value !== undefined) recordOk(ctx, r, { ...a, value });
      else recordGap(ctx, r, queryOfCall(call), a);
    });
  }
  yield* review(ctx, parts, left, listed(listings, first.extra));
}

/**
 * The root-cause reading, while the budget allows: the limits of the measured gauge peaks and the
 * log lines behind the logs routes that worked, every part side by side (limits.ts, measure.ts).
 * Run after a node's own measuring, and by a root on what its children reported (driver.ts).
 */
function* review(
  ctx: SimContext,
  parts: PartId[],
  left: () => NodeShare,
  names = new Map<string, Observation>(),
): Turns<void> {
  if (!affords(left, 3 * parts.length)) return;
  yield* lockstep([...parts.map((p) => checkLimits(ctx, p, names)), ...parts.map((p) => readLines(ctx, p))]);
}

export const plain: Policy = {
  name: 'plain',
  work: plainWork,
  review,
  forced: (ctx) => writeTheory(ctx, 'honest'),
};
