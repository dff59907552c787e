/**
 * A fault's `match.query` pattern, as Go's regexp would read it: RE2 syntax, unanchored, linear
 * time. Loading a golden, validating it, the backend's fault layer and the evidence rules all test
 * a pattern through here, so one pattern means one thing everywhere. It lives in formats (not
 * world/re2.ts, which the engines use) because the golden loader, below world, rejects a bad one.
 */
import { RE2JS, RE2JSSyntaxException } from 're2js';

export interface FaultPattern {
  test(text: string): boolean;
}

const cache = new Map<string, FaultPattern | string>();

/** The compiled pattern, or Go's `error parsing regexp: ...` text for a pattern RE2 refuses. */
export function faultPattern(source: string): FaultPattern | string {
  let got = cache.get(source);
  if (got === undefined) {
    got = compile(source);
    // Goldens hold a handful of patterns; the bound only keeps a long-lived server from growing.
    if (cache.size > 1_000) cache.clear();
    cache.set(source, got);
  }
  return got;
}

function compile(source: string): FaultPattern | string {
  try {
    const re = RE2JS.compile(source);
    return { test: (text) => re.test(text) };
  } catch (e) {
    if (e instanceof RE2JSSyntaxException) return e.message;
    throw e;
  }
}

/** Whether the pattern matches somewhere in the text; a refused pattern matches nothing. */
export function faultPatternMatches(source: string, text: string): boolean {
  const p = faultPattern(source);
  return typeof p !== 'string' && p.test(text);
}
