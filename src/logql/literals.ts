/** Go-flavoured literals LogQL inherits: quoted strings, durations, humanized bytes, RE2 regexes. */
import { POSIX } from '../promql/parser/go-regex.js';
import { unquote as goUnquote } from '../world/go-strings.js';
import { LogQLError } from './api.js';

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

const DURATION_UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
  y: 31_536_000_000,
};

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
  const re = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h|d|w|y)/y;
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

const regexCache = new Map<string, RegExp>();

/**
 * Compiles an RE2 (Go) regex into a JS RegExp: `(?P<n>` named groups, leading `(?i)`/`(?s)`/`(?m)`
 * flags, POSIX classes, `\z`. Constructs JS cannot express are bad_data, never a silent mismatch.
 */
export function goRegex(pattern: string, anchored: boolean, dotAll = false): RegExp {
  const key = `${anchored ? 'A' : 'U'}${dotAll ? 'S' : ''}:${pattern}`;
  const hit = regexCache.get(key);
  if (hit) return hit;
  let src = pattern;
  let flags = '';
  const lead = /^\(\?([imsU]+)\)/.exec(src);
  if (lead) {
    if (lead[1].includes('U'))
      throw new LogQLError('bad_data', `error parsing regexp: unsupported flag in \`${pattern}\``);
    flags = [...new Set(lead[1])].join('');
    src = src.slice(lead[0].length);
  }
  if (/\(\?[imsU-]+[):]/.test(src)) {
    throw new LogQLError(
      'bad_data',
      `error parsing regexp: inline flags are only supported at the start: \`${pattern}\``,
    );
  }
  src = src
    .replace(/\(\?P</g, '(?<')
    .replace(/\[:(\^?)([a-z]+):\]/g, (m, neg: string, name: string) => {
      const cls = POSIX[name];
      if (!cls || neg)
        throw new LogQLError('bad_data', `error parsing regexp: invalid character class range: \`${m}\``);
      return cls;
    })
    .replace(/\\z/g, '$(?![\\s\\S])')
    .replace(/\\A/g, '^(?<![\\s\\S])');
  let re: RegExp;
  try {
    if (dotAll && !flags.includes('s')) flags += 's';
    re = new RegExp(anchored ? `^(?:${src})$` : src, flags);
  } catch (e) {
    throw new LogQLError('bad_data', `error parsing regexp: ${(e as Error).message}`);
  }
  if (regexCache.size > 5000) regexCache.clear();
  regexCache.set(key, re);
  return re;
}

/** Go regexp replacement templates (`$1`, `${1}`, `$name`, `${name}`, `$$`) in JS replace syntax. */
export function goReplacement(repl: string): string {
  return repl
    .replace(/\$\$/g, '\u0000')
    .replace(/\$\{(\w+)\}|\$(\w+)/g, (_m, a: string | undefined, b: string | undefined) => {
      const name = a ?? b ?? '';
      return /^\d+$/.test(name) ? `$${name}` : `$<${name}>`;
    })
    .replace(/\u0000/g, '$$$$');
}
