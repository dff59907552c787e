/**
 * `reference`: each golden's honest ceiling. It asks every measurement's question as the golden's
 * truth says it can be answered (ask.ts: the route at its `at`, in the form no fault
 * decides, or as the windows a length limit leaves; an unobtainable measurement where its fault
 * answers) through the real host and gates, all of a part's questions in one wave. Where an answer
 * still fails it tries ONE retry, all retries in one more wave (a range a limit refused, as
 * windows; else the route's other form); so the ledger sees each kind of failure at most twice.
 * It reports what it obtained with its evidence (values as observed, unrounded) and names the
 * failed query and its call id as the gap for the rest; an unobtainable measurement is never
 * retried: its failed route is the honest answer.
 *
 * It is the one sim that reads the golden's truth beyond the prompt: `obtainable`, `faults` and
 * `rootCause` (theory.ts), never `truth` or `tolerance`.
 */

import { queryOfCall, recordGap, recordOk, refusedByHost } from '../measure.js';
import { tooLong } from '../narrow.js';
import type { Observation } from '../observe.js';
import type { PartId, RouteSpec } from '../routes.js';
import { routesOf } from '../routes.js';
import { answersFor, type IssuedCall, lockstep, submitStep, wave } from '../steps.js';
import { treeChild, treeRoot } from '../tree.js';
import type { PlannedCall, Policy, SimContext, Turns } from '../types.js';
import { type Ask, firstAsk, otherForm, specOf, windowsOf } from './ask.js';
import { faultOn, widestRange } from './golden-faults.js';
import { referenceTheory } from './theory.js';

const callsOf = (a: Ask) => (a.kind === 'one' ? [a.call] : a.plan.calls) as IssuedCall[];

/** Record a split's combined value with every window that showed one as evidence; else the gap. */
function recordWindows(ctx: SimContext, r: RouteSpec, ask: Ask & { kind: 'windows' }, got: Observation[]) {
  const values = got.map((o) => o?.value);
  const bad = got.findIndex((o) => o?.value === undefined && o?.outcome !== 'empty');
  const value = bad < 0 ? ask.plan.combine(values) : undefined;
  if (value !== undefined) {
    const shown = got.filter((o) => o?.value !== undefined);
    ctx.book.measured.set(r.id, {
      id: r.id,
      part: r.part,
      unit: r.unit,
      value,
      evidence: shown.map((o) => o.callId),
      derivation: ask.plan.derivation(
        got.map((o) => o?.callId ?? 'no answer'),
        values,
      ),
    });
    return;
  }
  const at = Math.max(bad, 0);
  recordGap(ctx, r, queryOfCall(ask.plan.calls[at]), got[at]);
}

/** ONE retry of a single call that failed, or undefined when there is none to try. */
function retryOf(ctx: SimContext, r: RouteSpec, ask: Ask & { kind: 'one' }, o: Observation): Ask | undefined {
  const long = tooLong(o);
  if (long && !('points' in long)) {
    const query = queryOfCall(ask.call);
    const plan = windowsOf(r, query, long.limitMs ?? widestRange(query) / 2);
    return plan && { kind: 'windows', plan };
  }
  // No retry where the golden's faults decide the other form too: it would fail the same way.
  const other = otherForm(r, ask.call);
  return faultOn(ctx.golden, other)?.sure ? undefined : { kind: 'one', call: other };
}

function* referencePart(ctx: SimContext, part: PartId): Turns<void> {
  const routes = routesOf(ctx.golden, part).filter((r) => {
    if (r.query) return true;
    recordGap(ctx, r, '', undefined, 'the golden gives no route for it');
    return false;
  });
  const asks = routes.map((r) => firstAsk(ctx.golden, r));
  const retries = new Map<RouteSpec, Ask>();
  const first = yield* ask(`Part ${part}: asking every measurement's question.`, asks);
  for (const [i, r] of routes.entries()) {
    const a = asks[i];
    const got = first[i];
    if (a.kind === 'windows') {
      recordWindows(ctx, r, a, got);
      continue;
    }
    const o = got[0];
    if (o?.value !== undefined) {
      recordOk(ctx, r, o);
      continue;
    }
    // Every real failure is on the book before any retry: a halt during the retries must not
    // leave a route that failed looking as if it never ran.
    recordGap(ctx, r, queryOfCall(a.call), o);
    if (!o || refusedByHost(o) || !specOf(ctx.golden, r).obtainable) continue;
    const retry = retryOf(ctx, r, a, o);
    if (retry) retries.set(r, retry);
  }
  if (!retries.size) return;
  const again = [...retries];
  const second = yield* ask(
    `Part ${part}: one retry for ${again.map(([r]) => r.id).join(', ')}.`,
    again.map(([, a]) => a),
  );
  again.forEach(([r, a], k) => {
    const got = second[k];
    if (a.kind === 'windows') recordWindows(ctx, r, a, got);
    else if (got[0]?.value !== undefined) recordOk(ctx, r, got[0]);
    else recordGap(ctx, r, queryOfCall(a.call), got[0]);
  });
}

/**
 * One wave with every ask's calls; each ask's answers, in order. A call two asks share (the same
 * window of two measurements) is sent once: the fanout gate blocks a copy in the same wave.
 */
function* ask(text: string, asks: Ask[]): Turns<Observation[][]> {
  const key = (c: PlannedCall) => JSON.stringify([c.name, c.args]);
  const unique = new Map<string, IssuedCall>();
  for (const c of asks.flatMap(callsOf)) if (!unique.has(key(c))) unique.set(key(c), c);
  const calls = [...unique.values()];
  const got = answersFor(calls, yield* wave(text, calls));
  const byKey = new Map(calls.map((c, i) => [key(c), got[i]]));
  return asks.map((a) => callsOf(a).map((c) => byKey.get(key(c))!));
}

function* react(ctx: SimContext): Turns<void> {
  yield* lockstep([referencePart(ctx, 'A'), referencePart(ctx, 'B')]);
  yield submitStep(referenceTheory(ctx), 'Every question asked; submitting what it obtained and the gaps.');
}

export const reference: Policy = {
  name: 'reference',
  react,
  root: (ctx) => treeRoot(ctx, ['A', 'B'], 'parallel', () => referenceTheory(ctx)),
  child: (ctx, part) => treeChild(ctx, part, referencePart(ctx, part)),
  forced: (ctx) => referenceTheory(ctx),
};
