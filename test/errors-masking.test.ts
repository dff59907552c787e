/**
 * Masking never corrupts what it masks. What an agent writes (its Theory file, its trace, its
 * stdout) is masked before it lands in the report folder; masked as raw text, a secret next to a
 * JSON escape took the escape with it (`api_key=XYZ…\nhost=\"db\"` lost the backslash before the
 * quote) and a valid Theory became "not JSON". A property over seeded random documents: any valid
 * JSON text (random nesting, whitespace, escapes, numbers, duplicate and integer-like keys), masked
 * with any set of secrets (pieces of its own strings, pieces of its own text: quotes, escapes,
 * digits, punctuation; key shapes), is valid JSON of the same structure (same types, array lengths,
 * key counts, numbers, booleans and nulls; an unmasked key keeps its name), only string contents
 * changed, and no secret left in any string.
 */
import { describe, expect, it } from 'vitest';
import { redact, redactAgentOutput, redactDeep, redactJson } from '../src/errors.js';
import { SeededRandom } from '../src/random.js';

const CASES = 10_000;

const PIECES = [
  'a',
  'b',
  'k',
  'e',
  'y',
  'x',
  'q',
  '1',
  '2',
  '0',
  '=',
  '_',
  '-',
  ' ',
  '"',
  '\\',
  '\n',
  '\t',
  '\r',
  '/',
  ':',
  '{',
  '}',
  '[',
  ']',
  ',',
  '.',
  'é',
  '💥',
  '\u2028',
  '\u0000',
  '\u001f',
  '\ud800',
  'api_key=',
  'Bearer ',
  'sk-',
  'https://u:p@h/',
  'x-api-key: ',
  'host="db"',
  'null',
  'true',
];
const NUMBERS = [
  '0',
  '-0',
  '1',
  '-12',
  '3.25',
  '1e400',
  '-1E-7',
  '1.5e+3',
  '123456789012345678901234567890',
  '0.000001',
];
const SPACE = ['', '', '', ' ', '\n', '\t', '  ', '\r\n'];
const SHORT: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\t': '\\t',
  '\r': '\\r',
  '\b': '\\b',
  '\f': '\\f',
};

class Doc {
  readonly strings: string[] = [];
  constructor(private readonly r: SeededRandom) {}
  pick<T>(xs: readonly T[]): T {
    return xs[this.r.int(0, xs.length - 1)];
  }
  str(): string {
    let s = '';
    for (let n = this.r.int(0, 10); n > 0; n--) s += this.pick(PIECES);
    this.strings.push(s);
    return s;
  }
  ws(): string {
    return this.pick(SPACE);
  }
  /** A string literal, each character escaped one of the ways JSON allows. */
  literal(s: string): string {
    let out = '"';
    for (const ch of s) {
      const code = ch.codePointAt(0) ?? 0;
      const utf16 = () =>
        Array.from(
          { length: ch.length },
          (_, i) => `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`,
        ).join('');
      if (ch in SHORT) out += this.r.next() < 0.7 ? SHORT[ch] : utf16();
      else if (code < 0x20 || (code >= 0xd800 && code <= 0xdfff)) out += utf16();
      else if (ch === '/' && this.r.next() < 0.5) out += '\\/';
      else out += this.r.next() < 0.1 ? utf16() : ch;
    }
    return `${out}"`;
  }
  value(depth: number): string {
    const r = this.r.next();
    if (depth >= 4 || r < 0.45) {
      const k = this.r.int(0, 9);
      if (k < 5) return this.literal(this.str());
      if (k < 8) return this.pick(NUMBERS);
      return this.pick(['true', 'false', 'null']);
    }
    if (r < 0.7) {
      const items = Array.from(
        { length: this.r.int(0, 4) },
        () => this.ws() + this.value(depth + 1) + this.ws(),
      );
      return `[${items.join(',') || this.ws()}]`;
    }
    const keys: string[] = [];
    const members = Array.from({ length: this.r.int(0, 4) }, () => {
      const k = this.r.next();
      const key =
        k < 0.15 && keys.length
          ? this.pick(keys)
          : k < 0.25
            ? this.pick(['0', '12', '__proto__'])
            : this.str();
      keys.push(key);
      return `${this.ws()}${this.literal(key)}${this.ws()}:${this.ws()}${this.value(depth + 1)}${this.ws()}`;
    });
    return `{${members.join(',') || this.ws()}}`;
  }
}

