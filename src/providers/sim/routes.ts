/**
 * What a sim reads from the golden: the parts, their measurement ids and canonical routes, and the
 * incident times; and how it turns a route into tool arguments. The truth is never read.
 */

import type { Golden } from '../../formats/golden/index.js';
import { goldenTime } from '../../formats/golden/index.js';
import type { Source } from '../../formats/vocabulary.js';
import { TOOL } from '../../protocol/tools.js';
import type { PartId, PlannedCall } from './types.js';

export type { PartId } from './types.js';

export interface RouteSpec {
  part: PartId;
  id: string;
  unit?: string;
  source: Source;
  /** The query the sim runs first (undefined: the golden gives none, the sim cannot measure it). */
  query?: string;
  /** Evaluation time, RFC3339. */
  at: string;
}

export function routesOf(golden: Golden, part: PartId): RouteSpec[] {
  return golden.parts[part].measurements.map((m) => ({
    part,
    id: m.id,
    unit: m.unit,
    source: m.source,
    query: m.route,
    at: new Date(m.at ? goldenTime(golden, m.at) : golden.ms.now).toISOString(),
  }));
}

/** The tool call that runs `query` for a measurement of this source at time `at`. */
export function queryCall(source: Source, query: string, at: string, extra: object = {}): PlannedCall {
  if (source === 'metrics')
    return { name: TOOL.queryMetrics, args: { query, mode: 'instant', time: at, ...extra } };
  const end = at;
  const start = new Date(Date.parse(at) - 3_600_000).toISOString();
  return { name: TOOL.queryLogs, args: { query, start, end, ...extra } };
}

export function routeCall(r: RouteSpec, query = r.query ?? ''): PlannedCall {
  return queryCall(r.source, query, r.at);
}

/** The first `{...}` selector in a query with its label pairs. */
export function selectorOf(query: string): { text: string; pairs: [string, string, string][] } | undefined {
  const m = /\{([^{}]*)\}/.exec(query);
  if (!m) return undefined;
  const pairs: [string, string, string][] = [];
  for (const p of m[1].matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(=~|!~|!=|=)\s*"([^"]*)"/g))
    pairs.push([p[1], p[2], p[3]]);
  return { text: m[0], pairs };
}

/** The stream selector plus line filters of a LogQL metric route: the log query behind the count. */
export function logQueryOf(route: string): string | undefined {
  const m = /(\{[^{}]*\}(?:\s*(?:\|=|!=|\|~|!~)\s*"(?:[^"\\]|\\.)*")*)/.exec(route);
  return m?.[1];
}

/** Replace the label name of the selector's equality matchers with another name (label discovery). */
export function retarget(query: string, fromName: string, toName: string): string {
  return query.replace(new RegExp(`([{,]\\s*)${fromName}(\\s*(=~|!~|!=|=))`, 'g'), `$1${toName}$2`);
}

/** Labels that name a workload, in the order an agent reaches for them. */
export const IDENTITY_LABELS = ['service', 'app', 'job', 'component', 'service_name', 'container'];

/** Label names the prompt spells out (`app`, app="...", app=~"..."): the agent was told them. */
function labelsInPrompt(prompt: string): Set<string> {
  const out = new Set<string>();
  for (const m of prompt.matchAll(/`([a-zA-Z_][a-zA-Z0-9_]*)`/g)) out.add(m[1]);
  for (const m of prompt.matchAll(/\b([a-zA-Z_][a-zA-Z0-9_]*)\s*=~?\s*"/g)) out.add(m[1]);
  return out;
}

const related = (a: string, b: string) => a === b || a.includes(b) || b.includes(a);

/**
 * The query an agent writes first for a logs route. It knows the alert's labels and what the prompt
 * says, not how the log streams are labelled: when the route's stream selector uses label names
 * that neither the alert nor the prompt gives, the agent selects by the alert's workload label
 * instead (`{app="search-api"}` under an alert `service=search` → `{service="search"}`; a value
 * unrelated to the alert's keeps its value: `{app="prometheus"}` → `{service="prometheus"}`), with
 * the route's filters and pipeline. Undefined when the route is already what it would write.
 */
export function alertFirstQuery(golden: Golden, r: RouteSpec): string | undefined {
  if (r.source !== 'logs' || !r.query) return undefined;
  const sel = selectorOf(r.query);
  if (!sel) return undefined;
  const alert = golden.alert.labels;
  const told = labelsInPrompt(golden.prompt);
  const foreign = (name: string) => !(name in alert) && !told.has(name);
  if (!sel.pairs.some(([n]) => foreign(n))) return undefined;
  const id = IDENTITY_LABELS.find((n) => n in alert);
  if (!id) return undefined;
  const pairs = new Map<string, string>();
  for (const [n, op, v] of sel.pairs) {
    const name = foreign(n) ? id : n;
    if (pairs.has(name)) continue;
    pairs.set(name, foreign(n) ? `="${related(v, alert[id]) ? alert[id] : v}"` : `${op}"${v}"`);
  }
  const text = `{${[...pairs].map(([n, rest]) => `${n}${rest}`).join(', ')}}`;
  return r.query.replace(sel.text, text);
}

/**
 * After label discovery: the query with each selector pair moved to the label that carries its
 * value. `values` maps candidate label names to their values; a value equal to the pair's, or
 * containing it, matches; among several matches the one `prefer` names (the stream the question is
 * about) wins, then an exact match. Undefined when some pair has no home.
 */
export function retargetByValues(
  query: string,
  values: Map<string, string[]>,
  prefer: string[] = [],
): string | undefined {
  const sel = selectorOf(query);
  if (!sel?.pairs.length) return undefined;
  const pairs: string[] = [];
  for (const [n, op, v] of sel.pairs) {
    if (op !== '=') {
      pairs.push(`${n}${op}"${v}"`);
      continue;
    }
    let hit: [string, string] | undefined;
    for (const [label, vs] of values) {
      if (label === n) continue;
      const matches = vs.filter((x) => x.includes(v));
      const pick = matches.find((x) => prefer.includes(x)) ?? matches.find((x) => x === v) ?? matches[0];
      if (pick && (!hit || prefer.includes(pick))) hit = [label, pick];
    }
    if (!hit) return undefined;
    pairs.push(`${hit[0]}="${hit[1]}"`);
  }
  return query.replace(sel.text, `{${pairs.join(', ')}}`);
}

/** Service-like words from the alert and prompt, for guessing components. */
export function alertService(golden: Golden): string | undefined {
  const l = golden.alert.labels;
  return l.service ?? l.app ?? l.job ?? l.component;
}
