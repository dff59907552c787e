/**
 * json parameter expressions (`| json a="b.c[0]"`): parsed as Loki's jsonexpr parser reads them,
 * then looked up in a scanned document.
 */
import { JsonError, type JVal } from './json-scan.js';

type JTok =
  | { t: 'field'; v: string }
  | { t: 'str'; v: string }
  | { t: 'index'; v: number }
  | { t: '[' | ']' | '.' };

/**
 * The tokens of a json parameter expression as Loki's jsonexpr lexer reads them: blanks are
 * skipped, a field is `[A-Za-z_][A-Za-z0-9_]*`, a bracketed string runs to the next `"` or `]`,
 * an index is decimal digits. Throws the lexer's message on anything else.
 */
function jsonTokens(expr: string): JTok[] {
  const out: JTok[] = [];
  let i = 0;
  while (i < expr.length) {
    const c = expr[i];
    if (c === ' ' || c === '\t' || c === '\n') i++;
    else if (c === '[' || c === ']' || c === '.') {
      out.push({ t: c });
      i++;
    } else if (c >= '0' && c <= '9') {
      const m = /^\d+/.exec(expr.slice(i))![0];
      const next = expr[i + m.length];
      if (next === '.') throw new JsonError('cannot use float as array index');
      if (next !== undefined && !' \t\n]'.includes(next)) throw new JsonError(`non-integer value: ${next}`);
      out.push({ t: 'index', v: Number(m) });
      i += m.length;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(expr.slice(i))![0];
      out.push({ t: 'field', v: m });
      i += m.length;
    } else if (c === '"') {
      let j = i + 1;
      while (j < expr.length && expr[j] !== '"' && expr[j] !== ']') j++;
      out.push({ t: 'str', v: expr.slice(i + 1, j) });
      i = expr[j] === '"' ? j + 1 : j;
    } else throw new JsonError(`unexpected char ${c}`);
  }
  return out;
}

/**
 * A json parameter expression (`a.b[0]`, `a["b c"]`, `["a"].b`) → path segments, by jsonexpr's
 * grammar: a field or a bracketed key first, then `.field`, `[index]` or `["key"]` accessors.
 * `x y` (two fields), `x-y` or `a..b` fail as in Loki: throws JsonError.
 */
export function jsonPath(expr: string): (string | number)[] {
  const toks = jsonTokens(expr);
  const out: (string | number)[] = [];
  const bad = (): never => {
    throw new JsonError('syntax error: unexpected token');
  };
  let k = 0;
  const bracket = () => {
    const inner = toks[k + 1];
    if (toks[k + 2]?.t !== ']' || !inner || (inner.t !== 'index' && inner.t !== 'str')) bad();
    out.push((inner as { v: string | number }).v);
    k += 3;
  };
  if (toks[0]?.t === 'field') {
    out.push(toks[0].v);
    k = 1;
  } else if (toks[0]?.t === '[' && toks[1]?.t === 'str') bracket();
  else bad();
  while (k < toks.length) {
    const t = toks[k];
    if (t.t === '.' && toks[k + 1]?.t === 'field') {
      out.push((toks[k + 1] as { v: string }).v);
      k += 2;
    } else if (t.t === '[') bracket();
    else bad();
  }
  return out;
}

export function jsonAt(v: JVal, path: (string | number)[]): JVal | undefined {
  let cur: JVal | undefined = v;
  for (const seg of path) {
    if (!cur) return undefined;
    if (typeof seg === 'number') cur = cur.t === 'arr' ? cur.items[seg] : undefined;
    else if (cur.t === 'obj') {
      let found: JVal | undefined;
      // A duplicate key: the first occurrence is the one read.
      for (const [k, x] of cur.entries)
        if (k === seg) {
          found = x;
          break;
        }
      cur = found;
    } else cur = undefined;
  }
  return cur;
}