/** Secrets a document can hold: pieces of its strings and of its text, and key shapes. */
function secretsFor(doc: Doc, text: string, r: SeededRandom): string[] {
  const piece = (s: string) => {
    if (s.length < 4) return s;
    const at = r.int(0, s.length - 4);
    return s.slice(at, at + r.int(4, 10));
  };
  const out: string[] = [];
  for (let n = r.int(0, 4); n > 0; n--) {
    const k = r.int(0, 9);
    if (k < 4 && doc.strings.length) out.push(piece(doc.pick(doc.strings)));
    else if (k < 8) out.push(piece(text));
    else out.push(doc.pick(['sk-abcdefghijklmnop', 'api_key=XYZabcdef', 'Bearer abcdefghij', '1234']));
  }
  return out;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** A value's shape with string contents and object keys left out (keys are checked apart). */
function sig(v: Json): string {
  if (typeof v === 'string') return 's';
  if (Array.isArray(v)) return `[${v.map(sig).join(',')}]`;
  if (v && typeof v === 'object') return `{${Object.values(v).map(sig).sort().join(',')}}`;
  return `${typeof v}:${Object.is(v, -0) ? '-0' : String(v)}`;
}

/** Same structure: types, lengths, key counts and non-string values equal; unmasked keys kept. */
function sameShape(a: Json, b: Json, changed: (k: string) => boolean): string | undefined {
  if (sig(a) !== sig(b)) return `shape ${sig(a)} became ${sig(b)}`;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < a.length; i++) {
      const d = sameShape(a[i], b[i], changed);
      if (d) return d;
    }
  } else if (
    a &&
    b &&
    typeof a === 'object' &&
    typeof b === 'object' &&
    !Array.isArray(a) &&
    !Array.isArray(b)
  ) {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return 'key count changed';
    for (const k of ka) {
      if (changed(k)) continue;
      if (!Object.hasOwn(b, k)) return `key ${JSON.stringify(k)} lost`;
      const d = sameShape(a[k], b[k], changed);
      if (d) return d;
    }
  }
  return undefined;
}

function stringsOf(v: Json): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(stringsOf);
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => [k, ...stringsOf(x)]);
  return [];
}

function check(
  text: string,
  secrets: string[],
  mask: (t: string, s: string[]) => string,
): string | undefined {
  const before = JSON.parse(text) as Json;
  const out = mask(text, secrets);
  let after: Json;
  try {
    after = JSON.parse(out) as Json;
  } catch (e) {
    return `not JSON any more (${(e as Error).message}): ${out}`;
  }
  const changed = new Map<string, boolean>();
  const d = sameShape(before, after, (k) => {
    if (!changed.has(k)) changed.set(k, redact(k, secrets) !== k);
    return changed.get(k) === true;
  });
  if (d) return `${d}: ${out}`;
  // a secret with a bracket or inside "[redacted]" can be made by the mask itself
  const checkable = secrets.filter((s) => s.length >= 4 && !/[[\]]/.test(s) && !'[redacted]'.includes(s));
  for (const s of stringsOf(after))
    for (const secret of checkable)
      if (s.includes(secret)) return `secret ${JSON.stringify(secret)} left in ${JSON.stringify(s)}`;
  return undefined;
}

