/**
 * The one way a query's regex is compiled, in both engines: Go RE2 syntax and semantics, linear
 * time. RE2JS (a port of RE2/J) checks the syntax, so a rejected pattern carries Go's own
 * `error parsing regexp: ...` text, and runs every pattern the fast path cannot prove; a pattern
 * whose tree re2-js.ts proves equal and bounded runs on V8's RegExp (measured 3–20x faster), and a
 * plain literal needs no regex at all.
 */
import { RE2JS, RE2JSSyntaxException } from 're2js';
import { BenchError } from '../errors.js';
import { Unsupported } from './re2-ast.js';
import { affixEngine, type Engine, type GoMatch, jsEngine, literalEngine, re2Engine } from './re2-engines.js';

/** A match: the whole match and each group (undefined where a group took no part). */
export type { GoMatch } from './re2-engines.js';

import { affixOf, jsSource, literalOf } from './re2-js.js';
import { parseRe2 } from './re2-parse.js';

/** Go rejected the pattern; the message is Go's, e.g. `error parsing regexp: missing closing ): ...`. */
export class RegexpSyntaxError extends BenchError {
  constructor(message: string) {
    super('regexp_syntax', message, 2);
  }
}

export interface RegexpMode {
  /** Label matchers: the whole value must match, `^(?:re)$`. */
  anchored: boolean;
  /** `.` matches `\n` without an `(?s)` flag: Prometheus' matchers are `^(?s:re)$`. */
  dotNL?: boolean;
}

/** A compiled pattern: whichever engine runs it, Go's matching semantics. */
export interface GoRegexp {
  readonly pattern: string;
  /** Group names by index; index 0 is the whole match, unnamed groups are undefined. */
  readonly names: readonly (string | undefined)[];
  readonly engine: 'literal' | 'js' | 're2';
  test(s: string): boolean;
  /** The leftmost-first match at or after `from` (Go's semantics, as RE2 gives them). */
  find(s: string, from?: number): GoMatch | null;
}

const cache = new Map<string, GoRegexp>();

/** Compiles once per pattern and mode; throws RegexpSyntaxError with Go's text. */
export function compileRegexp(pattern: string, mode: RegexpMode): GoRegexp {
  const key = `${mode.anchored ? 'A' : 'U'}${mode.dotNL ? 'S' : '-'}${pattern}`;
  let re = cache.get(key);
  if (!re) {
    re = build(pattern, mode);
    if (cache.size > 10_000) cache.clear();
    cache.set(key, re);
  }
  return re;
}

function re2Compile(pattern: string): RE2JS {
  try {
    return RE2JS.compile(pattern);
  } catch (e) {
    if (e instanceof RE2JSSyntaxException) throw new RegexpSyntaxError(e.message);
    throw e;
  }
}

/**
 * Go's regexp takes one name on several groups (`(?P<x>a)(?P<x>b)`: SubexpNames lists `x`
 * twice), where re2js refuses it. The second and later groups of a name get a fresh name before
 * compiling, mapped back to the written one. Escapes, `\Q…\E` and character classes are skipped.
 */
function distinctGroupNames(pattern: string): { source: string; written: Map<string, string> } {
  const written = new Map<string, string>();
  if (!pattern.includes('<')) return { source: pattern, written };
  const seen = new Set<string>();
  let out = '';
  let i = 0;
  let fresh = 0;
  while (i < pattern.length) {
    const rest = pattern.slice(i);
    if (rest.startsWith('\\Q')) {
      const end = pattern.indexOf('\\E', i + 2);
      const stop = end < 0 ? pattern.length : end + 2;
      out += pattern.slice(i, stop);
      i = stop;
      continue;
    }
    if (pattern[i] === '\\') {
      out += pattern.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (pattern[i] === '[') {
      let j = i + 1;
      if (pattern[j] === '^') j++;
      if (pattern[j] === ']') j++;
      while (j < pattern.length && pattern[j] !== ']') j += pattern[j] === '\\' ? 2 : 1;
      out += pattern.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    const named = /^\(\?P?<(\w+)>/.exec(rest);
    if (named) {
      const name = named[1];
      let use = name;
      if (seen.has(name)) {
        do use = `${name}_${++fresh}`;
        while (seen.has(use) || pattern.includes(`<${use}>`));
        written.set(use, name);
      }
      seen.add(use);
      out += named[0].replace(`<${name}>`, `<${use}>`);
      i += named[0].length;
      continue;
    }
    out += pattern[i];
    i++;
  }
  return { source: out, written };
}

function build(written: string, mode: RegexpMode): GoRegexp {
  const { source: pattern, written: names0 } = distinctGroupNames(written);
  // The pattern must compile on its own first: `a)|(b` is not a pattern even though `^(?s:a)|(b)$` is.
  const alone = re2Compile(pattern);
  const dotNL = mode.dotNL === true;
  const flagged = dotNL ? `(?s:${pattern})` : mode.anchored ? `(?:${pattern})` : pattern;
  const full = mode.anchored ? `^${flagged}$` : flagged;
  const names: (string | undefined)[] = Array.from({ length: alone.groupCount() + 1 }, () => undefined);
  for (const [n, idx] of Object.entries(alone.namedGroups())) names[idx] = names0.get(n) ?? n;
  const engine =
    fastEngine(pattern, mode.anchored, dotNL) ?? re2Engine(full === pattern ? alone : re2Compile(full));
  return { pattern: written, names, ...engine };
}

function fastEngine(pattern: string, anchored: boolean, dotNL: boolean): Engine | null {
  try {
    const tree = parseRe2(dotNL ? `(?s)${pattern}` : pattern);
    const lit = literalOf(tree);
    if (lit !== null) return literalEngine(lit, anchored);
    const affix = anchored ? affixOf(tree) : null;
    if (affix) return affixEngine(affix.lit, affix.head, affix.tail);
    const src = jsSource(tree, anchored);
    return src === null ? null : jsEngine(anchored ? `^(?:${src})$` : src);
  } catch (e) {
    if (e instanceof Unsupported) return null;
    throw e;
  }
}
