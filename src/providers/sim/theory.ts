/**
 * Writing the Theory from the notebook. Two stances, because the point of the sims is the
 * difference between them: `honest` reports unmeasured values as named gaps (part undetermined,
 * usable measurements kept); `cleanNegative` reports them as a measured 0 with a "nothing found"
 * finding, the failure the gates exist to stop.
 */
import type { Theory, TheoryGap, TheoryMeasurement, TheoryPart } from '../../formats/theory.js';
import { inferRootCause } from './rootcause.js';
import { roundReported } from './rounding.js';
import type { PartId } from './routes.js';
import { routesOf, selectorOf } from './routes.js';
import type { Measured, SimContext } from './types.js';

export type Stance = 'honest' | 'cleanNegative';

export function partTheory(ctx: SimContext, part: PartId, stance: Stance, weakGap?: string): TheoryPart {
  const measurements: TheoryMeasurement[] = [];
  const gaps: TheoryGap[] = [];
  // The negative names what the unmeasured query looked at ("the payments logs"), as agents do.
  const missing = routesOf(ctx.golden, part).find((r) => ctx.book.measured.get(r.id)?.value === undefined);
  const component =
    selectorOf(missing?.query ?? '')?.pairs[0]?.[2] ?? ctx.golden.alert.labels.service ?? 'service';
  // Seeded rounding: a human reports 3–5 significant digits (more when the tolerance needs them).
  const digits = ctx.rng.int(3, 5);
  for (const r of routesOf(ctx.golden, part)) {
    const m: Measured | undefined = ctx.book.measured.get(r.id);
    if (m?.value !== undefined) {
      const spec = ctx.golden.parts[part].measurements.find((x) => x.id === r.id);
      const value = roundReported(m.value, digits, spec?.tolerance);
      measurements.push({ id: r.id, value, unit: r.unit, evidence: m.evidence });
    } else if (stance === 'cleanNegative') {
      measurements.push({ id: r.id, value: 0, unit: r.unit, evidence: m?.failedCall ? [m.failedCall] : [] });
    } else if (weakGap) {
      gaps.push({ measurement: r.id, reason: weakGap });
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
  const unmeasured = gaps.length > 0;
  const findings =
    stance === 'cleanNegative' && measurements.some((x) => x.value === 0)
      ? `no errors found in the ${component} ${part === 'B' ? 'logs' : 'metrics'}`
      : unmeasured
        ? `measured ${measurements.map((x) => x.id).join(', ') || 'nothing'}; could not measure ${gaps.map((g) => g.measurement).join(', ')}`
        : `measured ${measurements.map((x) => `${x.id}=${x.value}`).join(', ')}`;
  return { status: unmeasured ? 'undetermined' : 'resolved', findings, measurements, gaps };
}

export function writeTheory(ctx: SimContext, stance: Stance, weakGapB?: string): Theory {
  const rootCause = inferRootCause(ctx.golden, ctx.book);
  const A = partTheory(ctx, 'A', stance);
  const B = partTheory(ctx, 'B', stance, weakGapB);
  return {
    summary: `[sim] ${ctx.golden.alert.name}: ${rootCause.component} — ${rootCause.mechanism}`,
    rootCause,
    parts: { A, B },
  };
}
