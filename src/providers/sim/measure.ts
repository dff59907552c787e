/**
 * The careful way to measure one part: run its routes in modest waves; on a failed or empty answer
 * try exactly ONE alternative (label discovery and a re-targeted selector when the answer was
 * empty, a differently shaped query when it failed); otherwise keep the failed query and its call
 * id for an honest gap. Log lines for root-cause inference are read once a logs route works.
 */

import type { Source } from '../../formats/vocabulary.js';
import { type HostRefusal, hostRefusalOf } from '../../protocol/markers.js';
import { TOOL } from '../../protocol/tools.js';
import { checkLimits, limitListings, listed } from './limits.js';
import { type Narrowed, narrowing, runNarrowing, tooLong } from './narrow.js';
import type { Observation } from './observe.js';
import type { PartId, RouteSpec } from './routes.js';
import {
  alertFirstQuery,
  logQueryOf,
  queryCall,
  retarget,
  retargetByValues,
  routesOf,
  selectorOf,
} from './routes.js';
import { answersFor, type IssuedCall, wave } from './steps.js';
import type { Feedback, PlannedCall, SimContext, Turns } from './types.js';

const CONCURRENCY = 3;
const SERVICE_LABELS = ['app', 'service', 'job', 'container', 'component', 'service_name', 'namespace'];

export function queryOfCall(c: PlannedCall): string {
  const a = c.args as { query?: string };
  return a.query ?? '';
}

export function recordOk(ctx: SimContext, r: RouteSpec, o: Observation): void {
  ctx.book.measured.set(r.id, { id: r.id, part: r.part, unit: r.unit, value: o.value, evidence: [o.callId] });
}

export function recordGap(
  ctx: SimContext,
  r: RouteSpec,
  query: string,
  o: Observation | undefined,
  reason?: string,
): void {
  const prior = ctx.book.measured.get(r.id);
  if (prior?.value !== undefined) return;
  // A call the host refused (blocked, over budget) never ran: it is not a failed query. Keep an
  // earlier real failure of this route if there is one; else the gap names no query.
  if (!o || refusedByHost(o)) {
    if (prior?.failedCall) return;
    ctx.book.measured.set(r.id, {
      id: r.id,
      part: r.part,
      unit: r.unit,
      evidence: [],
      reason: reason ?? (o ? `not run: the host refused it (${o.error ?? o.outcome})` : 'not run'),
    });
    return;
  }
  ctx.book.measured.set(r.id, {
    id: r.id,
    part: r.part,
    unit: r.unit,
    evidence: [],
    failedQuery: query,
    failedCall: o?.callId,
    reason:
      reason ??
      (o ? `${o.tool} answered ${o.outcome}${o.error ? ` (${o.error})` : ''}` : 'no answer from the host'),
  });
}

/**
 * The host refusals a sim reads as "the host answered, the backend never saw it". `internal` and
 * `incomplete` are left out: an internal error is the bench's, and an incomplete Theory is
 * answered through the incomplete marker (catalog-leaner.ts), not as a refused measurement.
 */
const REFUSED: readonly HostRefusal[] = [
  'blocked',
  'budget',
  'final_turn',
  'unknown_tool',
  'duplicate',
  'bad_args',
];

/** The host answered the call itself; the backend never saw it. */
export function refusedByHost(o: Observation): boolean {
  const refusal = o.outcome === 'rejected' ? hostRefusalOf(o.error) : undefined;
  return refusal !== undefined && REFUSED.includes(refusal);
}

export function steered(fb: Feedback): boolean {
  return fb.host.some((h) => h.mark === 'steer' || h.mark === 'halt');
}

/**
 * Run `calls` for `routes` in waves of at most CONCURRENCY; returns each route's observation.
 * `extra` calls (discovery that does not depend on the answers) ride along in the first wave.
 */
