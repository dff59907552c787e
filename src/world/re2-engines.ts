/** The three ways a compiled pattern runs; each gives Go's leftmost-first match from a position. */
import type { RE2JS } from 're2js';

/** One match: its span and capture groups (undefined where a group took no part). */
export interface GoMatch {
  start: number;
  end: number;
  groups: (string | undefined)[];
}

export interface Engine {
  engine: 'literal' | 'js' | 're2';
  test(s: string): boolean;
  find(s: string, from?: number): GoMatch | null;
}

/** A pattern of plain characters: string equality (anchored) or a substring search. */
export function literalEngine(lit: string, anchored: boolean): Engine {
  return {
    engine: 'literal',
    test: anchored ? (s) => s === lit : (s) => s.includes(lit),
    find(s, from = 0) {
      const at = anchored ? (from === 0 && s === lit ? 0 : -1) : s.indexOf(lit, from);
      return at < 0 ? null : { start: at, end: at + lit.length, groups: [lit] };
    },
  };
}

/** An anchored `L.*` / `.*L` / `.*L.*` whose dots match everything: the whole value or nothing. */
export function affixEngine(lit: string, head: boolean, tail: boolean): Engine {
  const test =
    head && tail
      ? (s: string) => s.includes(lit)
      : head
        ? (s: string) => s.endsWith(lit)
        : (s: string) => s.startsWith(lit);
  return {
    engine: 'literal',
    test,
    find: (s, from = 0) => (from === 0 && test(s) ? { start: 0, end: s.length, groups: [s] } : null),
  };
}

/** V8's RegExp on a source re2-js.ts proved equal to the RE2 pattern (always the `u` flag). */
export function jsEngine(source: string): Engine {
  const once = new RegExp(source, 'u');
  const global = new RegExp(source, 'gu');
  return {
    engine: 'js',
    test: (s) => once.test(s),
    find(s, from = 0) {
      global.lastIndex = from;
      const m = global.exec(s);
      return m ? { start: m.index, end: m.index + m[0].length, groups: [...m] } : null;
    },
  };
}

/** RE2JS: linear time whatever the pattern; test() runs on its lazy DFA. */
export function re2Engine(re: RE2JS): Engine {
  const n = re.groupCount();
  return {
    engine: 're2',
    test: (s) => re.test(s),
    find(s, from = 0) {
      const m = re.matcher(s);
      if (!m.find(from)) return null;
      const groups: (string | undefined)[] = [];
      for (let g = 0; g <= n; g++) groups.push(m.group(g) ?? undefined);
      return { start: m.start(), end: m.end(), groups };
    },
  };
}
