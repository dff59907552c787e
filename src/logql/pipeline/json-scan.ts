/**
 * A small JSON reader that keeps raw text: Loki extracts numbers exactly as written (`1.50` stays
 * `1.50`) and nested objects or arrays selected by a parameter as their JSON text.
 */

export type JVal =
  | { t: 'obj'; entries: [string, JVal][]; raw: string }
  | { t: 'arr'; items: JVal[]; raw: string }
  | { t: 'str'; v: string; raw: string }
  | { t: 'num' | 'bool' | 'null'; raw: string };

export class JsonError extends Error {}

const MAX_DEPTH = 128;

/** A number, true, false or null, at the start of the text it is matched against. */
const LITERAL = /^(-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null)/;
const LITERAL_AT = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null/y;

/**
 * LITERAL matched against the 64 characters at i (as the scanner always has). A match that fits
 * in those 64 characters is the same whether or not the text goes on, so the sticky regex can
 * match in place; only a longer one needs the window cut out.
 */
function literalAt(s: string, i: number): string | undefined {
  LITERAL_AT.lastIndex = i;
  const m = LITERAL_AT.exec(s);
  if (m && m[0].length <= 64) return m[0];
  return LITERAL.exec(s.slice(i, i + 64))?.[0];
}

export function scanJson(s: string): JVal {
  let i = 0;
  const ws = () => {
    let c: number;
    while (i < s.length && ((c = s.charCodeAt(i)) === 32 || c === 9 || c === 10 || c === 13)) i++;
  };
  const fail = (what: string): never => {
    throw new JsonError(`${what} at offset ${i}`);
  };
  const str = (): string => {
    const start = ++i;
    let hasEscape = false;
    let c: number;
    while (i < s.length && (c = s.charCodeAt(i)) !== 34) {
      if (c === 92) {
        hasEscape = true;
        i++;
      }
      i++;
    }
    if (i >= s.length) fail('Cannot find end of string');
    const body = s.slice(start, i++);
    if (!hasEscape) return body;
    try {
      return JSON.parse(`"${body}"`) as string;
    } catch {
      return fail('Invalid escape in string');
    }
  };
  const val = (depth: number): JVal => {
    if (depth > MAX_DEPTH) fail('Too deeply nested');
    ws();
    const start = i;
    const c = s[i];
    if (c === '{') {
      i++;
      const entries: [string, JVal][] = [];
      ws();
      if (s[i] === '}') i++;
      else
        for (;;) {
          ws();
          if (s[i] !== '"') fail('Expected object key');
          const k = str();
          ws();
          if (s[i++] !== ':') fail('Expected colon');
          entries.push([k, val(depth + 1)]);
          ws();
          if (s[i] === ',') i++;
          else if (s[i] === '}') {
            i++;
            break;
          } else fail("Value looks like object, but can't find closing '}' symbol");
        }
      return { t: 'obj', entries, raw: s.slice(start, i) };
    }
    if (c === '[') {
      i++;
      const items: JVal[] = [];
      ws();
      if (s[i] === ']') i++;
      else
        for (;;) {
          items.push(val(depth + 1));
          ws();
          if (s[i] === ',') i++;
          else if (s[i] === ']') {
            i++;
            break;
          } else fail("Value is array, but can't find closing ']' symbol");
        }
      return { t: 'arr', items, raw: s.slice(start, i) };
    }
    if (c === '"') {
      const v = str();
      return { t: 'str', v, raw: s.slice(start, i) };
    }
    const m = literalAt(s, i);
    if (m === undefined) return fail('Unknown value type');
    i += m.length;
    const t = m === 'true' || m === 'false' ? 'bool' : m === 'null' ? 'null' : 'num';
    return { t, raw: m };
  };
  const v = val(0);
  ws();
  if (i < s.length) fail('Unexpected trailing data');
  return v;
}

/** `a.b[0]`, `a["b c"]`, `["a"].b` → path segments; null when the expression is malformed. */
export function jsonPath(expr: string): (string | number)[] | null {
  const out: (string | number)[] = [];
  let i = 0;
  while (i < expr.length) {
    if (expr[i] === '.') {
      if (i === 0) return null;
      i++;
    }
    if (expr[i] === '[') {
      const m = /^\[(?:(\d+)|"((?:[^"\\]|\\.)*)")\]/.exec(expr.slice(i));
      if (!m) return null;
      out.push(m[1] !== undefined ? Number(m[1]) : (JSON.parse(`"${m[2]}"`) as string));
      i += m[0].length;
      continue;
    }
    const m = /^[^.[\]]+/.exec(expr.slice(i));
    if (!m) return null;
    out.push(m[0]);
    i += m[0].length;
  }
  return out.length ? out : null;
}

export function jsonAt(v: JVal, path: (string | number)[]): JVal | undefined {
  let cur: JVal | undefined = v;
  for (const seg of path) {
    if (!cur) return undefined;
    if (typeof seg === 'number') cur = cur.t === 'arr' ? cur.items[seg] : undefined;
    else if (cur.t === 'obj') {
      let found: JVal | undefined;
      for (const [k, x] of cur.entries) if (k === seg) found = x;
      cur = found;
    } else cur = undefined;
  }
  return cur;
}
