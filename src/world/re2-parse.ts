/**
 * RE2 syntax → the tree of re2-ast.ts. Models literals, `.`, classes (ranges, negation, \d \s \w,
 * POSIX), `^ $ \A \z \b \B`, groups (plain, non-capturing, named), alternation, repeats, \Q...\E,
 * and the i/s flags. Multi-line mode, ungreedy mode, \p{...} classes and octal escapes throw
 * Unsupported: the RE2 engine runs those.
 */
import {
  type Flags,
  fold,
  MAX_CP,
  NAMED,
  type Node,
  negate,
  norm,
  type Ranges,
  Unsupported,
} from './re2-ast.js';

const SIMPLE_ESC: Record<string, number> = { a: 7, f: 12, t: 9, n: 10, r: 13, v: 11 };

export function parseRe2(src: string): Node {
  const cps = Array.from(src, (c) => c.codePointAt(0) ?? 0);
  let i = 0;
  const ch = (k = 0): string => (i + k < cps.length ? String.fromCodePoint(cps[i + k]) : '');

  function parseEscape(inClass: boolean): Ranges {
    i++; // the backslash
    const c = ch();
    i++;
    if (c in SIMPLE_ESC) return [[SIMPLE_ESC[c], SIMPLE_ESC[c]]];
    const lower = c.toLowerCase();
    if (lower === 'd' || lower === 's' || lower === 'w') {
      const set = NAMED[lower];
      return c === lower ? set : negate(set);
    }
    if (c === 'x') {
      let hex = '';
      if (ch() === '{') {
        i++;
        while (ch() !== '}') hex += String.fromCodePoint(cps[i++]);
        i++;
      } else {
        hex = ch() + ch(1);
        i += 2;
      }
      const v = Number.parseInt(hex, 16);
      return [[v, v]];
    }
    if (/[0-9A-Za-z]/.test(c) || c === '')
      throw new Unsupported(`escape \\${c}${inClass ? ' in class' : ''}`);
    const v = c.codePointAt(0) ?? 0;
    return [[v, v]];
  }

  function charClass(f: Flags): Ranges {
    i++; // [
    const neg = ch() === '^';
    if (neg) i++;
    let set: Ranges = [];
    let first = true;
    while (first || ch() !== ']') {
      first = false;
      const posix = /^\[:(\^?)([a-z]+):\]/.exec(String.fromCodePoint(...cps.slice(i, i + 12)));
      if (posix) {
        i += posix[0].length;
        const cls = NAMED[posix[2]];
        set.push(...(posix[1] ? negate(cls) : cls));
        continue;
      }
      let lo: Ranges;
      if (ch() === '\\') lo = parseEscape(true);
      else lo = [[cps[i], cps[i++]]];
      if (ch() === '-' && ch(1) !== ']' && lo.length === 1 && lo[0][0] === lo[0][1]) {
        i++;
        const hi = ch() === '\\' ? parseEscape(true) : [[cps[i], cps[i++]] as [number, number]];
        set.push([lo[0][0], hi[0][0]]);
      } else set.push(...lo);
    }
    i++; // ]
    set = norm(set);
    if (f.i) set = fold(set);
    return neg ? negate(set) : set;
  }

  function atom(f: Flags): Node | null {
    const c = ch();
    if (c === '.') {
      i++;
      return { t: 'chars', set: f.s ? [[0, MAX_CP]] : negate([[10, 10]]) };
    }
    if (c === '^' || c === '$') {
      i++;
      return { t: c === '^' ? 'bot' : 'eot' };
    }
    if (c === '[') return { t: 'chars', set: charClass(f) };
    if (c === '\\') {
      const n = ch(1);
      if (n === 'A' || n === 'z') {
        i += 2;
        return { t: n === 'A' ? 'bot' : 'eot' };
      }
      if (n === 'b' || n === 'B') {
        if (f.i) throw new Unsupported('word boundary under (?i)');
        i += 2;
        return { t: n === 'b' ? 'wordb' : 'nwordb' };
      }
      if (n === 'Q') {
        i += 2;
        const items: Node[] = [];
        while (i < cps.length && !(ch() === '\\' && ch(1) === 'E')) items.push(lit(cps[i++], f));
        if (i < cps.length) i += 2;
        return { t: 'group', capture: false, body: { t: 'cat', items } };
      }
      return { t: 'chars', set: f.i ? fold(norm(parseEscape(false))) : norm(parseEscape(false)) };
    }
    i++;
    return lit(cps[i - 1], f);
  }

  function lit(cp: number, f: Flags): Node {
    return { t: 'chars', set: f.i ? fold([[cp, cp]]) : [[cp, cp]] };
  }

  function repeatOf(node: Node): Node {
    for (;;) {
      const c = ch();
      let min: number;
      let max: number;
      if (c === '*' || c === '+' || c === '?') {
        i++;
        [min, max] = c === '*' ? [0, -1] : c === '+' ? [1, -1] : [0, 1];
      } else if (c === '{') {
        const m = /^\{(\d+)(,(\d*))?\}/.exec(String.fromCodePoint(...cps.slice(i, i + 12)));
        if (!m) return node;
        i += m[0].length;
        min = Number(m[1]);
        max = m[2] === undefined ? min : m[3] === '' ? -1 : Number(m[3]);
      } else return node;
      const lazy = ch() === '?';
      if (lazy) i++;
      node = { t: 'repeat', min, max, greedy: !lazy, body: node };
    }
  }

  /** Flag groups `(?i)` change the flags for the rest of the enclosing group, as in Go. */
  function alternation(outer: Flags): Node {
    const f = { ...outer };
    const alts: Node[] = [];
    let items: Node[] = [];
    while (i < cps.length && ch() !== ')') {
      if (ch() === '|') {
        i++;
        alts.push({ t: 'cat', items });
        items = [];
        continue;
      }
      if (ch() === '(') {
        const g = group(f);
        if (g) items.push(repeatOf(g));
        continue;
      }
      const a = atom(f);
      if (a) items.push(repeatOf(a));
    }
    alts.push({ t: 'cat', items });
    return alts.length === 1 ? alts[0] : { t: 'alt', alts };
  }

  function group(f: Flags): Node | null {
    const rest = String.fromCodePoint(...cps.slice(i, i + 40));
    const flags = /^\(\?([a-zA-Z]*)(?:-([a-zA-Z]*))?([:)])/.exec(rest);
    const named = /^\(\?P?<(\w+)>/.exec(rest);
    let capture = true;
    let name: string | undefined;
    let inner = f;
    if (named) {
      name = named[1];
      if (/^\d/.test(name)) throw new Unsupported('group name is not a JS identifier');
      i += named[0].length;
    } else if (flags) {
      const on = flags[1];
      const off = flags[2] ?? '';
      if (/[mU]/.test(on + off)) throw new Unsupported('m or U flag');
      const next = {
        i: on.includes('i') || (f.i && !off.includes('i')),
        s: on.includes('s') || (f.s && !off.includes('s')),
      };
      i += flags[0].length;
      if (flags[3] === ')') {
        Object.assign(f, next);
        return null;
      }
      capture = false;
      inner = next;
    } else i++;
    const body = alternation(inner);
    i++; // )
    return { t: 'group', capture, name, body };
  }

  return alternation({ i: false, s: false });
}
