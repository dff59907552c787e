/**
 * The fast path: an RE2 pattern as a V8 RegExp, ONLY when the tree proves both engines give the
 * same answer and backtracking stays bounded. Same answer: every class is spelled out as code-point
 * ranges (RE2's ASCII \d \s \w, `.` without \n), the `u` flag makes V8 walk code points as RE2
 * does, no JS flag (i/s/m) is used, and no group is repeated more than once (JS resets captures
 * each iteration, RE2 does not; empty iterations differ). Bounded: the work of trying every way
 * to match from one start is at most linear (see Cost) times at most 1000 bounded choices, so a
 * failing match costs O(k·n) steps from each start, never the O(2^n) of `(a+)+$` or `(.*a){20}`.
 */
import { MAX_CP, type Node, negate, type Ranges, Unsupported } from './re2-ast.js';

const MAX_CHOICES = 1000;

/**
 * Backtracking cost as powers of n, the input length: `ends` is how many ways a node can end (an
 * unbounded repeat: n), `work` how much trying them all costs. A repeat over set A followed at
 * once by a character of a set disjoint from A (`[a-z]+-`, `\\d+\\.`) ends one way only: its
 * shorter tries fail at the next character, so it costs n work but no factor for what follows.
 */
interface Cost {
  ends: number;
  work: number;
  k: number;
}

const disjoint = (a: Ranges, b: Ranges): boolean =>
  a.every(([lo, hi]) => b.every(([l2, h2]) => hi < l2 || h2 < lo));

/** `x+` or `(x+)` just before a character `x` never is. */
function guarded(n: Node, next: Node | undefined): boolean {
  let r = n;
  while (r.t === 'group' || (r.t === 'cat' && r.items.length === 1))
    r = r.t === 'group' ? r.body : r.items[0];
  return (
    r.t === 'repeat' &&
    r.max < 0 &&
    r.body.t === 'chars' &&
    next?.t === 'chars' &&
    disjoint(r.body.set, next.set)
  );
}

function nullable(n: Node): boolean {
  switch (n.t) {
    case 'chars':
      return false;
    case 'cat':
      return n.items.every(nullable);
    case 'alt':
      return n.alts.some(nullable);
    case 'group':
      return nullable(n.body);
    case 'repeat':
      return n.min === 0 || nullable(n.body);
    default:
      return true;
  }
}

function cost(n: Node): Cost {
  switch (n.t) {
    case 'cat': {
      let ends = 0;
      let work = 0;
      let k = 1;
      n.items.forEach((it, i) => {
        const c = guarded(it, n.items[i + 1]) ? { ends: 0, work: 1, k: 1 } : cost(it);
        work = Math.max(work, ends + c.work);
        ends += c.ends;
        k *= c.k;
      });
      return { ends, work, k };
    }
    case 'alt': {
      const cs = n.alts.map(cost);
      return {
        ends: Math.max(...cs.map((c) => c.ends)),
        work: Math.max(...cs.map((c) => c.work)),
        k: cs.reduce((a, c) => a + c.k, 0),
      };
    }
    case 'group':
      return cost(n.body);
    case 'repeat': {
      if (n.body.t === 'chars')
        return n.max < 0 ? { ends: 1, work: 1, k: 1 } : { ends: 0, work: 0, k: n.max - n.min + 1 };
      if (n.max < 0 || n.max > 1 || nullable(n.body)) throw new Unsupported('repeated group');
      const c = cost(n.body);
      return { ...c, k: c.k + 1 };
    }
    default:
      return { ends: 0, work: 0, k: 1 };
  }
}

const hex = (c: number): string => `\\u{${c.toString(16)}}`;
const one = (c: number): string =>
  /[0-9A-Za-z]/.test(String.fromCodePoint(c)) ? String.fromCodePoint(c) : hex(c);

function ranges(set: Ranges): string {
  return set.map(([lo, hi]) => (lo === hi ? hex(lo) : `${hex(lo)}-${hex(hi)}`)).join('');
}

function chars(set: Ranges): string {
  if (set.length === 1 && set[0][0] === set[0][1]) return one(set[0][0]);
  if (set.length > 0 && set[set.length - 1][1] === MAX_CP) return `[^${ranges(negate(set))}]`;
  return `[${ranges(set)}]`;
}

function emit(n: Node): string {
  switch (n.t) {
    case 'chars':
      return chars(n.set);
    case 'bot':
      return '^';
    case 'eot':
      return '$';
    case 'wordb':
      return '\\b';
    case 'nwordb':
      return '\\B';
    case 'cat':
      return n.items.map(emit).join('');
    case 'alt':
      return `(?:${n.alts.map(emit).join('|')})`;
    case 'group':
      return `(${n.capture ? (n.name ? `?<${n.name}>` : '') : '?:'}${emit(n.body)})`;
    case 'repeat': {
      const body = n.body.t === 'chars' || n.body.t === 'group' ? emit(n.body) : `(?:${emit(n.body)})`;
      const q =
        n.min === 0 && n.max < 0
          ? '*'
          : n.min === 1 && n.max < 0
            ? '+'
            : n.min === 0 && n.max === 1
              ? '?'
              : n.max < 0
                ? `{${n.min},}`
                : n.max === n.min
                  ? `{${n.min}}`
                  : `{${n.min},${n.max}}`;
      return `${body}${q}${n.greedy ? '' : '?'}`;
    }
  }
}

/**
 * The V8 source for a tree, or null when equality or the backtracking bound is not proven. An
 * unanchored search tries every start, so there linear work per start would be quadratic per line
 * (`.*zzz` over 123k log lines: 871 ms on V8, 5 ms on RE2JS): unanchored patterns need constant
 * work per start, i.e. no unbounded repeat.
 */
export function jsSource(tree: Node, anchored: boolean): string | null {
  const c = cost(tree);
  if (c.work > (anchored ? 1 : 0) || c.k > MAX_CHOICES) return null;
  return emit(tree);
}

/** The literal a tree stands for (plain characters only, groups without captures), else null. */
export function literalOf(n: Node): string | null {
  if (n.t === 'chars')
    return n.set.length === 1 && n.set[0][0] === n.set[0][1] ? String.fromCodePoint(n.set[0][0]) : null;
  if (n.t === 'group') return n.capture ? null : literalOf(n.body);
  if (n.t !== 'cat') return null;
  let s = '';
  for (const it of n.items) {
    const l = literalOf(it);
    if (l === null) return null;
    s += l;
  }
  return s;
}

const isAnyStar = (n: Node): boolean =>
  n.t === 'repeat' &&
  n.min === 0 &&
  n.max < 0 &&
  n.body.t === 'chars' &&
  n.body.set.length === 1 &&
  n.body.set[0][0] === 0 &&
  n.body.set[0][1] === MAX_CP;

/**
 * `L.*`, `.*L` and `.*L.*` with a `.` that matches everything (the anchored matchers' `(?s)`): the
 * prefix, suffix or substring test Prometheus' own FastRegexMatcher makes of them. Null otherwise.
 */
export function affixOf(n: Node): { lit: string; head: boolean; tail: boolean } | null {
  if (n.t !== 'cat' || n.items.length < 2) return null;
  const head = isAnyStar(n.items[0]);
  const tail = isAnyStar(n.items[n.items.length - 1]);
  if (!head && !tail) return null;
  const lit = literalOf({ t: 'cat', items: n.items.slice(head ? 1 : 0, tail ? -1 : undefined) });
  return lit === null ? null : { lit, head, tail };
}
