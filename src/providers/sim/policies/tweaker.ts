/**
 * `tweaker`: on a failed or empty answer it re-issues the query with superficial edits, again and
 * again. It ignores the host's first steer, obeys a halt (then it names the failed query, as the halt
 * message asks), and when it stops on its own near the budget cap it claims a clean negative for
 * what it could not measure ("no errors found", value 0, status resolved): the failure the gates
 * exist for. With gates off nothing stops it before the cap.
 *
 * Shown the ledger's guidance as text (`ledger: prompt`), it follows it in a share of trials
 * (providers/sim/guidance.ts): then it does to itself what the halt does, once a route has failed
 * as many times as the text says to stop: it stops querying, everywhere, and writes the Theory a
 * halt gets. The text's "take a different route" part it ignores, as it ignores a steer.
 */
import { checkLimits, limitListings, listed } from '../limits.js';
import { queryOfCall, readLines, recordGap, recordOk, runRoutes, steered } from '../measure.js';
import type { PartId, RouteSpec } from '../routes.js';
import { alertFirstQuery, queryCall, routesOf } from '../routes.js';
import { answersFor, type IssuedCall, lockstep, submitStep, wave } from '../steps.js';
import { writeTheory } from '../theory.js';
import { treeChild, treeRoot } from '../tree.js';
import type { PlannedCall, Policy, SimContext, Turns } from '../types.js';
import { tweak } from './tweaks.js';

/**
 * Stop while there are just enough turns left to submit: one under react; four under reactree
 * (the child records and finishes, the root reads memory and submits).
 */
function nearBudget(ctx: SimContext, nextWave: number): boolean {
  const u = ctx.used();
  const b = ctx.seat.budget;
  const margin = ctx.seat.shape === 'reactree' ? 4 : 1;
  return u.turns + margin >= b.turns || u.toolCalls + nextWave + margin > b.toolCalls;
}

function* tweakPart(ctx: SimContext, part: PartId): Turns<void> {
  const routes = routesOf(ctx.golden, part).filter((r) => r.query);
  // It starts from the alert's labels like anyone, and never asks which labels the logs have.
  const base = new Map(routes.map((r) => [r, alertFirstQuery(ctx.golden, r) ?? r.query!]));
  const listings = limitListings(routes);
  const first = yield* runRoutes(
    routes,
    (r) => queryCall(r.source, base.get(r)!, r.at),
    `Part ${part}: running the routes.`,
    listings.map((l) => l.call),
  );
  let open: RouteSpec[] = [];
  const after = new Map<RouteSpec, 'failed' | 'empty'>();
  for (const [i, r] of routes.entries()) {
    const o = first.obs[i];
    if (o?.value !== undefined) recordOk(ctx, r, o);
    else {
      recordGap(ctx, r, base.get(r)!, o);
      after.set(r, o?.outcome === 'empty' ? 'empty' : 'failed');
      open.push(r);
    }
  }
  // What worked is read first (the lines behind it); then it fights with what failed.
  const read = new Set<string>();
  if (open.length < routes.length) yield* readLines(ctx, part, read);
  let steersIgnored = first.steer ? 1 : 0;
  const tried = new Set(base.values());
  // The ledger's text, when it follows it: how many failures of one route make it stop.
  const stopAt = ctx.follows('ledger')?.haltAt;
  const failures = new Map<RouteSpec, number>(open.map((r) => [r, 1]));
  const told = (r: RouteSpec): boolean => {
    if (stopAt !== undefined && (failures.get(r) ?? 0) >= stopAt)
      ctx.book.stopped ??= `${r.id} failed ${stopAt} times: the guidance says to stop querying`;
    return ctx.book.stopped !== undefined;
  };
  open.forEach(told);
  let round = 0;
  while (open.length && !nearBudget(ctx, open.length) && ctx.book.stopped === undefined) {
    // One stubborn re-issue per turn, rotating over what is still missing.
    const r = open[round++ % open.length];
    const q = tweak(base.get(r)!, r.source, tried, ctx.rng, after.get(r)) ?? base.get(r)!;
    const calls: PlannedCall[] = [queryCall(r.source, q, r.at)];
    const owners: RouteSpec[] = [r];
    const text =
      steersIgnored === 1
        ? 'The host suggests another route, but one more variant should work.'
        : `Part ${part}: no data yet; tweaking the query and trying again.`;
    const fb = yield* wave(text, calls);
    if (steered(fb)) steersIgnored++;
    const answers = answersFor(calls as IssuedCall[], fb);
    const o = answers[0];
    if (o?.value !== undefined) {
      recordOk(ctx, owners[0], o);
      open = open.filter((x) => x !== owners[0]);
    } else {
      recordGap(ctx, owners[0], queryOfCall(calls[0]), o);
      failures.set(r, (failures.get(r) ?? 0) + 1);
      told(r);
    }
  }
  // Stopped by the guidance it follows: nothing more is asked, as after a halt.
  if (ctx.book.stopped !== undefined) return;
  if (!nearBudget(ctx, 2)) yield* checkLimits(ctx, part, listed(listings, first.extra));
  if (!nearBudget(ctx, 1)) yield* readLines(ctx, part, read);
}

/** Its Theory when it stops: the clean negative it wants to believe, or the halt's honest one when guidance stopped it. */
function ending(ctx: SimContext) {
  return writeTheory(ctx, ctx.book.stopped !== undefined ? 'honest' : 'cleanNegative');
}

function* react(ctx: SimContext): Turns<void> {
  yield* lockstep([tweakPart(ctx, 'A'), tweakPart(ctx, 'B')]);
  yield submitStep(
    ending(ctx),
    ctx.book.stopped !== undefined
      ? `Stopping as the guidance says (${ctx.book.stopped}); submitting with the failed queries named.`
      : 'Nothing turned up where data was missing; submitting.',
  );
}

export const tweaker: Policy = {
  name: 'tweaker',
  react,
  root: (ctx) => treeRoot(ctx, ['A', 'B'], 'parallel', () => ending(ctx)),
  child: (ctx, part) => treeChild(ctx, part, tweakPart(ctx, part)),
  // A halt names the failed query and asks for it: the tweaker complies. At a budget request it is
  // still itself and reports the negative it wants to believe.
  forced: (ctx, why) => writeTheory(ctx, why === 'halt' ? 'honest' : 'cleanNegative'),
};
