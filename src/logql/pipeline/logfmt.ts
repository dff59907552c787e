/**
 * logfmt decoding as go-logfmt reads it. Non-strict mode skips a malformed token and goes on;
 * strict mode stops at the first malformed token and reports it (Loki's `--strict`).
 */

export interface LogfmtResult {
  pairs: [string, string][];
  error?: string;
}

/** A space in go-logfmt's sense: any byte up to and including ' '. */
const SPACE = 0x20;
const EQUALS = 0x3d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

export function decodeLogfmt(line: string, strict: boolean): LogfmtResult {
  const pairs: [string, string][] = [];
  const error = scanLogfmt(line, strict, (k, v) => {
    pairs.push([k, v]);
  });
  return { pairs, error };
}

/**
 * The decoder itself: calls `onPair` for every key/value in order, returns, in strict mode, the first syntax error
 * (and stops there; non-strict skips the malformed token, goes on and returns nothing). No array and no
 * closure per line: this is the pipeline's hot path.
 */
export function scanLogfmt(
  line: string,
  strict: boolean,
  onPair: (key: string, value: string) => void,
): string | undefined {
  let i = 0;
  const n = line.length;
  let error: string | undefined;
  // Loki's decoder refuses a key holding U+FFFD (invalid UTF-8) as "invalid key". Only --strict
  // can observe that here (it stops and reports); otherwise the stage skips such a pair itself,
  // checking only the pairs it keeps (label-parsers.ts), which keeps this loop free of it.
  const fffd = strict && line.includes('\ufffd');
  while (i < n) {
    while (i < n && line.charCodeAt(i) <= SPACE) i++;
    if (i >= n) break;
    const ks = i;
    let c = 0;
    while (i < n && (c = line.charCodeAt(i)) > SPACE && c !== EQUALS && c !== QUOTE) i++;
    let msg: string | undefined;
    if (i < n && c === QUOTE) msg = "unexpected '\"'";
    else if (i === ks) msg = "unexpected '='";
    else if (fffd && line.slice(ks, i).includes('\ufffd')) msg = 'invalid key';
    else if (i >= n || c !== EQUALS) {
      onPair(line.slice(ks, i), '');
      continue;
    } else {
      const key = line.slice(ks, i);
      i++;
      if (i < n && line.charCodeAt(i) === QUOTE) {
        let j = i + 1;
        let esc = false;
        while (j < n && (c = line.charCodeAt(j)) !== QUOTE) {
          if (c === BACKSLASH) {
            esc = true;
            j++;
          }
          j++;
        }
        if (j >= n) {
          i = n;
          msg = 'unterminated quoted value';
        } else {
          const body = line.slice(i + 1, j);
          let v: string | undefined = body;
          if (esc) v = unquote(body);
          i = j + 1;
          if (v === undefined) msg = 'invalid quoted value';
          else {
            onPair(key, v);
            continue;
          }
        }
      } else {
        const vs = i;
        while (i < n && (c = line.charCodeAt(i)) > SPACE && c !== EQUALS && c !== QUOTE) i++;
        if (i >= n || c <= SPACE) {
          onPair(key, line.slice(vs, i));
          continue;
        }
        msg = `unexpected '${line[i]}'`;
      }
    }
    // A malformed token at position i: record the first error; strict stops, else skip the token.
    // Only --strict reports the error (Loki ignores it otherwise), so only then is its text built;
    // Loki counts the position in bytes of the UTF-8 line.
    if (strict) {
      error = `logfmt syntax error at pos ${Buffer.byteLength(line.slice(0, i)) + 1} : ${msg}`;
      break;
    }
    while (i < n && line.charCodeAt(i) > SPACE) i++;
  }
  return error;
}

const ESCAPED: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  "'": "'",
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/** Four hex digits of a `\uXXXX` escape at `i` (the backslash), or -1. */
function u4(s: string, i: number): number {
  if (s[i] !== '\\' || s[i + 1] !== 'u') return -1;
  const hex = s.slice(i + 2, i + 6);
  return /^[0-9a-fA-F]{4}$/.test(hex) ? Number.parseInt(hex, 16) : -1;
}

/**
 * The body of a quoted value with its escapes read as Loki's logfmt decoder reads them (JSON's
 * escapes plus `\'`; raw control bytes such as a newline kept as they are; a `\u` surrogate
 * without its pair is U+FFFD). Undefined for an unknown escape.
 */
function unquote(body: string): string | undefined {
  let out = '';
  let i = 0;
  while (i < body.length) {
    const c = body[i];
    if (c !== '\\') {
      out += c;
      i++;
      continue;
    }
    const next = body[i + 1];
    if (next === undefined) return undefined;
    if (next !== 'u') {
      const r = ESCAPED[next];
      if (r === undefined) return undefined;
      out += r;
      i += 2;
      continue;
    }
    const hi = u4(body, i);
    if (hi < 0) return undefined;
    i += 6;
    if (hi >= 0xd800 && hi <= 0xdfff) {
      const lo = u4(body, i);
      if (hi < 0xdc00 && lo >= 0xdc00 && lo <= 0xdfff) {
        out += String.fromCharCode(hi, lo);
        i += 6;
      } else out += '\ufffd';
    } else out += String.fromCharCode(hi);
  }
  return out;
}
