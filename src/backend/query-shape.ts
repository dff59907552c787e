/**
 * The shape of a query, for fingerprints and routes: PromQL → its selectors' metric names and
 * label names (`metrics|labels`); LogQL → the engine's shape (label names, stages, operators;
 * every value masked). A query the parsers refuse falls back to protocol's regex normalizer,
 * which has the same intent. It lives beside the engines because it parses with them; both hosts
 * (host/ and external/) pass it to protocol/fingerprint.ts.
 */

import type { Source } from '../formats/vocabulary.js';
import { logQueryShape } from '../logql/index.js';
import { selectorsOf } from '../promql/index.js';
import { regexShape } from '../protocol/fingerprint.js';

export function queryShape(query: string, source?: Source): string {
  try {
    if (source === 'logs') return logQueryShape(query);
    const sels = selectorsOf(query);
    const metrics = new Set<string>();
    const labels = new Set<string>();
    for (const sel of sels) {
      if (sel.metric) metrics.add(sel.metric);
      for (const m of sel.matchers) {
        if (m.name === '__name__' && m.op === '=') metrics.add(m.value);
        else labels.add(m.name);
      }
    }
    return `${[...metrics].sort().join(',')}|${[...labels].sort().join(',')}`;
  } catch {
    return regexShape(query);
  }
}
