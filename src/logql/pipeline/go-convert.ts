/**
 * The conversions Loki applies to label values, with Go's error texts: `time.ParseDuration`
 * (units ns us µs μs ms s m h only: a value `1d` is refused, though the query literal `1d` is
 * read), `humanize.ParseBytes` and `strconv.ParseFloat`. Each returns the value or the error text
 * Loki puts in `__error_details__`.
 */
import { byteUnit, parseGoFloat } from '../syntax/index.js';

export type Converted = { ok: true; v: number } | { ok: false; err: string };

/** Go's `time` package quotes a duration in its errors with plain double quotes. */
const q = (s: string): string => JSON.stringify(s);

const UNIT_NS: Record<string, number> = {
  ns: 1,
  us: 1e3,
  µs: 1e3,
  μs: 1e3,
  ms: 1e6,
  s: 1e9,
  m: 60e9,
  h: 3600e9,
};

/** time.ParseDuration, in seconds. */
export function goDuration(orig: string): Converted {
  const invalid: Converted = { ok: false, err: `time: invalid duration ${q(orig)}` };
  let s = orig;
  let neg = false;
  if (s !== '' && (s[0] === '-' || s[0] === '+')) {
    neg = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '0') return { ok: true, v: 0 };
  if (s === '') return invalid;
  let ns = 0;
  while (s !== '') {
    if (!(s[0] === '.' || (s[0] >= '0' && s[0] <= '9'))) return invalid;
    const m = /^(\d*)(?:\.(\d*))?/.exec(s)!;
    const pre = m[1] !== '';
    const post = m[2] !== undefined && m[2] !== '';
    if (!pre && !post) return invalid;
    s = s.slice(m[0].length);
    let i = 0;
    while (i < s.length && s[i] !== '.' && !(s[i] >= '0' && s[i] <= '9')) i++;
    if (i === 0) return { ok: false, err: `time: missing unit in duration ${q(orig)}` };
    const u = s.slice(0, i);
    s = s.slice(i);
    const unit = UNIT_NS[u];
    if (unit === undefined) return { ok: false, err: `time: unknown unit ${q(u)} in duration ${q(orig)}` };
    ns += Number(`${m[1] || '0'}.${m[2] ?? ''}`) * unit;
    if (ns >= 2 ** 63) return invalid;
  }
  return { ok: true, v: (neg ? -ns : ns) / 1e9 };
}

/**
 * humanize.ParseBytes: the leading run of digits, `.` and `,` (commas dropped) read by
 * strconv.ParseFloat, then the rest, trimmed and lower-cased, as a size name; the product is
 * truncated to a uint64 (`1.5B` is 1).
 */
export function goBytes(s: string): Converted {
  let n = 0;
  for (const ch of s) {
    if (!(/\p{Nd}/u.test(ch) || ch === '.' || ch === ',')) break;
    n += ch.length;
  }
  const num = s.slice(0, n).replaceAll(',', '');
  const f = parseGoFloat(num);
  if (f === null || num.trim() !== num)
    return { ok: false, err: `strconv.ParseFloat: parsing ${q(num)}: invalid syntax` };
  const extra = s.slice(n).trim().toLowerCase();
  const unit = byteUnit(extra);
  if (unit === undefined) return { ok: false, err: `unhandled size name: ${extra}` };
  const v = f * unit;
  if (v >= 2 ** 64) return { ok: false, err: `too large: ${s}` };
  return { ok: true, v: Math.trunc(v) };
}

/** strconv.ParseFloat. */
export function goFloat(s: string): Converted {
  const v = s.trim() === s ? parseGoFloat(s) : null;
  return v === null
    ? { ok: false, err: `strconv.ParseFloat: parsing ${q(s)}: invalid syntax` }
    : { ok: true, v };
}