export function* runRoutes(
  routes: RouteSpec[],
  build: (r: RouteSpec) => PlannedCall,
  text: string,
  extra: IssuedCall[] = [],
): Turns<{ obs: (Observation | undefined)[]; steer: boolean; extra: Observation[] }> {
  const out: (Observation | undefined)[] = [];
  let steer = false;
  let extraObs: Observation[] = [];
  for (let i = 0; i < routes.length || (i === 0 && extra.length); i += CONCURRENCY) {
    const calls: IssuedCall[] = routes.slice(i, i + CONCURRENCY).map(build);
    const more = i === 0 ? extra : [];
    const fb = yield* wave(text, [...calls, ...more]);
    const got = answersFor([...calls, ...more], fb);
    out.push(...got.slice(0, calls.length));
    if (i === 0) extraObs = got.slice(calls.length);
    steer ||= steered(fb);
  }
  return { obs: out, steer, extra: extraObs };
}

/** One alternative for an empty logs/metrics answer: find the label that carries the value. */
function* discover(_ctx: SimContext, r: RouteSpec, query: string): Turns<string | undefined> {
  const sel = selectorOf(query);
  const eq = sel?.pairs.find(([, op]) => op === '=' || op === '=~');
  if (!sel || !eq) return undefined;
  const names = answersFor(
    [{ name: TOOL.labelNames, args: { source: r.source } }] as IssuedCall[],
    yield* wave(`The ${r.id} query came back empty; listing ${r.source} label names.`, [
      { name: TOOL.labelNames, args: { source: r.source } },
    ]),
  )[0];
  const candidates = (names?.names ?? [])
    .filter((n) => n !== eq[0] && SERVICE_LABELS.includes(n))
    .slice(0, 3);
  if (!candidates.length) return undefined;
  const calls: IssuedCall[] = candidates.map((label) => ({
    name: TOOL.labelValues,
    args: { source: r.source, label },
  }));
  const fb = yield* wave(`Checking which label carries "${eq[2]}".`, calls);
  const values = answersFor(calls, fb);
  const pattern = eq[1] === '=~' ? new RegExp(`^(?:${eq[2]})$`) : undefined;
  const hit = candidates.find((_, i) =>
    (values[i]?.names ?? []).some((v) => (pattern ? pattern.test(v) : v === eq[2])),
  );
  return hit ? retarget(query, eq[0], hit) : undefined;
}

