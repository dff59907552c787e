/**
 * `reference`: each golden's honest ceiling. It runs every measurement's route exactly as the
 * golden writes it (no guessed selectors) through the real host and gates, tries ONE alternative
 * where a route fails (a range a limit refused is narrowed, narrow.ts; else another shape of the
 * same question), reports what it obtained with its evidence (values as observed, unrounded), and
 * names the failed query and its call id as the gap for the rest.
 *
 * It is the one sim that reads the golden's `rootCause` (and `obtainable`, for the default
 * evidence): when every measurement of `rootCause.evidence` was obtained with ok live evidence, it
 * states the golden's component and mechanism, as an engineer who saw that evidence would
 * conclude; otherwise an honest "undetermined" root cause naming the evidence it lacked.
 */
import type { Theory } from '../../formats/theory.js';
import {
  alternativeFor,
  narrowRoute,
  queryOfCall,
  recordGap,
  recordOk,
  refusedByHost,
  runRoutes,
  valueOfAlternative,
} from './measure.js';
import type { PartId } from './routes.js';
import { alertService, queryCall, routesOf } from './routes.js';
import { answersFor, type IssuedCall, lockstep, submitStep, wave } from './steps.js';
import { partTheory } from './theory.js';
import { treeChild, treeRoot } from './tree.js';
import type { Policy, SimContext, Turns } from './types.js';

function* referencePart(ctx: SimContext, part: PartId): Turns<void> {
  const routes = routesOf(ctx.golden, part).filter((r) => {
    if (r.query) return true;
    recordGap(ctx, r, '', undefined, 'the golden gives no route for it');
    return false;
  });
  const first = yield* runRoutes(
    routes,
    (r) => queryCall(r.source, r.query!, r.at),
    `Part ${part}: running every route as written.`,
  );
  // Every real failure is on the book before any retry: a halt during the retries (the ledger
  // sees the same failed answer again) must not leave a route that failed looking as if it never ran.
  for (const [i, r] of routes.entries()) {
    const o = first.obs[i];
    if (o && o.value === undefined && !refusedByHost(o)) recordGap(ctx, r, r.query!, o);
  }
  for (const [i, r] of routes.entries()) {
    const o = first.obs[i];
    const query = r.query!;
    if (o?.value !== undefined) {
      recordOk(ctx, r, o);
      continue;
    }
    if (!o || refusedByHost(o)) {
      recordGap(ctx, r, query, o);
      continue;
    }
    if ((yield* narrowRoute(ctx, r, query, o)) !== undefined) continue;
    const alt = alternativeFor(r, query);
    if (!alt) {
      recordGap(ctx, r, query, o);
      continue;
    }
    const fb = yield* wave(`Part ${part}: ${r.id} answered ${o.outcome}; one alternative.`, [alt]);
    const a = answersFor([alt as IssuedCall], fb)[0];
    const v = a ? valueOfAlternative(a, alt) : undefined;
    if (a && v !== undefined) recordOk(ctx, r, { ...a, value: v });
    else {
      recordGap(ctx, r, query, o);
      recordGap(ctx, r, queryOfCall(alt), a);
    }
  }
}

/** The measurements whose evidence establishes the root cause, and those of them not obtained. */
function rootEvidence(ctx: SimContext): { ids: string[]; missing: string[]; calls: string[] } {
  const g = ctx.golden;
  const all = [...g.parts.A.measurements, ...g.parts.B.measurements];
  const ids = g.rootCause.evidence ?? all.filter((m) => m.obtainable).map((m) => m.id);
  const missing = ids.filter((id) => {
    const m = ctx.book.measured.get(id);
    return m?.value === undefined || m.evidence.length === 0;
  });
  const calls = ids.flatMap((id) => ctx.book.measured.get(id)?.evidence ?? []);
  return { ids, missing, calls: [...new Set(calls)] };
}

export function referenceTheory(ctx: SimContext): Theory {
  const g = ctx.golden;
  const ev = rootEvidence(ctx);
  const rootCause = ev.missing.length
    ? {
        component: alertService(g) ?? g.alert.name,
        mechanism: `undetermined: the evidence for the root cause could not be obtained (${ev.missing.join(', ')})`,
        explanation: `the root cause rests on ${ev.ids.join(', ')}; ${ev.missing.join(', ')} could not be measured, so it stays undetermined`,
      }
    : {
        component: g.rootCause.component,
        mechanism: g.rootCause.mechanism,
        explanation: `the golden's stated root cause (the reference ceiling), concluded from ${ev.ids.join(', ')}, measured by ok live calls ${ev.calls.join(', ')}`,
      };
  return {
    summary: ev.missing.length
      ? `[sim/reference] ${g.alert.name}: root cause undetermined, missing evidence for ${ev.missing.join(', ')}`
      : `[sim/reference] ${g.alert.name}: ${rootCause.component} (the golden's ceiling)`,
    rootCause,
    parts: { A: partTheory(ctx, 'A', 'reference'), B: partTheory(ctx, 'B', 'reference') },
  };
}

function* react(ctx: SimContext): Turns<void> {
  yield* lockstep([referencePart(ctx, 'A'), referencePart(ctx, 'B')]);
  yield submitStep(referenceTheory(ctx), 'Every route ran; submitting what it obtained and the gaps.');
}

export const reference: Policy = {
  name: 'reference',
  react,
  root: (ctx) => treeRoot(ctx, ['A', 'B'], 'parallel', () => referenceTheory(ctx)),
  child: (ctx, part) => treeChild(ctx, part, referencePart(ctx, part)),
  forced: (ctx) => referenceTheory(ctx),
};
