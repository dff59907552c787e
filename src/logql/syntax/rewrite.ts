/**
 * Forms Loki's grammar (expr.y) accepts and the lezer grammar does not, rewritten into an
 * equivalent form lezer reads. Tried only when the query as written has a syntax error; if the
 * rewrite does not parse either, the original error is reported.
 *
 * - `(<selector> | … | unwrap x)[5m]`: the parenthesised log range loses its parentheses.
 * - `<selector> | … | unwrap x [5m] offset 1m`: range and offset move right after the selector
 *   (`{…}[5m] offset 1m | … | unwrap x`, Loki's "range in the middle" form).
 * - `|= ip("a") or ip("b") or ip("c") or "d"`: lezer reads at most two `ip()` terms in an `or`
 *   chain. Every `ip("x")` term of a chain of three or more becomes the plain string `"␁ip:x"`
 *   (IP_TERM_MARK, then the CIDR as written), which lezer reads as any string term; the line
 *   filter's parser (parse-log.ts) turns it back into an `ip()` term. A query cannot write U+0001
 *   itself in a way that reaches this path unnoticed: the mark is only read in a rewritten query.
 */

/** The prefix of a string term that stands for an `ip()` term in a rewritten `or` chain. */
export const IP_TERM_MARK = '\u0001ip:';

/** The query with every string literal's body blanked, so searches never look inside strings. */
function mask(q: string): string {
  return q.replace(/"(?:[^"\\]|\\.)*"|`[^`]*`/gs, (m) => m[0] + ' '.repeat(m.length - 2) + m[m.length - 1]);
}

function matchingOpen(m: string, close: number): number {
  let depth = 0;
  for (let i = close; i >= 0; i--) {
    if (m[i] === ')') depth++;
    else if (m[i] === '(' && --depth === 0) return i;
  }
  return -1;
}

function stripRangeParens(q: string): string {
  for (;;) {
    const m = mask(q);
    const re = /\)\s*\[/g;
    let done = true;
    for (let hit = re.exec(m); hit; hit = re.exec(m)) {
      const open = matchingOpen(m, hit.index);
      if (open < 0 || !/^\(\s*\{/.test(m.slice(open)) || !/\|\s*unwrap\b/.test(m.slice(open, hit.index)))
        continue;
      q = `${q.slice(0, open)} ${q.slice(open + 1, hit.index)} ${q.slice(hit.index + 1)}`;
      done = false;
      break;
    }
    if (done) return q;
  }
}

const RANGE_OFFSET = /\[\s*[0-9a-zµμ.]+\s*\]\s*offset\s+-?[0-9a-zµμ.]+/g;

function moveRangeOffset(q: string): string {
  const m = mask(q);
  let out = q;
  const hits = [...m.matchAll(RANGE_OFFSET)].reverse();
  for (const hit of hits) {
    const at = hit.index ?? 0;
    const before = m.slice(0, at);
    const sel = before.lastIndexOf('{');
    const close = sel < 0 ? -1 : m.indexOf('}', sel);
    if (close < 0 || close > at || !/\|\s*unwrap\b/.test(before.slice(close))) continue;
    const range = out.slice(at, at + hit[0].length);
    out = `${out.slice(0, close + 1)}${range} ${out.slice(close + 1, at)}${out.slice(at + hit[0].length)}`;
  }
  return out;
}

const STR = String.raw`(?:"(?:[^"\\]|\\.)*"|\`[^\`]*\`)`;
const TERM = String.raw`(?:ip\(\s*${STR}\s*\)|${STR})`;
const IP_CHAIN = new RegExp(String.raw`(\|=|!=)(\s*)(${TERM}(?:\s+or\s+${TERM}){2,})`, 'g');
const TERMS = new RegExp(TERM, 'g');

const IP_TERM = /^ip\(\s*(["`])([\s\S]*)\1\s*\)$/;

function ipTermsAsStrings(q: string): string {
  return q.replace(IP_CHAIN, (all, op: string, sp: string, chain: string) => {
    const terms = chain.match(TERMS) ?? [];
    if (!terms.some((t) => t.startsWith('ip'))) return all;
    const marked = terms.map((t) => {
      const m = IP_TERM.exec(t);
      return m ? `${m[1]}${IP_TERM_MARK}${m[2]}${m[1]}` : t;
    });
    return `${op}${sp}${marked.join(' or ')}`;
  });
}

export function rewriteForLezer(q: string): string {
  return ipTermsAsStrings(moveRangeOffset(stripRangeParens(q)));
}
