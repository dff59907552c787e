/**
 * What a call is about: a measurement when it reads what the measurement's route reads (the same
 * series or streams, or a wider selector that excludes none of them, and for logs line filters
 * that read the route's). What a claim is about is claims/subject.ts.
 */
import type { MeasurementSpec } from '../formats/golden/index.js';
import type { EvidenceCall } from './calls.js';
import { normalizeQuery, queryParts, type SelectorPart } from './query-parts.js';

/**
 * Does a call's selector read the series or streams a route's selector reads? The same metric,
 * and no matcher of the call excluding a route's equality value: it names the same value (`=`, or
 * a regex matching it), or leaves that label open (a wider selector: `{code="500"}` reads
 * checkout's 500s among others). Whether it then showed the route's value is the value check's.
 */
function selectorCovers(route: SelectorPart, call: SelectorPart): boolean {
  if (route.metric !== undefined && route.metric !== call.metric) return false;
  const wanted = route.matchers.filter((m) => m.op === '=');
  const admitted = wanted.filter((r) => call.matchers.some((m) => m.name === r.name));
  const agrees = admitted.every((r) =>
    call.matchers.filter((m) => m.name === r.name).every((m) => matcherAdmits(m, r.value)),
  );
  // A stream selector has no metric name to anchor it: it must name one of the route's labels.
  return agrees && (route.metric !== undefined || wanted.length === 0 || admitted.length > 0);
}

function matcherAdmits(m: { op: string; value: string }, v: string): boolean {
  if (m.op === '=') return m.value === v;
  if (m.op === '!=') return m.value !== v;
  let re: RegExp;
  try {
    re = new RegExp(`^(?:${m.value})$`);
  } catch {
    return false;
  }
  return m.op === '=~' ? re.test(v) : !re.test(v);
}

const aboutMemo = new WeakMap<EvidenceCall, WeakMap<MeasurementSpec, boolean>>();

/** Does call `c` look at what measurement `m` is about? (memoised per call object) */
export function isAbout(c: EvidenceCall, m: MeasurementSpec): boolean {
  let byM = aboutMemo.get(c);
  if (!byM) aboutMemo.set(c, (byM = new WeakMap()));
  let v = byM.get(m);
  if (v === undefined) byM.set(m, (v = aboutUncached(c, m)));
  return v;
}

function aboutUncached(c: EvidenceCall, m: MeasurementSpec): boolean {
  if (c.source !== m.source || !c.query) return false;
  // A measurement without a route says nothing of what it reads: any query of its source may be it.
  if (!m.route) return true;
  if (normalizeQuery(c.query) === normalizeQuery(m.route)) return true;
  const route = queryParts(m.route, m.source);
  const call = queryParts(c.query, m.source);
  if (!route.parsed || !call.parsed || route.selectors.length === 0) return false;
  if (!route.selectors.every((r) => call.selectors.some((s) => selectorCovers(r, s)))) return false;
  // A call without line filters reads every line of the stream, the route's among them.
  const positive = call.filters.filter((g) => g.op === '|=' || g.op === '|~');
  return route.lineFilters.every((f) => positive.length === 0 || call.filters.some((g) => filterReads(g, f)));
}

/**
 * Does a call's line filter read the lines a route's exact filter `f` keeps? The same phrase in
 * any case, a narrower or a wider phrase (`|= "exhausted"` for `|= "pool exhausted"`), or a regex
 * that matches the phrase. Whether it then showed the route's value is the value check's business.
 */
function filterReads(g: { op: string; value: string }, f: string): boolean {
  const a = g.value.toLowerCase();
  const b = f.toLowerCase();
  if (g.op === '|=') return a.length >= 3 && (a.includes(b) || b.includes(a));
  if (g.op === '|~') {
    try {
      return new RegExp(g.value.replace(/^\(\?i\)/, ''), 'i').test(f);
    } catch {
      return false;
    }
  }
  return false;
}