/** The one alternative for a failed answer: another shape of the same question. */
export function alternativeFor(r: RouteSpec, query: string): PlannedCall | undefined {
  if (r.source === 'logs') {
    // Counting the raw lines answers only a count; other log measurements have no alternative.
    if (!/^\s*sum\s*\(\s*count_over_time\s*\(/.test(query)) return undefined;
    const lines = logQueryOf(query);
    return lines && lines !== query ? queryCall('logs', lines, r.at, { limit: 5000 }) : undefined;
  }
  const end = Date.parse(r.at);
  return queryCall('metrics', query, r.at, {
    mode: 'range',
    start: new Date(end - 600_000).toISOString(),
    end: r.at,
    step: '60s',
  });
}

/** Read a count from a raw-lines answer only when it was not cut by the limit. */
export function valueOfAlternative(o: Observation, call: PlannedCall): number | undefined {
  const limit = (call.args as { limit?: number }).limit;
  if (limit !== undefined) return o.outcome === 'ok' && o.lines.length < limit ? o.lines.length : undefined;
  return o.value;
}

/**
 * Label discovery for queries whose selector matched nothing: the label names of `source`, then the
 * values of up to three workload-like labels (one wave). Returns the values by label name.
 */
export function* discoverLabels(source: Source, missing: string, text: string): Turns<Map<string, string[]>> {
  const names: IssuedCall = { name: TOOL.labelNames, args: { source } };
  const [n] = answersFor([names], yield* wave(text, [names]));
  const candidates = (n?.names ?? []).filter((x) => x !== missing && SERVICE_LABELS.includes(x)).slice(0, 3);
  const out = new Map<string, string[]>();
  if (!candidates.length) return out;
  const calls: IssuedCall[] = candidates.map((label) => ({
    name: TOOL.labelValues,
    args: { source, label },
  }));
  const values = answersFor(calls, yield* wave(`Listing the values of ${candidates.join(', ')}.`, calls));
  for (const [i, label] of candidates.entries()) out.set(label, values[i]?.names ?? []);
  return out;
}

/**
 * Where the part's logs queries start from the alert's labels (routes.ts `alertFirstQuery`) and one
 * of them came back empty: discover which label carries those values and re-target every query
 * that used the alert's selector — also one that "worked" (an `or vector(0)` on a selector matching
 * nothing is no measurement). Returns the re-targeted query per route id.
 */
function* retargetFromAlert(
  routes: RouteSpec[],
  firsts: string[],
  obs: (Observation | undefined)[],
): Turns<Map<string, string>> {
  const out = new Map<string, string>();
  const moved = routes.flatMap((r, i) => (firsts[i] !== r.query ? [i] : []));
  const emptyAt = moved.find((i) => obs[i]?.outcome === 'empty');
  if (emptyAt === undefined) return out;
  const label = selectorOf(firsts[emptyAt])?.pairs[0]?.[0] ?? '';
  const values = yield* discoverLabels(
    'logs',
    label,
    `${routes[emptyAt].id}: {${label}=...} selected no log stream; listing the logs label names.`,
  );
  for (const i of moved) {
    const prefer = selectorOf(routes[i].query!)?.pairs.map((p) => p[2]) ?? [];
    const q = retargetByValues(firsts[i], values, prefer);
    if (q && q !== firsts[i]) out.set(routes[i].id, q);
  }
  return out;
}

export function* diligentPart(ctx: SimContext, part: PartId): Turns<void> {
  const routes = routesOf(ctx.golden, part).filter((r) => {
    if (r.query) return true;
    recordGap(ctx, r, '', undefined, 'the prompt gives no route for it and no query measures it');
    return false;
  });
  // Logs queries start where a real agent starts: from the alert's labels.
  const queries = routes.map((r) => alertFirstQuery(ctx.golden, r) ?? r.query!);
  // A careful agent probes the logs backend with ONE query (on its guessed selector, if it
  // guessed) before sending the rest: the answer tells it whether the selector and the range work.
  const guessed = routes.filter((r, i) => queries[i] !== r.query);
  const probeRoute = guessed[0] ?? routes.find((r) => r.source === 'logs');
  const held = new Set(routes.filter((r) => r.source === 'logs' && r !== probeRoute));
  const sent = routes.filter((r) => !held.has(r));
  const listings = limitListings(routes);
  const first = yield* runRoutes(
    sent,
    (r) => queryCall(r.source, queries[routes.indexOf(r)], r.at),
    `Part ${part}: running the routes.`,
    listings.map((l) => l.call),
  );
  const obs: (Observation | undefined)[] = routes.map((r) => first.obs[sent.indexOf(r)]);
  let steer = first.steer;
  const probe = probeRoute ? obs[routes.indexOf(probeRoute)] : undefined;
  // The backend refused the probe's range: every logs query of the part is asked within the limit.
  const done = new Set<RouteSpec>();
  if (
    probeRoute &&
    probe &&
    !refusedByHost(probe) &&
    rangeRefusal(queries[routes.indexOf(probeRoute)], probe)
  ) {
    const logs = [probeRoute, ...held];
    steer = (yield* withinLimit(ctx, part, logs, routes, queries, guessed, probe)) || steer;
    for (const r of logs) done.add(r);
    held.clear();
  }
  // An empty answer on a guessed selector holds the other guessed routes for re-targeting; the
  // routes on their own selectors go now whatever the probe said.
  const waiting = probe?.outcome === 'empty' && probeRoute && guessed.includes(probeRoute);
  if (held.size && (!waiting || [...held].some((r) => !guessed.includes(r)))) {
    const rest = [...held].filter((r) => !waiting || !guessed.includes(r));
    const res = yield* runRoutes(
      rest,
      (r) => queryCall(r.source, queries[routes.indexOf(r)], r.at),
      waiting
        ? `Part ${part}: running the routes on their own selectors.`
        : `Part ${part}: the probe answered; running the other routes.`,
    );
    steer ||= res.steer;
    rest.forEach((r, k) => {
      obs[routes.indexOf(r)] = res.obs[k];
    });
  }
  // Discovery is the different route a steer asks for, so a steer does not stop it.
  const moved = yield* retargetFromAlert(routes, queries, obs);
  const spent = new Set(moved.keys());
  if (moved.size) {
    const again = routes.filter((r) => moved.has(r.id));
    const res = yield* runRoutes(
      again,
      (r) => queryCall(r.source, moved.get(r.id)!, r.at),
      `Part ${part}: re-running on the labels the logs use.`,
    );
    steer ||= res.steer;
    again.forEach((r, k) => {
      const i = routes.indexOf(r);
      queries[i] = moved.get(r.id)!;
      obs[i] = res.obs[k];
    });
  }
  for (const [i, r] of routes.entries()) {
    if (done.has(r)) continue;
    const o = obs[i];
    const query = queries[i];
    if (o?.value !== undefined) {
      recordOk(ctx, r, o);
      continue;
    }
    // A limit refused the range: a smaller question is the route, not an alternative to it.
    const nar = o && !refusedByHost(o) ? yield* narrowRoute(ctx, r, query, o) : undefined;
    if (nar !== undefined) {
      steer ||= nar;
      continue;
    }
    if (steer || !o || refusedByHost(o)) {
      recordGap(ctx, r, query, o);
      continue;
    }
    // Exactly one alternative, chosen by what went wrong (re-targeting counted as one for empties).
    let alt: PlannedCall | undefined;
    if (o.outcome === 'empty') {
      const q = spent.has(r.id) ? undefined : yield* discover(ctx, r, query);
      alt = q ? queryCall(r.source, q, r.at) : undefined;
    } else alt = alternativeFor(r, query);
    if (!alt) {
      recordGap(ctx, r, query, o);
      continue;
    }
    const fb = yield* wave(`Part ${part}: ${r.id} failed; trying one alternative.`, [alt]);
    const a = answersFor([alt as IssuedCall], fb)[0];
    steer ||= steered(fb);
    const v = a ? valueOfAlternative(a, alt) : undefined;
    if (a && v !== undefined) recordOk(ctx, r, { ...a, value: v });
    else {
      recordGap(ctx, r, query, o);
      recordGap(ctx, r, queryOfCall(alt), a);
    }
  }
  yield* checkLimits(ctx, part, listed(listings, first.extra));
  yield* readLines(ctx, part);
}

/** Whether `o` refused `query` for its range (a limit narrowing can get under). */
function rangeRefusal(query: string, o: Observation): boolean {
  const call = queryCall('logs', query, new Date(0).toISOString());
  return (
    narrowing(query, call, o, (q, t) => queryCall('logs', q, t), new Date(0).toISOString()) !== undefined
  );
}

/**
 * The logs routes of a part after the probe's range was refused (`refusal`): the probe is asked
 * again in windows under the limit; when those select nothing on a guessed selector, the label
 * that carries the alert's values is discovered and the guessed queries re-targeted; then every
 * other route is asked in windows too. A route that does not split exactly is sent once as it is
 * (its refusal is the failed query its gap names). Returns whether a steer came.
 */
function* withinLimit(
  ctx: SimContext,
  part: PartId,
  logs: RouteSpec[],
  routes: RouteSpec[],
  queries: string[],
  guessed: RouteSpec[],
  refusal: Observation,
): Turns<boolean> {
  let steer = false;
  const q = (r: RouteSpec) => queries[routes.indexOf(r)];
  const why = tooLong(refusal);
  if (why && 'limitMs' in why && why.limitMs) ctx.book.logsRangeMs = why.limitMs;
  const [probe, ...rest] = logs;
  const first = yield* narrowed(probe, q(probe), refusal);
  const asked = q(probe);
  if (first?.value === undefined && first?.failed?.obs.outcome === 'empty' && guessed.includes(probe)) {
    const label = selectorOf(q(probe))?.pairs[0]?.[0] ?? '';
    const values = yield* discoverLabels(
      'logs',
      label,
      `${probe.id}: {${label}=...} selected no log stream in any window; listing the logs label names.`,
    );
    for (const r of guessed) {
      const prefer = selectorOf(r.query!)?.pairs.map((p) => p[2]) ?? [];
      const moved = retargetByValues(q(r), values, prefer);
      if (moved) queries[routes.indexOf(r)] = moved;
    }
    if (q(probe) !== asked) rest.unshift(probe);
    else record(probe, asked, first);
  } else if (first) record(probe, q(probe), first);
  else rest.unshift(probe);
  const whole: RouteSpec[] = [];
  for (const r of rest) {
    const res = yield* narrowed(r, q(r), refusal);
    if (res) record(r, q(r), res);
    else whole.push(r);
  }
  if (whole.length) {
    const res = yield* runRoutes(
      whole,
      (r) => queryCall(r.source, q(r), r.at),
      `Part ${part}: these do not split into windows; asking them as they are.`,
    );
    steer ||= res.steer;
    whole.forEach((r, k) => {
      const o = res.obs[k];
      if (o?.value !== undefined) recordOk(ctx, r, o);
      else recordGap(ctx, r, q(r), o);
    });
  }
  return steer;

  function* narrowed(r: RouteSpec, query: string, o: Observation): Turns<Narrowed | undefined> {
    const n = narrowing(
      query,
      queryCall(r.source, query, r.at),
      o,
      (x, t) => queryCall(r.source, x, t),
      r.at,
    );
    if (!n) return undefined;
    const res = yield* runNarrowing(
      n,
      `${r.id}: the backend refuses ranges over its limit; asking ${n.how}.`,
    );
    steer ||= steered(res.fb);
    return res;
  }

  function record(r: RouteSpec, query: string, res: Narrowed): void {
    recordNarrowed(ctx, r, query, refusal, res);
  }
}

/** A narrowed route's combined value with every window as evidence, or its gap (the window that failed). */
function recordNarrowed(ctx: SimContext, r: RouteSpec, query: string, o: Observation, res: Narrowed): void {
  if (res.value !== undefined)
    ctx.book.measured.set(r.id, {
      id: r.id,
      part: r.part,
      unit: r.unit,
      value: res.value,
      evidence: res.evidence,
    });
  else {
    recordGap(ctx, r, query, o);
    if (res.failed) recordGap(ctx, r, res.failed.query, res.failed.obs);
  }
}

/**
 * When `o` says the range of `query` was too long: ask it again as shorter windows (narrow.ts) and
 * record the combined value with every window as evidence, or the gap. Undefined when the refusal
 * was something else or the query does not split; else whether a steer came with the answers.
 */
export function* narrowRoute(
  ctx: SimContext,
  r: RouteSpec,
  query: string,
  o: Observation,
  call: PlannedCall = queryCall(r.source, query, r.at),
): Turns<boolean | undefined> {
  const n = narrowing(query, call, o, (q, t) => queryCall(r.source, q, t), r.at);
  if (!n) return undefined;
  const res = yield* runNarrowing(n, `${r.id}: the range is over the backend's limit; asking ${n.how}.`);
  recordNarrowed(ctx, r, query, o, res);
  return steered(res.fb);
}

/**
 * Read raw log lines behind the logs routes that worked (up to three streams), for the root cause.
 * `done` holds the log queries already read (skipped, and added to).
 */
export function* readLines(ctx: SimContext, part: PartId, done = new Set<string>()): Turns<void> {
  const queries = new Map<string, string>();
  for (const r of routesOf(ctx.golden, part)) {
    const m = ctx.book.measured.get(r.id);
    if (r.source !== 'logs' || m?.value === undefined) continue;
    // The query that worked (possibly re-targeted), not necessarily the golden's route.
    const worked = ctx.book.queries.get(m.evidence[0]) ?? r.query ?? '';
    const lines = logQueryOf(worked) ?? selectorOf(worked)?.text;
    if (lines && !done.has(lines) && !queries.has(lines) && queries.size < 3) queries.set(lines, r.at);
  }
  if (!queries.size) return;
  for (const q of queries.keys()) done.add(q);
  // Within the range the backend accepts, once it said what that is.
  const span = ctx.book.logsRangeMs;
  const calls = [...queries].map(([q, at]) =>
    queryCall('logs', q, at, {
      limit: 200,
      direction: 'backward',
      ...(span ? { start: new Date(Date.parse(at) - span).toISOString() } : {}),
    }),
  );
  yield* wave(
    `Part ${part}: reading recent log lines of ${[...queries.keys()].join(', ')} for the root cause.`,
    calls,
  );
}