describe('masking never corrupts what it masks', () => {
  it(`any valid JSON document, any secrets: valid JSON of the same structure (${CASES} seeded cases)`, () => {
    const r = new SeededRandom(20_260_314);
    const failures: string[] = [];
    for (let i = 0; i < CASES && failures.length < 3; i++) {
      const doc = new Doc(r);
      const text = doc.ws() + doc.value(0) + doc.ws();
      const secrets = secretsFor(doc, text, r);
      const problem = check(text, secrets, redactAgentOutput);
      if (problem)
        failures.push(`case ${i}: ${JSON.stringify(text)} with ${JSON.stringify(secrets)}: ${problem}`);
    }
    expect(failures).toEqual([]);
  });

  it('the Theory of the issue: a key before an escaped quote keeps the document valid', () => {
    const theory = JSON.stringify({ rootCause: { explanation: 'api_key=XYZabcdef123\nhost="db"' } });
    const out = redactAgentOutput(theory);
    expect(JSON.parse(out)).toEqual({ rootCause: { explanation: 'api_key=[redacted]\nhost="db"' } });
  });

  it('text stays text; JSON lines in it are masked as JSON, byte for byte elsewhere', () => {
    const lines = [
      'plain api_key=abcdef123456 line',
      '{"msg": "api_key=XYZabcdef\\nhost=\\"db\\"",   "n": 1.50}',
      '  not json {',
      '',
    ].join('\n');
    const out = redactAgentOutput(lines, ['abcdef123456']);
    const [a, b, c, d] = out.split('\n');
    expect(a).toBe('plain api_key=[redacted] line');
    expect(b).toBe('{"msg": "api_key=[redacted]\\nhost=\\"db\\"",   "n": 1.50}');
    expect(JSON.parse(b)).toEqual({ msg: 'api_key=[redacted]\nhost="db"', n: 1.5 });
    expect([c, d]).toEqual(['  not json {', '']);
  });

  it('two masked keys of one object stay two keys, and never take an unmasked key’s name', () => {
    const value = { 'sk-aaaaaaaaaaaaaaaa': 1, 'sk-bbbbbbbbbbbbbbbb': 2, '[redacted]': 3 };
    const deep = redactDeep(value);
    expect(Object.keys(deep)).toHaveLength(3);
    expect(deep['[redacted]']).toBe(3);
    expect(JSON.parse(redactAgentOutput(JSON.stringify(value)))).toEqual(deep);
  });

  it('a document whose strings hold nothing to mask comes back as it is; one secret anywhere is still found', () => {
    // redactJson skips its literal-by-literal walk when masking leaves all strings joined unchanged:
    // a key shape at a string's very start or end, after an escape, or in a key must still be seen.
    const clean = '{"a": "plain", "n": 1.50, "list": ["x", {"k": "v"}]}';
    expect(redactJson(clean)).toBe(clean);
    const docs = [
      { a: 'x', b: 'sk-aaaaaaaaaaaaaaaa' },
      { a: 'line\nsk-aaaaaaaaaaaaaaaa', b: 'plain' },
      { 'sk-aaaaaaaaaaaaaaaa': 'plain' },
      { a: ['ok', ['Bearer abcdefghijk']] },
      { a: 'postgres://user:hunter22@db/x' },
      { a: 'api_key=', b: 'abcdefghijk' },
    ];
    for (const d of docs) {
      const out = redactJson(JSON.stringify(d))!;
      expect(JSON.parse(out)).toEqual(redactDeep(d));
    }
  });

  it('every member of a duplicate key is masked, though a parsed value keeps only the last', () => {
    // what a logger writing JSON by hand emits: the first `msg` never reaches JSON.parse's value
    const line = '{"level":"info","msg":"auth Bearer abcdefghijklmnop","msg":"ok"}';
    expect(redactJson(line)).toBe('{"level":"info","msg":"auth Bearer [redacted]","msg":"ok"}');
    expect(redactAgentOutput(`${line}\n`)).toBe(
      '{"level":"info","msg":"auth Bearer [redacted]","msg":"ok"}\n',
    );
    const nested = '{"a":{"k":"sk-AAAAAAAAAAAAAAAAAAAAAA"},"a":"x"}';
    expect(redactJson(nested)).toBe('{"a":{"k":"[redacted]"},"a":"x"}');
  });
});
