/**
 * The `reference` sim's Theory. Every value as observed (unrounded) with the calls that showed it,
 * cited in the findings too (a split's value with each window's value and call); a gap naming the
 * failed query and its call id for the rest; a part `resolved` only when every measurement was
 * obtained. The root cause is the golden's own (`rootCause`) when every measurement it rests on
 * (`rootCause.evidence`, default every obtainable one) was obtained with ok live evidence, said in
 * the golden's accept terms where its component and mechanism do not already use them (what an
 * engineer who saw that evidence names); else an honest "undetermined" naming what it lacked.
 * The free text stays plain (no markup, one claim a clause) so the claim rules read it as written.
 */
import type { Golden } from '../../../formats/golden/index.js';
import type { Theory, TheoryGap, TheoryMeasurement, TheoryPart } from '../../../formats/theory.js';
import type { PartId } from '../routes.js';
import { alertService, routesOf } from '../routes.js';
import type { SimContext } from '../types.js';

function part(ctx: SimContext, id: PartId): TheoryPart {
  const measurements: TheoryMeasurement[] = [];
  const gaps: TheoryGap[] = [];
  const said: string[] = [];
  for (const r of routesOf(ctx.golden, id)) {
    const m = ctx.book.measured.get(r.id);
    if (m?.value !== undefined) {
      measurements.push({ id: r.id, value: m.value, unit: r.unit, evidence: m.evidence });
      said.push(`${r.id} = ${m.value}, ${m.derivation ?? `shown by ${m.evidence.join(', ')}`}`);
    } else if (m?.failedCall) {
      gaps.push({
        measurement: r.id,
        failedQuery: m.failedQuery ?? r.query,
        callId: m.failedCall,
        reason: m.reason ?? 'failed',
      });
    } else {
      // Nothing of it ran (a halt came first, the host refused it): no query to name as failed.
      gaps.push({ measurement: r.id, reason: m?.reason ?? 'not run before the session stopped' });
    }
  }
  // "x (c4 answered failed)": the outcome as the gap's reason gives it (measure.ts recordGap).
  const missing = gaps.map((g) => {
    const outcome = /answered (\w+)/.exec(g.reason)?.[1];
    return g.callId
      ? `${g.measurement} (${g.callId} answered ${outcome ?? 'without a value'})`
      : g.measurement;
  });
  const findings = [
    said.length ? `Measured ${said.join('; ')}.` : '',
    missing.length ? `Could not measure ${missing.join(', ')}.` : '',
  ].join(' ');
  return { status: gaps.length ? 'undetermined' : 'resolved', findings: findings.trim(), measurements, gaps };
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

/** One term of each accept group the component and mechanism do not already say. */
export function acceptTerms(rc: Golden['rootCause']): string[] {
  const said = `${rc.component}\n${rc.mechanism}`.toLowerCase();
  return rc.accept.filter((group) => !group.some((t) => said.includes(t.toLowerCase()))).map((g) => g[0]);
}

/**
 * The measurements an undetermined root cause lacks, by id, unless the ids would say the accept
 * terms themselves (`pool_exhausted_lines` under [[pool], [exhaust]]): an undetermined root cause
 * must not match by its own wording, so then they are counted, not named (the gaps name them).
 */
function lacking(rc: Golden['rootCause'], missing: string[]): string {
  const named = missing.join(', ').toLowerCase();
  const matches = rc.accept.every((group) => group.some((t) => named.includes(t.toLowerCase())));
  return matches
    ? `${missing.length} of the measurements it rests on; the parts' gaps name them`
    : missing.join(', ');
}

export function referenceTheory(ctx: SimContext): Theory {
  const g = ctx.golden;
  const ev = rootEvidence(ctx);
  const terms = acceptTerms(g.rootCause);
  const lacks = lacking(g.rootCause, ev.missing);
  const rootCause = ev.missing.length
    ? {
        component: alertService(g) ?? g.alert.name,
        mechanism: `undetermined: the evidence for the root cause could not be obtained (${lacks})`,
        explanation: `the root cause rests on evidence that could not be measured (${lacks}), so it stays undetermined`,
      }
    : {
        component: g.rootCause.component,
        mechanism: g.rootCause.mechanism,
        explanation: `the golden's stated root cause (the reference ceiling), concluded from ${ev.ids.join(', ')}, measured by ok live calls ${ev.calls.join(', ')}${terms.length ? `; in the golden's accept terms: ${terms.join(', ')}` : ''}`,
      };
  return {
    summary: ev.missing.length
      ? `[sim/reference] ${g.alert.name}: root cause undetermined, missing evidence (${lacks})`
      : `[sim/reference] ${g.alert.name}: ${rootCause.component} (the golden's ceiling)`,
    rootCause,
    parts: { A: part(ctx, 'A'), B: part(ctx, 'B') },
  };
}
