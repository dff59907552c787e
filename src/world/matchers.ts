/** Label matching shared by the series store, the log store and both engines. */
import { compileRegexp, type GoRegexp } from './re2.js';
import type { Labels, Matcher } from './types.js';

/**
 * Prometheus anchors regex matchers at both ends, `^(?s:re)$` (its FastRegexMatcher): RE2 syntax
 * and semantics, `.` matching newlines too. Throws RegexpSyntaxError (Go's text) for a pattern Go
 * rejects. LogQL selects streams with its own matcher (logql/eval/select.ts): there `.` stops at `\n`.
 */
export function anchoredRegex(pattern: string): GoRegexp {
  return compileRegexp(pattern, { anchored: true, dotNL: true });
}

/** A missing label matches as the empty string, as in Prometheus. */
export function matchesOne(m: Matcher, labels: Labels): boolean {
  return matchesValue(m, labels[m.name] ?? '');
}

/** One label value against one matcher (the value of the matcher's label). */
export function matchesValue(m: Matcher, v: string): boolean {
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
