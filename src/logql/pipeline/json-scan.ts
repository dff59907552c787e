/**
 * A small JSON reader that keeps raw text: Loki extracts numbers exactly as written (`1.50` stays
 * `1.50`) and nested objects or arrays selected by a parameter as their JSON text. It is as
 * lenient as the jsonparser library Loki reads lines with (pkg/logql/log/parser.go, JSONParser):
 * the line must start with an object, whatever follows its closing `}` is ignored, a number or
 * literal runs to the next delimiter (`1.2.3` is kept as written), and a string with an invalid
 * escape or U+FFFD reads as the empty string (unescapeJSONString: "rune error is rejected by
 * Prometheus"). Error texts are jsonparser's.
 */

export type JVal =
  | { t: 'obj'; entries: [string, JVal][]; raw: string }
  | { t: 'arr'; items: JVal[]; raw: string }
  | { t: 'str'; v: string; raw: string }
  | { t: 'num' | 'bool' | 'null'; raw: string };

export class JsonError extends Error {}

const MAX_DEPTH = 128;

export const MALFORMED_OBJECT = "Value looks like object, but can't find closing '}' symbol";
const MALFORMED_ARRAY = "Value is array, but can't find closing ']' symbol";
const MALFORMED_STRING = "Value is string, but can't find closing '\"' symbol";
const UNKNOWN_VALUE = 'Unknown value type';

/** jsonparser's tokenEnd: a scalar runs to whitespace, `,`, `}` or `]`. */
const TOKEN = /[^ \n\r\t,}\]]*/y;

export type JObj = Extract<JVal, { t: 'obj' }>;

export function scanJson(s: string): JObj {
  let i = 0;
  const fffd = s.includes('\ufffd');
  const ws = () => {
    let c: number;
    while (i < s.length && ((c = s.charCodeAt(i)) === 32 || c === 9 || c === 10 || c === 13)) i++;
  };
  const fail = (what: string): never => {
    throw new JsonError(what);
  };
  /** A key keeps U+FFFD (the label sanitizer turns it into `_`); a value holding it is empty. */
  const str = (key = false): string => {
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
    if (i >= s.length) fail(MALFORMED_STRING);
    const body = s.slice(start, i++);
    let v = body;
    if (hasEscape) {
      try {
        v = JSON.parse(
          `"${body.replace(/[\u0000-\u001f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`,
        ) as string;
      } catch {
        return '';
      }
    }
    return !key && (fffd || hasEscape) && v.includes('\ufffd') ? '' : v;
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
          if (s[i] !== '"') fail(MALFORMED_OBJECT);
          const k = str(true);
          ws();
          if (s[i++] !== ':') fail(MALFORMED_OBJECT);
          entries.push([k, val(depth + 1)]);
          ws();
          if (s[i] === ',') i++;
          else if (s[i] === '}') {
            i++;
            break;
          } else fail(MALFORMED_OBJECT);
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
          } else fail(MALFORMED_ARRAY);
        }
      return { t: 'arr', items, raw: s.slice(start, i) };
    }
    if (c === '"') {
      const v = str();
      return { t: 'str', v, raw: s.slice(start, i) };
    }
    TOKEN.lastIndex = i;
    const m = TOKEN.exec(s)?.[0] ?? '';
    if (m === '') return fail(i >= s.length ? MALFORMED_OBJECT : UNKNOWN_VALUE);
    i += m.length;
    const c0 = m[0];
    if (c0 === 't' || c0 === 'f') {
      if (m !== 'true' && m !== 'false') fail(UNKNOWN_VALUE);
      return { t: 'bool', raw: m };
    }
    if (c0 === 'n' || c0 === 'u') {
      if (m !== 'null') fail(UNKNOWN_VALUE);
      return { t: 'null', raw: m };
    }
    if (c0 !== '-' && (c0 < '0' || c0 > '9')) fail(UNKNOWN_VALUE);
    return { t: 'num', raw: m };
  };
  ws();
  if (s[i] !== '{') fail(MALFORMED_OBJECT);
  // Whatever follows the top-level object is not read (jsonparser.ObjectEach stops at its `}`).
  return val(0) as JObj;
}

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
