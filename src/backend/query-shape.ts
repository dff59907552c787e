/**
 * The shape of a query, for fingerprints and routes: PromQL → its selectors' metric names and
 * label names (`metrics|labels`); LogQL → the engine's shape (label names, stages, operators;
 * every value masked). A query the parsers refuse falls back to protocol's regex normalizer,
 * which has the same intent. It lives beside the engines because it parses with them; both hosts
 * (host/ and external/) pass it to protocol/fingerprint.ts.
 */

import type { Source } from '../formats/vocabulary.js';
import { logQueryShape } from '../logql/index.js';
import { memoize } from '../memo.js';
import { selectorsOf } from '../promql/index.js';
import { regexShape } from '../protocol/fingerprint.js';

/** The shape of a query (the two kinds memoized apart: the same text is both a PromQL and a LogQL query). */
export function queryShape(query: string, source?: Source): string {
  return source === 'logs' ? logShapeOf(query) : promShapeOf(query);
}

const logShapeOf = memoize((query: string): string => {
  try {
    return logQueryShape(query);
  } catch {
    return regexShape(query);
  }
});

const promShapeOf = memoize((query: string): string => {
  try {
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
});
