/** Selectors a query touches, written back as selector text for a capture's range queries. */
import { logSelectorsOf } from '../logql/index.js';
import { selectorsOf } from '../promql/selectors-of.js';
import type { Matcher } from '../world/types.js';

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
