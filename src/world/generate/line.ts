/**
 * A log template compiled once per stream: renders the same bytes as `fillTemplate` + `renderLine`
 * (format.ts, the reference) without building a values object, an object spread or a Date per
 * line. Field names that make plain-object semantics surprising (`__proto__`, integer-like keys,
 * which objects order first, and in json the fixed `ts`/`level`/`msg` keys) take the reference path.
 */
import type { FieldValue } from './fields.js';
import { fillTemplate, type LogFormat, renderLine } from './format.js';

/** Renders one line from its time and the field values, in the template's field order. */
export type LineRenderer = (t: number, values: readonly FieldValue[]) => string;

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_.]*)\}/g;
const PLAIN_OBJECT: Readonly<Record<string, unknown>> = {};

export function compileLine(format: LogFormat, level: string, text: string, names: string[]): LineRenderer {
  const unsafe = names.some(
    (n) => n === '__proto__' || /^\d+$/.test(n) || (format === 'json' && ['ts', 'level', 'msg'].includes(n)),
  );
  if (unsafe) return referenceRenderer(format, level, text, names);
  const msg = compileMessage(text, names);
  // Lines are joined from a scratch array: one flat string per line, where `+=` would leave a
  // tree of string pieces alive for as long as the world lives.
  const parts: string[] = [];
  if (format === 'plain') {
    const upper = ` ${level.toUpperCase()} `;
    return (t, vs) => {
      putIsoTime(parts, 0, t);
      parts[2] = upper;
      parts[3] = msg(vs);
      parts.length = 4;
      return parts.join('');
    };
  }
  if (format === 'json') {
    const head = `","level":${JSON.stringify(level)},"msg":`;
    const keys = names.map((n) => `,${JSON.stringify(n)}:`);
    return (t, vs) => {
      let k = 0;
      parts[k++] = '{"ts":"';
      putIsoTime(parts, k, t);
      k += 2;
      parts[k++] = head;
      parts[k++] = JSON.stringify(msg(vs));
      for (let i = 0; i < keys.length; i++) {
        if (vs[i] === undefined) continue;
        parts[k++] = keys[i];
        parts[k++] = JSON.stringify(vs[i]);
      }
      parts[k++] = '}';
      parts.length = k;
      return parts.join('');
    };
  }
  const head = ` level=${logfmtValue(level)} msg=`;
  const keys = names.map((n) => ` ${n}=`);
  return (t, vs) => {
    let k = 0;
    parts[k++] = 'ts=';
    putIsoTime(parts, k, t);
    k += 2;
    parts[k++] = head;
    parts[k++] = logfmtValue(msg(vs));
    for (let i = 0; i < keys.length; i++) {
      parts[k++] = keys[i];
      parts[k++] = logfmtValue(vs[i]);
    }
    parts.length = k;
    return parts.join('');
  };
}

function referenceRenderer(format: LogFormat, level: string, text: string, names: string[]): LineRenderer {
  return (t, vs) => {
    const values: Record<string, FieldValue> = {};
    for (let i = 0; i < names.length; i++) values[names[i]] = vs[i];
    const msg = names.length ? fillTemplate(text, values) : text;
    return renderLine(format, t, level, msg, values);
  };
}

/**
 * `{field}` placeholders as fillTemplate fills them from a plain object: a field's value, else
 * whatever the object inherits under that name (`{constructor}`), else the placeholder as written.
 */
function compileMessage(text: string, names: string[]): (vs: readonly FieldValue[]) => string {
  if (!names.length) return () => text;
  const parts: (string | number)[] = [];
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    const i = names.indexOf(m[1]);
    const inherited = PLAIN_OBJECT[m[1]];
    parts.push(text.slice(last, m.index));
    parts.push(i >= 0 ? i : inherited === undefined ? m[0] : String(inherited));
    last = m.index + m[0].length;
  }
  if (!parts.length) return () => text;
  parts.push(text.slice(last));
  return (vs) => {
    let out = '';
    for (const p of parts) {
      if (typeof p === 'string') out += p;
      else {
        const v = vs[p];
        out += v === undefined ? `{${names[p]}}` : String(v);
      }
    }
    return out;
  };
}

/** logfmt quotes a value that is empty or holds a space, quote, equals sign or control character. */
function logfmtValue(v: FieldValue): string {
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  const s = String(v);
  return s === '' || needsQuotes(s) ? JSON.stringify(s) : s;
}

/** `/[\s"=\\]/.test(s)`, scanning ASCII by hand (JS `\s` also covers Unicode spaces: the regex decides those). */
function needsQuotes(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 0x7e) return /[\s"=\\]/.test(s);
    if (c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0x22 || c === 0x3d || c === 0x5c) return true;
  }
  return false;
}

let cachedSecond = Number.NaN;
let cachedPrefix = '';
/** `000Z` … `999Z`: the millisecond tail of an ISO time. */
const MS_TAIL = Array.from({ length: 1000 }, (_, i) => `${String(i).padStart(3, '0')}Z`);

/**
 * `new Date(t).toISOString()` split in two (`2026-03-14T13:00:01.` + `234Z`): the first part is
 * formatted once per second, the second comes from a table. Writes both into `parts` at `k`.
 */
function putIsoTime(parts: string[], k: number, t: number): void {
  if (!Number.isInteger(t)) {
    parts[k] = new Date(t).toISOString();
    parts[k + 1] = '';
    return;
  }
  const sec = Math.floor(t / 1000);
  if (sec !== cachedSecond) {
    const s = new Date(sec * 1000).toISOString();
    cachedPrefix = s.slice(0, s.length - 4);
    cachedSecond = sec;
  }
  parts[k] = cachedPrefix;
  parts[k + 1] = MS_TAIL[t - sec * 1000];
}
