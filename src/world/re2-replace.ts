/** Go's regexp iteration and templates on top of a compiled GoRegexp: one behaviour for both engines. */
import type { GoMatch, GoRegexp } from './re2.js';

/**
 * Every non-overlapping match, as Go's FindAll gives them: after an empty match the search moves
 * one code point on, and an empty match right where the previous match ended is skipped
 * (`b*` over `abc` matches at 0, 2 and 3, where JS's replace also matches empty at 1's end).
 */
export function* findAll(re: GoRegexp, s: string): Generator<GoMatch> {
  let pos = 0;
  let prevEnd = -1;
  while (pos <= s.length) {
    const m = re.find(s, pos);
    if (!m) return;
    const empty = m.end === m.start;
    if (empty) pos = m.end + ((s.codePointAt(m.end) ?? 0) > 0xffff ? 2 : 1);
    else pos = m.end;
    const accept = !(empty && m.start === prevEnd);
    prevEnd = m.end;
    if (accept) yield m;
  }
}

/** Go's ReplaceAllStringFunc. */
export function replaceAll(re: GoRegexp, s: string, f: (m: GoMatch) => string): string {
  let out = '';
  let last = 0;
  for (const m of findAll(re, s)) {
    out += s.slice(last, m.start) + f(m);
    last = m.end;
  }
  return out + s.slice(last);
}

/**
 * Go's Regexp.Expand: `$1`, `${1}`, `$name`, `${name}` (the longest run of word characters after
 * `$`, so `$1x` names the group `1x`), `$$` for `$`; an unknown or unmatched group is empty, and a
 * malformed `$` stays as text.
 */
export function expand(template: string, re: GoRegexp, m: GoMatch): string {
  return template.replace(/\$(?:\$|\{(\w+)\}|(\w+))?/g, (all, braced?: string, bare?: string) => {
    if (all === '$$') return '$';
    const name = braced ?? bare;
    if (name === undefined) return '$';
    if (/^\d+$/.test(name)) return m.groups[Number(name)] ?? '';
    const i = re.names.indexOf(name);
    return i < 0 ? '' : (m.groups[i] ?? '');
  });
}
