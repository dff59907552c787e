/**
 * A small parser of RE2 (Go regexp/syntax, Perl flags) into a tree, for one purpose: to decide
 * whether a pattern can run on V8's RegExp with the same result (see re2-js.ts). It runs only on
 * patterns RE2JS has already accepted, so it never reports syntax errors; it returns null for
 * anything it does not model exactly, and the caller then uses the RE2 engine.
 */

/** Inclusive code-point ranges, sorted and merged. */
export type Ranges = [number, number][];

export type Node =
  | { t: 'chars'; set: Ranges }
  | { t: 'bot' | 'eot' | 'wordb' | 'nwordb' }
  | { t: 'cat'; items: Node[] }
  | { t: 'alt'; alts: Node[] }
  | { t: 'group'; capture: boolean; name?: string; body: Node }
  | { t: 'repeat'; min: number; max: number; greedy: boolean; body: Node };

export interface Flags {
  i: boolean;
  s: boolean;
}

export class Unsupported extends Error {}

export const MAX_CP = 0x10ffff;

export function norm(rs: Ranges): Ranges {
  const s = [...rs].sort((a, b) => a[0] - b[0]);
  const out: Ranges = [];
  for (const [lo, hi] of s) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

export function negate(rs: Ranges): Ranges {
  const out: Ranges = [];
  let next = 0;
  for (const [lo, hi] of norm(rs)) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_CP) out.push([next, MAX_CP]);
  return out;
}

const KELVIN = 0x212a;
const LONG_S = 0x17f;

/**
 * Go's case folding of a set, for ASCII sets only: each letter gains its other case, and k/K and
 * s/S gain the two non-ASCII members of their fold orbits (Kelvin sign, long s), as in Go. A set
 * with any non-ASCII member is not modelled.
 */
export function fold(rs: Ranges): Ranges {
  const out: Ranges = [...rs];
  for (const [lo, hi] of rs) {
    if (hi >= 0x80) throw new Unsupported('non-ASCII under (?i)');
    for (let c = lo; c <= hi; c++) {
      const ch = String.fromCharCode(c);
      if (!/[A-Za-z]/.test(ch)) continue;
      const other = (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase()).charCodeAt(0);
      out.push([other, other]);
      if (c === 0x6b || c === 0x4b) out.push([KELVIN, KELVIN]);
      if (c === 0x73 || c === 0x53) out.push([LONG_S, LONG_S]);
    }
  }
  return norm(out);
}

const r = (a: string, b = a): [number, number] => [a.charCodeAt(0), b.charCodeAt(0)];

/** RE2's Perl classes (\d \s \w) and POSIX classes: ASCII only, unlike JS's Unicode \s. */
export const NAMED: Record<string, Ranges> = {
  d: [r('0', '9')],
  s: [r('\t', '\n'), r('\f', '\r'), r(' ')],
  w: [r('0', '9'), r('A', 'Z'), r('_'), r('a', 'z')],
  alnum: [r('0', '9'), r('A', 'Z'), r('a', 'z')],
  alpha: [r('A', 'Z'), r('a', 'z')],
  ascii: [[0, 0x7f]],
  blank: [r('\t'), r(' ')],
  cntrl: [
    [0, 0x1f],
    [0x7f, 0x7f],
  ],
  digit: [r('0', '9')],
  graph: [r('!', '~')],
  lower: [r('a', 'z')],
  print: [r(' ', '~')],
  punct: [r('!', '/'), r(':', '@'), r('[', '`'), r('{', '~')],
  space: [r('\t', '\r'), r(' ')],
  upper: [r('A', 'Z')],
  word: [r('0', '9'), r('A', 'Z'), r('_'), r('a', 'z')],
  xdigit: [r('0', '9'), r('A', 'F'), r('a', 'f')],
};
