/**
 * Number literals as Loki's lexer reads them: Go's text/scanner takes a whole `0x…`, `0b…`, `0o…`
 * token (hex floats with their `p` exponent included), then `strconv.ParseFloat` accepts only
 * decimal and hex-float forms. So `0b1010`, `0o17` and `0x1A` are refused with Loki's text
 * (`unable to parse literal as a float: strconv.ParseFloat: parsing "0x1A": invalid syntax`),
 * and a hex float `0x1.8p3` is 12. The lezer grammar knows neither, so hex floats are rewritten
 * to their decimal value before it parses; strings and identifiers are left alone.
 */
import { LogQLError } from '../api.js';

const IDENT = /[A-Za-z0-9_]/;
const PREFIXED = /0[xX][0-9a-fA-F_]*(?:\.[0-9a-fA-F_]*)?(?:[pP][+-]?[0-9_]+)?|0[bBoO][0-9a-fA-F_]*/y;

/** `q` with hex floats in decimal; throws Loki's parse error on a literal ParseFloat refuses. */
export function goNumberLiterals(q: string): string {
  let out = '';
  let last = 0;
  for (let i = 0; i < q.length; i++) {
    const c = q[i];
    if (c === '"' || c === '`') {
      i++;
      while (i < q.length && q[i] !== c) i += c === '"' && q[i] === '\\' ? 2 : 1;
      continue;
    }
    if (IDENT.test(c) && !(c === '0' && /[xXbBoO]/.test(q[i + 1] ?? ''))) {
      while (i + 1 < q.length && IDENT.test(q[i + 1])) i++;
      continue;
    }
    if (c !== '0') continue;
    PREFIXED.lastIndex = i;
    const m = PREFIXED.exec(q);
    if (!m) continue;
    const tok = m[0];
    const v = hexFloat(tok);
    if (v === undefined)
      throw new LogQLError(
        'bad_data',
        `parse error : unable to parse literal as a float: strconv.ParseFloat: parsing ${JSON.stringify(tok)}: invalid syntax`,
      );
    out += q.slice(last, i) + String(v);
    last = i + tok.length;
    i = last - 1;
  }
  return last === 0 ? q : out + q.slice(last);
}

/** A Go hex float (`0x1p3`, `0X1.8P-2`; underscores between digits), or undefined. */
function hexFloat(tok: string): number | undefined {
  const m = /^0[xX]([0-9a-fA-F_]*)(?:\.([0-9a-fA-F_]*))?[pP]([+-]?[0-9_]+)$/.exec(tok);
  if (!m || (m[1] + (m[2] ?? '')).replaceAll('_', '') === '') return undefined;
  const int = m[1].replaceAll('_', '');
  const frac = (m[2] ?? '').replaceAll('_', '');
  let mant = 0;
  for (const d of int + frac) mant = mant * 16 + Number.parseInt(d, 16);
  return mant * 2 ** (Number(m[3].replaceAll('_', '')) - 4 * frac.length);
}
