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
  /** `partial`: cut short by malformed text (salvageJson only); its raw text is not a value. */
  | { t: 'obj'; entries: [string, JVal][]; raw: string; partial?: boolean }
  | { t: 'arr'; items: JVal[]; raw: string; partial?: boolean }
  | { t: 'str'; v: string; raw: string }
  | { t: 'num' | 'bool' | 'null'; raw: string };

/** A json parameter expression Loki's jsonexpr parser rejects (json-path.ts): once per query. */
export class JsonError extends Error {}

/**
 * Why a line is not a JSON object, in jsonparser's words. A value, not an Error: `| json` over
 * logfmt or plain lines fails on every line, and an Error would capture a stack trace each time
 * (the bulk of such a query's time).
 */
export interface JsonFailure {
  error: string;
}

/** Thrown inside the scanner only, to leave its recursion: no stack is captured for it. */
class Malformed {
  constructor(readonly message: string) {}
}

const MAX_DEPTH = 128;

export const MALFORMED_OBJECT = "Value looks like object, but can't find closing '}' symbol";
const MALFORMED_ARRAY = "Value is array, but can't find closing ']' symbol";
const MALFORMED_STRING = "Value is string, but can't find closing '\"' symbol";
const UNKNOWN_VALUE = 'Unknown value type';

/** jsonparser's tokenEnd: a scalar runs to whitespace, `,`, `}` or `]`. */
const TOKEN = /[^ \n\r\t,}\]]*/y;

export type JObj = Extract<JVal, { t: 'obj' }>;

/** The object a line starts with, or why it does not start with one. */
export function scanJson(s: string): JObj | JsonFailure {
  try {
    return scanObject(s);
  } catch (e) {
    if (e instanceof Malformed) return { error: e.message };
    throw e;
  }
}

/**
 * What jsonparser's key search (EachKey, behind `| json a="b.c"`) still finds in a line that
 * starts with an object but is malformed further on: every entry read before the break, objects
 * and arrays open at the break kept as `partial`, and the path to the value that broke with
 * jsonparser's words for it. Undefined when the line parses whole (scanJson has it).
 */
export interface Salvaged {
  doc: JObj;
  error: string;
  /**
   * Keys (and array indexes) to the value that could not be read; null when the break is in an
   * object's or array's own punctuation, where a key not yet read is simply not found.
   */
  at: (string | number)[] | null;
}

interface Cut {
  error?: string;
  at: (string | number)[] | null;
}

export function salvageJson(s: string): Salvaged | undefined {
  const cut: Cut = { at: null };
  try {
    const doc = scanObject(s, cut);
    return cut.error === undefined ? undefined : { doc, error: cut.error, at: cut.at };
  } catch (e) {
    if (e instanceof Malformed) return undefined;
    throw e;
  }
}

function scanObject(s: string, cut?: Cut): JObj {
  let i = 0;
  const path: (string | number)[] = [];
  /**
   * In salvage mode, records the first break (in a value when the path is deeper than the
   * container's own, at `depth`) and says to stop; otherwise rethrows.
   */
  const broke = (e: unknown, depth: number): true => {
    if (!cut || !(e instanceof Malformed)) throw e;
    if (cut.error === undefined) {
      cut.error = e.message;
      cut.at = path.length > depth ? [...path] : null;
    }
    return true;
  };
  const fffd = s.includes('\ufffd');
  const ws = () => {
    let c: number;
    while (i < s.length && ((c = s.charCodeAt(i)) === 32 || c === 9 || c === 10 || c === 13)) i++;
  };
  const fail = (what: string): never => {
    throw new Malformed(what);
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
      const own = path.length;
      let partial = false;
      try {
        ws();
        if (s[i] === '}') i++;
        else
          for (;;) {
            ws();
            if (s[i] !== '"') fail(MALFORMED_OBJECT);
            const k = str(true);
            ws();
            if (s[i++] !== ':') fail(MALFORMED_OBJECT);
            path.push(k);
            const v = val(depth + 1);
            path.pop();
            entries.push([k, v]);
            if (cut?.error !== undefined) throw new Malformed(cut.error);
            ws();
            if (s[i] === ',') i++;
            else if (s[i] === '}') {
              i++;
              break;
            } else fail(MALFORMED_OBJECT);
          }
      } catch (e) {
        partial = broke(e, own);
      }
      return partial
        ? { t: 'obj', entries, raw: s.slice(start, i), partial }
        : { t: 'obj', entries, raw: s.slice(start, i) };
    }
    if (c === '[') {
      i++;
      const items: JVal[] = [];
      const own = path.length;
      let partial = false;
      try {
        ws();
        if (s[i] === ']') i++;
        else
          for (;;) {
            path.push(items.length);
            const v = val(depth + 1);
            path.pop();
            items.push(v);
            if (cut?.error !== undefined) throw new Malformed(cut.error);
            ws();
            if (s[i] === ',') i++;
            else if (s[i] === ']') {
              i++;
              break;
            } else fail(MALFORMED_ARRAY);
          }
      } catch (e) {
        partial = broke(e, own);
      }
      return partial
        ? { t: 'arr', items, raw: s.slice(start, i), partial }
        : { t: 'arr', items, raw: s.slice(start, i) };
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
