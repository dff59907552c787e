/**
 * Loki's pattern expressions: literals and `<name>` / `<_>` captures. A capture runs up to the
 * next literal (or to the end of the line when it is last); literals must appear in order.
 */
import { semanticError } from '../syntax/index.js';

export type PatternPart = { lit: string } | { cap: string };

export function compilePattern(src: string, needsNamed: boolean): PatternPart[] {
  const parts: PatternPart[] = [];
  const re = /<(_|[A-Za-z_][A-Za-z0-9_]*)>/g;
  let last = 0;
  for (let m = re.exec(src); m; m = re.exec(src)) {
    if (m.index > last) parts.push({ lit: src.slice(last, m.index) });
    else if (parts.length && 'cap' in parts[parts.length - 1])
      throw semanticError(`found consecutive capture '${m[0]}' in pattern`);
    parts.push({ cap: m[1] });
    last = re.lastIndex;
  }
  if (last < src.length) parts.push({ lit: src.slice(last) });
  const names = parts.filter((p): p is { cap: string } => 'cap' in p && p.cap !== '_').map((p) => p.cap);
  if (needsNamed && names.length === 0) throw semanticError('at least one capture is required in pattern');
  if (new Set(names).size !== names.length) throw semanticError('duplicate capture name in pattern');
  // An empty `|>` pattern is allowed (pattern.ParseLineFilter): it matches only empty lines.
  return parts;
}

/**
 * The `|>` / `!>` test, as pattern.Matcher.Test does it: an empty pattern matches only an empty
 * line; each literal must be found, in order, after the one before (the first anywhere); a
 * capture between literals must not be empty; a pattern ending on a literal must end the line,
 * one ending on a capture must leave text for it.
 */
export function testPattern(parts: PatternPart[], line: string): boolean {
  if (parts.length === 0 || line === '') return parts.length === 0 && line === '';
  let off = 0;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if (!('lit' in p)) continue;
    const j = line.indexOf(p.lit, off);
    if (j < 0 || (i !== 0 && j === off)) return false;
    off = j + p.lit.length;
  }
  const endsOnCapture = 'cap' in parts[parts.length - 1];
  return endsOnCapture === (off !== line.length);
}

/**
 * The `| pattern` parser's captures (pattern.Matcher.Matches): a leading literal must start the
 * line, or nothing is captured; a capture runs to the next literal, and when that literal is
 * missing the capture takes the rest of the line and matching stops. `full` says whether every
 * literal was found.
 */
export function matchPattern(
  parts: PatternPart[],
  line: string,
): { caps: [string, string][]; full: boolean } {
  const caps: [string, string][] = [];
  if (line === '') return { caps, full: false };
  let pos = 0;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if ('lit' in p) {
      if (!line.startsWith(p.lit, pos)) return { caps, full: false };
      pos += p.lit.length;
      continue;
    }
    const next = parts[i + 1] as { lit: string } | undefined;
    let end: number;
    if (!next) end = line.length;
    else {
      end = line.indexOf(next.lit, pos);
      if (end < 0) {
        if (p.cap !== '_') caps.push([p.cap, line.slice(pos)]);
        return { caps, full: false };
      }
    }
    if (p.cap !== '_') caps.push([p.cap, line.slice(pos, end)]);
    pos = end;
  }
  return { caps, full: true };
}
