/**
 * Loki's pattern expressions: literals and `<name>` / `<_>` captures. A capture runs up to the
 * next literal (or to the end of the line when it is last); literals must appear in order.
 */
import { semanticError } from '../syntax/syntax-error.js';

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
  if (!needsNamed && parts.length === 0) throw semanticError('empty pattern');
  return parts;
}

/**
 * Matches a line: `full` is false when a literal was not found. The parser keeps the captures
 * made before that point ("the pattern parser will stop"); the `|>` filter needs a full match.
 */
export function matchPattern(
  parts: PatternPart[],
  line: string,
): { caps: [string, string][]; full: boolean } {
  const caps: [string, string][] = [];
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
      if (end < 0) return { caps, full: false };
    }
    if (p.cap !== '_') caps.push([p.cap, line.slice(pos, end)]);
    pos = end;
  }
  return { caps, full: true };
}
