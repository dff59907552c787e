/**
 * What a sim reads from the golden: the parts, their measurement ids and canonical routes, and the
 * incident times; and how it turns a route into tool arguments. The truth is never read.
 */

import { TOOL } from '../../host/protocol.js';
import type { Golden } from '../../spec/normalized.js';
import { goldenTime } from '../../spec/normalized.js';
import type { PlannedCall } from './types.js';

export type PartId = 'A' | 'B';

export interface RouteSpec {
  part: PartId;
  id: string;
  unit?: string;
  source: 'metrics' | 'logs';
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
export function queryCall(
  source: 'metrics' | 'logs',
  query: string,
  at: string,
  extra: object = {},
): PlannedCall {
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

/** Service-like words from the alert and prompt, for guessing components. */
export function alertService(golden: Golden): string | undefined {
  const l = golden.alert.labels;
  return l.service ?? l.app ?? l.job ?? l.component;
}
