/**
 * How the `reference` sim asks each measurement's question, derived from the golden's truth: the
 * route as written, at its `at`; for an obtainable measurement, in the form no fault of the golden
 * decides (the instant query, else the same query over a one-step range), or as the windows a
 * length limit leaves (windows.ts); for an unobtainable one, the route in the form the golden's
 * faults answer, so the gap names a query that really failed and nothing "measures" what the
 * golden says cannot be measured. What comes back stays the authority: policy.ts reads the answers.
 */
import type { Golden, MeasurementSpec } from '../../../formats/golden/index.js';
import type { Source } from '../../../formats/vocabulary.js';
import type { RouteSpec } from '../routes.js';
import { queryCall } from '../routes.js';
import type { PlannedCall } from '../types.js';
import { faultOn, lengthLimit, widestRange } from './golden-faults.js';
import { type WindowPlan, windowPlan } from './windows.js';

export type Ask = { kind: 'one'; call: PlannedCall } | { kind: 'windows'; plan: WindowPlan };

/** The route's query evaluated at exactly `at`, as a range query of one step (another API path). */
export function oneStepRange(source: Source, query: string, at: string): PlannedCall {
  const range = { start: at, end: at, step: '60s' };
  return queryCall(source, query, at, source === 'metrics' ? { mode: 'range', ...range } : range);
}

/** The windows of `r`'s route under `limit`, each asked at its own end time (as one-step ranges: `range`). */
export function windowsOf(r: RouteSpec, query: string, limit: number, range = false): WindowPlan | undefined {
  const build = range
    ? (q: string, t: string) => oneStepRange(r.source, q, t)
    : (q: string, t: string) => queryCall(r.source, q, t);
  return windowPlan(query, r.source, limit, r.at, build);
}

/** The spec of a route's measurement. */
export function specOf(golden: Golden, r: RouteSpec): MeasurementSpec {
  return golden.parts[r.part].measurements.find((m) => m.id === r.id)!;
}

/** The first ask for a route that has a query. */
export function firstAsk(golden: Golden, r: RouteSpec): Ask {
  const query = r.query!;
  if (!specOf(golden, r).obtainable)
    return hiddenAsk(golden, [queryCall(r.source, query, r.at), oneStepRange(r.source, query, r.at)]);
  return askOf(golden, r, query);
}

/**
 * How `query` (the route, or another honest form of it) is asked of an obtainable measurement: as
 * the windows a length limit leaves, else the instant query, or the one-step range when a fault
 * decides only the instant one.
 */
export function askOf(golden: Golden, r: RouteSpec, query: string): Ask {
  const instant = queryCall(r.source, query, r.at);
  const range = oneStepRange(r.source, query, r.at);
  const limit = lengthLimit(golden, r.source, query, Date.parse(r.at));
  const split = limit !== undefined && widestRange(query) > limit ? windowsOf(r, query, limit) : undefined;
  if (split) return { kind: 'windows', plan: split };
  if (faultOn(golden, instant) && !faultOn(golden, range)) return { kind: 'one', call: range };
  return { kind: 'one', call: instant };
}

/**
 * An unobtainable measurement: the golden says a fault hides it, so ask in the form that fault
 * answers (a failure, an emptied result, a refusal by a limit: the gap names a query that really
 * failed); a `partial` fault answers with data, so it hides nothing. With no such form, the route
 * as written: validate says why nobody can earn it.
 */
function hiddenAsk(golden: Golden, forms: PlannedCall[]): Ask {
  const hides = (c: PlannedCall) => {
    const hit = faultOn(golden, c);
    return hit !== undefined && hit.fault.kind !== 'partial';
  };
  return { kind: 'one', call: forms.find(hides) ?? forms[0] };
}

/** The other API form of a one-call ask (instant ↔ one-step range): one of the honest routes (alternatives.ts). */
export function otherForm(r: RouteSpec, tried: PlannedCall): PlannedCall {
  const a = tried.args as { query: string; step?: unknown };
  return a.step === undefined ? oneStepRange(r.source, a.query, r.at) : queryCall(r.source, a.query, r.at);
}
