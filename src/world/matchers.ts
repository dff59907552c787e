/** Label matching shared by the series store, the log store and both engines. */
import type { Labels, Matcher } from './types.js';

const cache = new Map<string, RegExp>();

/** Prometheus and Loki anchor regex matchers at both ends; `.` matches newlines too. */
export function anchoredRegex(pattern: string): RegExp {
  let re = cache.get(pattern);
  if (!re) {
    re = new RegExp(`^(?:${pattern})$`, 's');
    if (cache.size > 10_000) cache.clear();
    cache.set(pattern, re);
  }
  return re;
}

/** A missing label matches as the empty string, as in Prometheus. */
export function matchesOne(m: Matcher, labels: Labels): boolean {
  const v = labels[m.name] ?? '';
  switch (m.op) {
    case '=':
      return v === m.value;
    case '!=':
      return v !== m.value;
    case '=~':
      return anchoredRegex(m.value).test(v);
    case '!~':
      return !anchoredRegex(m.value).test(v);
  }
}

export function matchesAll(ms: readonly Matcher[], labels: Labels): boolean {
  for (const m of ms) if (!matchesOne(m, labels)) return false;
  return true;
}

/** Canonical `{a="1", b="2"}` rendering with sorted keys: a stable series identity. */
export function labelsKey(labels: Labels): string {
  const keys = Object.keys(labels).sort();
  return `{${keys.map((k) => `${k}=${JSON.stringify(labels[k])}`).join(', ')}}`;
}
