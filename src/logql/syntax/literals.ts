/** Go-flavoured literals LogQL inherits: quoted strings, durations, humanized bytes, RE2 regexes. */
import { alternation, UNIT_MS } from '../../formats/time.js';
import { unquote as goUnquote } from '../../world/go-strings.js';
import { compileRegexp, type GoRegexp, RegexpSyntaxError } from '../../world/re2.js';
import { LogQLError } from '../api.js';

/**
 * Go's strconv.Unquote for "..." and `...` (the shared implementation in world/go-strings.ts: \x and
 * octal escapes are UTF-8 bytes, as in Go); an invalid literal or escape is a bad_data error.
 */
export function unquote(raw: string): string {
  const quoted =
    raw.length >= 2 && ((raw[0] === '"' && raw.endsWith('"')) || (raw[0] === '`' && raw.endsWith('`')));
  if (!quoted) throw new LogQLError('bad_data', `invalid string literal ${raw}`);
  try {
    return goUnquote(raw);
  } catch {
    throw badEscape(raw);
  }
}

function badEscape(raw: string): LogQLError {
  return new LogQLError('bad_data', `parse error: invalid char escape in ${raw}`);
}

/** Go's sub-millisecond units on top of Prometheus' (formats/time.ts): LogQL reads both. */
const DURATION_UNITS: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ...UNIT_MS,
};
const DURATION_TERM = new RegExp(`(\\d+(?:\\.\\d*)?|\\.\\d+)(${alternation(DURATION_UNITS)})`, 'y');

/** Go / Prometheus durations (`1h30m`, `1.5s`, `250ms`, `7d`) in milliseconds, or null. */
export function parseDurationMs(text: string): number | null {
  let s = text.trim();
  let sign = 1;
  if (s.startsWith('-') || s.startsWith('+')) {
    sign = s[0] === '-' ? -1 : 1;
    s = s.slice(1);
  }
  if (s === '0') return 0;
  if (s === '') return null;
  const re = DURATION_TERM;
  let total = 0;
  let pos = 0;
  while (pos < s.length) {
    re.lastIndex = pos;
    const m = re.exec(s);
    if (!m) return null;
    total += Number.parseFloat(m[1]) * DURATION_UNITS[m[2]];
    pos = re.lastIndex;
  }
  return sign * total;
}

const BYTE_UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1e3,
  kb: 1e3,
  ki: 1024,
  kib: 1024,
  m: 1e6,
  mb: 1e6,
  mi: 1024 ** 2,
  mib: 1024 ** 2,
  g: 1e9,
  gb: 1e9,
  gi: 1024 ** 3,
  gib: 1024 ** 3,
  t: 1e12,
  tb: 1e12,
  ti: 1024 ** 4,
  tib: 1024 ** 4,
  p: 1e15,
  pb: 1e15,
  pi: 1024 ** 5,
  pib: 1024 ** 5,
  e: 1e18,
  eb: 1e18,
  ei: 1024 ** 6,
  eib: 1024 ** 6,
};

/** Humanized byte sizes as Loki reads them (`5 MB` = 5e6, `5MiB` = 5·2^20, `42` = 42), or null. */
/** The multiplier of a humanize size name (`kib`, `mb`, ``, …; lower case), if it is one. */
export function byteUnit(name: string): number | undefined {
  return Object.hasOwn(BYTE_UNITS, name) ? BYTE_UNITS[name] : undefined;
}

export function parseBytes(text: string): number | null {
  const m = /^\s*([0-9]*\.?[0-9]+(?:[eE][-+]?\d+)?)\s*([a-zA-Z]*)\s*$/.exec(text);
  if (!m) return null;
  const unit = BYTE_UNITS[m[2].toLowerCase()];
  if (unit === undefined) return null;
  return Number.parseFloat(m[1]) * unit;
}

/** strconv.ParseFloat-like: decimal, exponent, Inf/NaN; anything else is null. */
export function parseGoFloat(text: string): number | null {
  const s = text.trim();
  if (/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s)) return Number.parseFloat(s);
  if (/^[-+]?0[xX][0-9a-fA-F]+$/.test(s))
    return Number(s.replace(/^[-+]/, '')) * (s.startsWith('-') ? -1 : 1);
  if (/^[-+]?(inf|infinity)$/i.test(s)) return s.startsWith('-') ? -Infinity : Infinity;
  if (/^nan$/i.test(s)) return Number.NaN;
  return null;
}

/**
 * A query's regex as Loki compiles it: RE2 syntax and semantics in linear time (world/re2.ts);
 * a pattern Go rejects fails the query as Loki's parser does, bad_data with Go's text:
 * `parse error : error parsing regexp: invalid or unsupported Perl syntax: ...`.
 */
export function goRegex(pattern: string, anchored: boolean, dotNL = false): GoRegexp {
  try {
    return compileRegexp(pattern, { anchored, dotNL });
  } catch (e) {
    if (e instanceof RegexpSyntaxError) throw new LogQLError('bad_data', `parse error : ${e.message}`);
    throw e;
  }
}
