/**
 * The honest routes to one measurement, derived from its route and the golden's world and faults:
 * what a careful engineer tries, in order, when the route as written did not answer. Each asks the
 * SAME question (an identity of PromQL or LogQL, never a guess): the route in its other API form
 * (instant ↔ one-step range, windows included); for a LogQL count, the raw lines counted and paged
 * (lines.ts); the route with its selector in the other form (`app="x"` ↔ `app=~"x"`); the rate ↔
 * increase identity (`increase(x[2h])` = `rate(x[2h]) * 7200`, LogQL `count_over_time(p[30m])` =
 * `rate(p[30m]) * 1800`). A form a fault of the golden surely decides is listed as skipped, never
 * sent: it would fail the same way, and the ledger would count it. policy.ts tries them in order
 * until one measures.
 */
import type { Golden } from '../../../formats/golden/index.js';
import { tooLong } from '../narrow.js';
import type { Observation } from '../observe.js';
import type { RouteSpec } from '../routes.js';
import type { PlannedCall } from '../types.js';
import { type Ask, askOf, otherForm, windowsOf } from './ask.js';
import { faultOn, lengthLimit, widestRange } from './golden-faults.js';
import { type LinesPlan, linesPlan } from './lines.js';
import { masked } from './windows.js';

export type Route =
  | { how: string; ask: Ask }
  | { how: string; lines: LinesPlan }
  | { how: string; skipped: string };

export const callsOfAsk = (a: Ask): PlannedCall[] => (a.kind === 'one' ? [a.call] : a.plan.calls);

/** The fault that surely decides one of the ask's calls (a delay or a partial answer decides nothing). */
function decidedBy(golden: Golden, a: Ask): string | undefined {
  for (const c of callsOfAsk(a)) {
    const hit = faultOn(golden, c);
    if (hit?.sure && hit.fault.kind !== 'partial')
      return `fault ${hit.fault.id ?? hit.index} (${hit.fault.kind}) decides it`;
  }
  return undefined;
}

const ESCAPE = /[.*+?^${}()|[\]\\]/g;

/**
 * The query with every stream/series selector matcher in its other form: `l="v"` → `l=~"v"` (the
 * value escaped as a regex), `l=~"v"` → `l="v"` when `v` is a plain string. Undefined when none changes.
 */
export function otherSelectorForm(query: string): string | undefined {
  const bare = masked(query);
  let out = '';
  let from = 0;
  for (const m of bare.matchAll(/\{[^{}]*\}/g)) {
    const block = query.slice(m.index, m.index + m[0].length);
    out += query.slice(from, m.index);
    out += block.replace(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(=~|=)\s*"((?:[^"\\]|\\.)*)"/g, (all, name, op, v) => {
      if (op === '=') return `${name}=~"${v.replace(ESCAPE, (c: string) => `\\\\${c}`)}"`;
      return /^[\w\-/:@ ]*$/.test(v) ? `${name}="${v}"` : all;
    });
    from = m.index + m[0].length;
  }
  out += query.slice(from);
  return out !== query ? out : undefined;
}

/** The one `name(` call of `bare` (masked text) with its closing bracket, when there is exactly one. */
function onlyCall(bare: string, name: string): { start: number; close: number } | undefined {
  const hits = [...bare.matchAll(new RegExp(`(?<![a-z_])${name}\\s*\\(`, 'g'))];
  if (hits.length !== 1) return undefined;
  const open = hits[0].index + hits[0][0].length - 1;
  let depth = 0;
  for (let i = open; i < bare.length; i++) {
    if ('({['.includes(bare[i])) depth++;
    else if (')}]'.includes(bare[i]) && --depth === 0) return { start: hits[0].index, close: i };
  }
  return undefined;
}

/**
 * The rate ↔ increase (PromQL) or count ↔ rate (LogQL) identity of a query with exactly one such
 * range function: `increase(x[2h])` → `(rate(x[2h]) * 7200)`, `rate(x[10m])` → `(increase(x[10m]) / 600)`.
 */
export function rateForm(query: string, source: 'metrics' | 'logs'): string | undefined {
  const bare = masked(query);
  const pairs: [string, string, string][] =
    source === 'metrics'
      ? [
          ['increase', 'rate', '*'],
          ['rate', 'increase', '/'],
        ]
      : [
          ['count_over_time', 'rate', '*'],
          ['rate', 'count_over_time', '/'],
        ];
  const found = pairs.flatMap(([from, to, op]) => {
    const at = onlyCall(bare, from);
    return at ? [{ from, to, op, ...at }] : [];
  });
  if (found.length !== 1 || (source === 'logs' && /\bunwrap\b/.test(bare))) return undefined;
  const { from, to, op, start, close } = found[0];
  const call = query.slice(start, close + 1);
  const secs = widestRange(call) / 1000;
  if (!(secs > 0)) return undefined;
  return `${query.slice(0, start)}(${to}${call.slice(from.length)} ${op} ${secs})${query.slice(close + 1)}`;
}

/** Every honest route after the first ask `first` answered `o` without a value, in the order tried. */
export function alternativesOf(golden: Golden, r: RouteSpec, first: Ask, o: Observation): Route[] {
  const query = r.query!;
  const out: Route[] = [];
  const add = (how: string, a: Ask | undefined) => {
    if (!a) return;
    const why = decidedBy(golden, a);
    out.push(why ? { how, skipped: why } : { how, ask: a });
  };
  // A range a limit refused: the same question in windows of the limit the refusal names.
  const long = first.kind === 'one' ? tooLong(o) : undefined;
  if (long && !('points' in long)) {
    const plan = windowsOf(r, query, long.limitMs ?? widestRange(query) / 2);
    add('the route in windows of the refused limit', plan && { kind: 'windows', plan });
  }
  // The other API form: instant ↔ one-step range (each window of a split, too).
  if (first.kind === 'one')
    add('the route in its other API form', { kind: 'one', call: otherForm(r, first.call) });
  else {
    const limit = lengthLimit(golden, r.source, query, Date.parse(r.at));
    const ranged = callsOfAsk(first).every((c) => (c.args as { step?: unknown }).step !== undefined);
    const plan = limit !== undefined ? windowsOf(r, query, limit, !ranged) : undefined;
    add(
      `the windows as ${ranged ? 'instant queries' : 'one-step ranges'}`,
      plan && { kind: 'windows', plan },
    );
  }
  if (r.source === 'logs') {
    const plan = linesPlan(golden, query, r.at);
    if (plan?.decided) out.push({ how: 'the raw lines counted', skipped: `${plan.decided} decides it` });
    else if (plan) out.push({ how: 'the raw lines counted', lines: plan });
  }
  const selector = otherSelectorForm(query);
  if (selector)
    add(`the route with its selector in the other form (${selector})`, askOf(golden, r, selector));
  const rate = rateForm(query, r.source);
  if (rate) add(`the rate identity of the route (${rate})`, askOf(golden, r, rate));
  // A form that repeats a call already asked adds nothing.
  const seen = new Set(callsOfAsk(first).map((c) => JSON.stringify(c)));
  return out.filter((x) => {
    if (!('ask' in x)) return true;
    const keys = callsOfAsk(x.ask).map((c) => JSON.stringify(c));
    if (keys.every((k) => seen.has(k))) return false;
    for (const k of keys) seen.add(k);
    return true;
  });
}
