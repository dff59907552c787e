/**
 * The default selectors of a capture: without `--select`, every vector selector of the alert's
 * expression and of the `--measure-metrics` queries; without `--logs`, the stream selector of each
 * `--measure-logs` query. Duplicates are captured once.
 */

import { selectorsFromLogQL, selectorsFromPromQL } from '../capture/selectors.js';
import type { CaptureOptions } from '../capture/types.js';
import { InputError } from '../errors.js';

export function withDefaultSelectors(x: { o: CaptureOptions; alertExpr?: string }): {
  o: CaptureOptions;
  alertExpr?: string;
} {
  const { o, alertExpr } = x;
  try {
    if (o.metricSelectors.length === 0) {
      const qs = [
        ...(alertExpr ? [alertExpr] : []),
        ...o.measures.filter((m) => m.source === 'metrics').map((m) => m.query),
      ];
      o.metricSelectors = [...new Set(qs.flatMap(selectorsFromPromQL))];
    }
    if (o.logSelectors.length === 0)
      o.logSelectors = [
        ...new Set(o.measures.filter((m) => m.source === 'logs').map((m) => selectorsFromLogQL(m.query))),
      ];
  } catch (e) {
    throw new InputError(`capture: a query does not parse: ${e instanceof Error ? e.message : String(e)}`);
  }
  return x;
}
