/**
 * `reference`: each golden's honest ceiling. It asks every measurement's question as the golden's
 * truth says it can be answered (ask.ts: the route at its `at`, in the form no fault
 * decides, or as the windows a length limit leaves; an unobtainable measurement where its fault
 * answers) through the real host and gates, all of a part's questions in one wave. Where an answer
 * still fails it tries the other honest routes to the same value in order until one measures
 * (alternatives.ts: windows of a refused range, the other API form, the raw lines counted and
 * paged, the other selector form, the rate identity), skipping every form a fault of the golden
 * surely decides, so the ledger never sees one failure repeated by choice. It reports what it obtained with its evidence (values as observed, unrounded) and names the
 * failed query and its call id as the gap for the rest; an unobtainable measurement is never
 * retried: its failed route is the honest answer.
 *
 * It is the one sim that reads the golden's truth beyond the prompt: `obtainable`, `faults` and
 * `rootCause` (theory.ts), never `truth` or `tolerance`.
 */

import { queryOfCall, recordGap, refusedByHost } from '../measure.js';
import type { Observation } from '../observe.js';
import type { PartId, RouteSpec } from '../routes.js';
import { routesOf } from '../routes.js';
import { answersFor, type IssuedCall, lockstep, submitStep, wave } from '../steps.js';
import { treeChild, treeRoot } from '../tree.js';
import type { PlannedCall, Policy, SimContext, Turns } from '../types.js';
import { alternativesOf, callsOfAsk } from './alternatives.js';
import { type Ask, firstAsk, specOf } from './ask.js';
import { countLines } from './lines.js';
import { referenceTheory } from './theory.js';

const callsOf = (a: Ask) => callsOfAsk(a) as IssuedCall[];

interface Answer {
  value?: number;
  evidence: string[];
  derivation?: string;
  /** The call that answered without a value, and its answer. */
  failed?: { call: PlannedCall; obs: Observation | undefined };
}

/** What an ask's answers measure: one call's value, or a split's combined value with every window that showed one. */
function answerOf(a: Ask, got: Observation[]): Answer {
  if (a.kind === 'one') {
    const o = got[0];
    return o?.value !== undefined
      ? { value: o.value, evidence: [o.callId] }
      : { evidence: [], failed: { call: a.call, obs: o } };
  }
  const values = got.map((o) => o?.value);
  const bad = got.findIndex((o) => o?.value === undefined && o?.outcome !== 'empty');
  const value = bad < 0 ? a.plan.combine(values) : undefined;
  if (value === undefined) {
    const at = Math.max(bad, 0);
    return { evidence: [], failed: { call: a.plan.calls[at], obs: got[at] } };
  }
  return {
    value,
    evidence: got.filter((o) => o?.value !== undefined).map((o) => o.callId),
    derivation: a.plan.derivation(
      got.map((o) => o?.callId ?? 'no answer'),
      values,
    ),
  };
}

function record(ctx: SimContext, r: RouteSpec, got: Answer & { value: number }): void {
  ctx.book.measured.set(r.id, {
    id: r.id,
    part: r.part,
    unit: r.unit,
    value: got.value,
    evidence: got.evidence,
    ...(got.derivation ? { derivation: got.derivation } : {}),
  });
}

/** "c5 answered failed (failed_envelope: …)": what a call came back with, for the list of routes tried. */
function came(o: Observation | undefined): string {
  if (!o) return 'got no answer';
  return `${o.callId} answered ${o.outcome}${o.error ? ` (${o.error})` : ''}`;
}

/**
 * The honest routes after the route as written failed (alternatives.ts), tried in order until one
 * measures; each measurement's worker runs beside the others' (lockstep), so independent tries
 * share waves. What each route returned goes into the gap when none measured.
 */
function* tryRoutes(ctx: SimContext, r: RouteSpec, first: Ask, o: Observation): Turns<void> {
  const tried = [`the route as written: ${came(o)}`];
  for (const alt of alternativesOf(ctx.golden, r, first, o)) {
    if ('skipped' in alt) {
      tried.push(`${alt.how}: not asked, ${alt.skipped}`);
      continue;
    }
    if ('lines' in alt) {
      const c = yield* countLines(alt.lines, `${r.id}: ${alt.how}.`);
      if (c.value !== undefined) {
        const derivation =
          c.shown.length > 1
            ? `counted from raw lines, the sum of ${c.shown.map((x) => `${x.n} (${x.id})`).join(', ')}`
            : `counted from raw lines, shown by ${c.evidence.join(', ')}`;
        record(ctx, r, { value: c.value, evidence: c.evidence, derivation });
        return;
      }
      tried.push(`${alt.how}: ${c.said}`);
      if (c.failed?.obs && refusedByHost(c.failed.obs)) break;
      continue;
    }
    const [got] = yield* ask(`${r.id}: ${alt.how}.`, [alt.ask]);
    const ans = answerOf(alt.ask, got);
    if (ans.value !== undefined) {
      record(ctx, r, ans as Answer & { value: number });
      return;
    }
    tried.push(`${alt.how}: ${came(ans.failed?.obs)}`);
    if (ans.failed?.obs && refusedByHost(ans.failed.obs)) break;
  }
  const m = ctx.book.measured.get(r.id);
  if (m && m.value === undefined)
    m.reason = `${m.reason ?? 'not measured'}; routes tried: ${tried.join('; ')}`;
}

function* referencePart(ctx: SimContext, part: PartId): Turns<void> {
  const routes = routesOf(ctx.golden, part).filter((r) => {
    if (r.query) return true;
    recordGap(ctx, r, '', undefined, 'the golden gives no route for it');
    return false;
  });
  const asks = routes.map((r) => firstAsk(ctx.golden, r));
  const workers: Turns<void>[] = [];
  const first = yield* ask(`Part ${part}: asking every measurement's question.`, asks);
  for (const [i, r] of routes.entries()) {
    const ans = answerOf(asks[i], first[i]);
    if (ans.value !== undefined) {
      record(ctx, r, ans as Answer & { value: number });
      continue;
    }
    // Every real failure is on the book before any other route: a halt during the tries must not
    // leave a route that failed looking as if it never ran.
    const o = ans.failed?.obs;
    recordGap(ctx, r, queryOfCall(ans.failed!.call), o);
    if (!o || refusedByHost(o) || !specOf(ctx.golden, r).obtainable) continue;
    workers.push(tryRoutes(ctx, r, asks[i], o));
  }
  yield* lockstep(workers);
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
  refreshesStale: true,
};
