/**
 * "Is it at its limit?": the check a careful engineer makes after measuring the peak of a gauge
 * (connections in use, queue depth, memory). It lists the metric names of the gauge's selector
 * (label values of `__name__`, one discovery call), and when a sibling limit metric exists
 * (`<prefix>_max`, `_limit`, `_capacity`, `_size`, `_max_bytes` ...) it asks the same question of
 * the sibling, with the same selector and window. Both calls are discovery/context for the root
 * cause, never a measurement's evidence. Only a measured gauge peak triggers it, so routes of
 * counters, rates and histograms cost no extra wave.
 */
import { TOOL } from '../../protocol/tools.js';
import type { Observation } from './observe.js';
import type { PartId, RouteSpec } from './routes.js';
import { queryCall, routesOf } from './routes.js';
import { answersFor, type IssuedCall, wave } from './steps.js';
import type { LimitFinding, SimContext, Turns } from './types.js';

export type { LimitFinding } from './types.js';

const LIMIT_SUFFIXES = ['max', 'limit', 'capacity', 'size', 'max_bytes', 'limit_bytes'];
/** Functions that keep a gauge a gauge: the route reads its level, not a rate of it. */
const LEVEL_FUNCS = new Set(['max', 'max_over_time', 'sum', 'avg', 'last_over_time', 'by']);
const COUNTER_LIKE = /_(total|bucket|count|sum|created|info)$/;

/** The gauge a route reads the peak of, with its selector; undefined for anything else. */
export function gaugePeakOf(route: string): { name: string; selector: string } | undefined {
  const sels = [...route.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*(\{[^{}]*\})/g)];
  if (sels.length !== 1 || COUNTER_LIKE.test(sels[0][1])) return undefined;
  const funcs = [...route.matchAll(/([a-zA-Z_]+)\s*\(/g)].map((m) => m[1]);
  if (!funcs.some((f) => f.startsWith('max')) || funcs.some((f) => !LEVEL_FUNCS.has(f))) return undefined;
  if (/[<>!=]=|[<>]/.test(route.replace(sels[0][2], ''))) return undefined;
  return { name: sels[0][1], selector: sels[0][2] };
}

/** The sibling limit metric among `names`, longest shared prefix first. */
export function siblingLimit(gauge: string, names: string[]): string | undefined {
  const have = new Set(names);
  const tokens = gauge.split('_');
  for (let k = tokens.length - 1; k >= 1; k--) {
    const prefix = tokens.slice(0, k).join('_');
    const hit = LIMIT_SUFFIXES.map((s) => `${prefix}_${s}`).find((n) => n !== gauge && have.has(n));
    if (hit) return hit;
  }
  return undefined;
}

/** A peak within 5% of its limit is the limit reached (gauges are sampled, not continuous). */
export function atLimit(f: LimitFinding): boolean {
  return f.limit > 0 && f.peak >= 0.95 * f.limit;
}

/** The `__name__` listing of each gauge-peak route: it needs no answer, so it rides in the first wave. */
export function limitListings(routes: RouteSpec[]): { id: string; call: IssuedCall }[] {
  return routes.flatMap((r) => {
    const g = r.source === 'metrics' && r.query ? gaugePeakOf(r.query) : undefined;
    return g ? [{ id: r.id, call: listingCall(g.selector) }] : [];
  });
}

/** The listings' answers by route id. */
export function listed(listings: { id: string }[], obs: Observation[]): Map<string, Observation> {
  return new Map(listings.flatMap((l, i) => (obs[i] ? [[l.id, obs[i]] as const] : [])));
}

const listingCall = (selector: string): IssuedCall => ({
  name: TOOL.labelValues,
  args: { source: 'metrics', label: '__name__', match: selector },
});

/**
 * After a part's routes: check the limit of every measured gauge peak. Lists the metric names it
 * was not given in `names` (one wave), then reads every sibling limit found (one wave).
 */
export function* checkLimits(
  ctx: SimContext,
  part: PartId,
  names = new Map<string, Observation>(),
): Turns<void> {
  const gauges: { r: RouteSpec; g: { name: string; selector: string }; peak: number }[] = [];
  for (const r of routesOf(ctx.golden, part)) {
    const m = ctx.book.measured.get(r.id);
    const g = r.source === 'metrics' && r.query ? gaugePeakOf(r.query) : undefined;
    if (g && m?.value !== undefined && m.evidence.length) gauges.push({ r, g, peak: m.value });
  }
  const unlisted = gauges.filter((x) => !names.has(x.r.id));
  if (unlisted.length) {
    const calls = unlisted.map((x) => listingCall(x.g.selector));
    const text = `Part ${part}: is ${unlisted.map((x) => x.g.name).join(', ')} at a limit? Listing metric names.`;
    const got = answersFor(calls, yield* wave(text, calls));
    unlisted.forEach((x, i) => {
      if (got[i]) names.set(x.r.id, got[i]);
    });
  }
  const asks = gauges.flatMap((x) => {
    const o = names.get(x.r.id);
    const sib = siblingLimit(x.g.name, o?.outcome === 'ok' ? o.names : []);
    if (!sib || !x.r.query) return [];
    const q = x.r.query.replace(`${x.g.name}${x.g.selector}`, `${sib}${x.g.selector}`);
    return [{ ...x, sib, call: queryCall('metrics', q, x.r.at) as IssuedCall }];
  });
  if (!asks.length) return;
  const calls = asks.map((a) => a.call);
  const text = `Part ${part}: reading ${asks.map((a) => `${a.sib}${a.g.selector}`).join(', ')}.`;
  const got = answersFor(calls, yield* wave(text, calls));
  asks.forEach((a, i) => {
    const o = got[i];
    if (o?.value === undefined) return;
    ctx.book.limits.push({
      measurement: a.r.id,
      part,
      gauge: a.g.name,
      limitMetric: a.sib,
      selector: a.g.selector,
      peak: a.peak,
      limit: o.value,
      callId: o.callId,
    });
  });
}
