/** Selectors a query touches, written back as selector text for a capture's range queries. */
import { InputError } from '../errors.js';
import { logSelectorsOf } from '../logql/index.js';
import { selectorsOf } from '../promql/selectors-of.js';
import type { Matcher } from '../world/types.js';
import type { CaptureOptions } from './types.js';

function text(ms: readonly Matcher[], name?: string): string {
  const rest = name ? ms.filter((m) => !(m.name === '__name__' && m.op === '=' && m.value === name)) : ms;
  const all = name ? [{ name: '__name__', op: '=', value: name }, ...rest] : [...rest];
  return `{${all.map((m) => `${m.name}${m.op}${JSON.stringify(m.value)}`).join(',')}}`;
}

export function selectorsFromPromQL(q: string): string[] {
  return selectorsOf(q).map((s) => text(s.matchers, s.metric));
}

export function selectorsFromLogQL(q: string): string {
  return text(logSelectorsOf(q));
}

/**
 * The default selectors of a capture: without `--select`, every vector selector of the alert's
 * expression and of the `--measure-metrics` queries; without `--logs`, the stream selector of each
 * `--measure-logs` query. Duplicates are captured once.
 */
export function defaultSelectors(o: CaptureOptions, alertExpr: string): CaptureOptions {
  const out = { ...o };
  try {
    // Parsed even when --select/--logs are given: a measure that does not parse is a bad flag.
    const metricQs = [alertExpr, ...o.measures.filter((m) => m.source === 'metrics').map((m) => m.query)];
    const metric = [...new Set(metricQs.flatMap(selectorsFromPromQL))];
    const logs = [
      ...new Set(o.measures.filter((m) => m.source === 'logs').map((m) => selectorsFromLogQL(m.query))),
    ];
    if (o.metricSelectors.length === 0) out.metricSelectors = metric;
    if (o.logSelectors.length === 0) out.logSelectors = logs;
  } catch (e) {
    throw new InputError(`capture: a query does not parse: ${e instanceof Error ? e.message : String(e)}`);
  }
  return out;
}
