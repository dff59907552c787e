/**
 * Go string literals (`strconv.Unquote`), as PromQL, LogQL and the promqltest series notation
 * write label values and strings. Lives in world/ because the notation needs it and world sits
 * below the engines.
 */

const SIMPLE_ESCAPES: Record<string, string> = {
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  '"': '"',
  "'": "'",
};

/** Go `strconv.Unquote` for "..." and '...' strings; backticks are raw. Throws on a bad escape. */
export function unquote(text: string): string {
  const q = text[0];
  const body = text.slice(1, -1);
  if (q === '`') return body;
  const bytes: number[] = [];
  const enc = new TextEncoder();
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c !== '\\') {
      const cp = body.codePointAt(i)!;
      const s = String.fromCodePoint(cp);
      bytes.push(...enc.encode(s));
      i += s.length - 1;
      continue;
    }
    const e = body[++i];
    if (e === undefined) throw new Error('invalid syntax');
    if (e in SIMPLE_ESCAPES) {
      if ((e === '"' || e === "'") && e !== q) throw new Error('invalid syntax');
      bytes.push(SIMPLE_ESCAPES[e].charCodeAt(0));
    } else if (e === 'x') {
      bytes.push(hex(body.slice(i + 1, i + 3), 2));
      i += 2;
    } else if (e === 'u' || e === 'U') {
      const n = e === 'u' ? 4 : 8;
      const cp = hex(body.slice(i + 1, i + 1 + n), n);
      // Go rejects surrogate halves and code points past U+10FFFF.
      if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) throw new Error('invalid syntax');
      bytes.push(...enc.encode(String.fromCodePoint(cp)));
      i += n;
    } else if (e >= '0' && e <= '7') {
      const oct = body.slice(i, i + 3);
      if (!/^[0-7]{3}$/.test(oct)) throw new Error('invalid syntax');
      bytes.push(Number.parseInt(oct, 8));
      i += 2;
    } else {
      const hexCode = e.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
      throw new Error(`unknown escape sequence U+${hexCode} '${e}'`);
    }
  }
  // Invalid UTF-8 (e.g. "\xc5" alone) decodes to U+FFFD, matching how labels would print.
  return new TextDecoder().decode(Uint8Array.from(bytes));
}

function hex(s: string, n: number): number {
  if (s.length !== n || !/^[0-9a-f]+$/i.test(s)) throw new Error('invalid syntax');
  return Number.parseInt(s, 16);
}

const QUOTE_ESCAPES: Record<string, string> = {
  '\x07': '\\a',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
  '"': '\\"',
  '\\': '\\\\',
};

const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

/**
 * Go's `strconv.Quote` (and `%q`): printable characters (letters, marks, numbers, punctuation,
 * symbols, the ASCII space) as they are, `\n`-style escapes, `\xHH` below U+0020 and for DEL,
 * `\uHHHH` or `\UHHHHHHHH` for any other code point; a lone surrogate (invalid UTF-8 in Go) is
 * `\ufffd`'s escape.
 */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const e = QUOTE_ESCAPES[ch];
    if (e) {
      out += e;
      continue;
    }
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xd800 && cp <= 0xdfff) out += '\\ufffd';
    else if (PRINTABLE.test(ch)) out += ch;
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${cp.toString(16).padStart(2, '0')}`;
    else if (cp < 0x10000) out += `\\u${cp.toString(16).padStart(4, '0')}`;
    else out += `\\U${cp.toString(16).padStart(8, '0')}`;
  }
  return `${out}"`;
}
