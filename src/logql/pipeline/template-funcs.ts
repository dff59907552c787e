/**
 * The documented line_format / label_format template functions (sprig-style: a piped value is the
 * last argument). Each takes evaluated arguments and returns a value or throws TemplateError.
 */

import { compileRegexp, type GoRegexp, RegexpSyntaxError } from '../../world/re2.js';
import { expand, findAll, replaceAll } from '../../world/re2-replace.js';
import { goBytes, goDuration } from './go-convert.js';
import {
  formatTime,
  GoFloat,
  type GoTime,
  isTime,
  numberOf,
  printValue,
  sprintf,
  type TValue,
} from './go-format.js';
import { TemplateError } from './template-parse.js';

/** A template's regex fails the line (TemplateFormatErr), not the query: it is compiled per line. */
function templateRegex(pattern: string): GoRegexp {
  try {
    return compileRegexp(pattern, { anchored: false });
  } catch (e) {
    if (e instanceof RegexpSyntaxError) throw new TemplateError(e.message);
    throw e;
  }
}

export interface TplContext {
  labels: Record<string, string>;
  line: string;
  t: number;
}

type Fn = (args: TValue[], ctx: TplContext) => TValue;

const str = (v: TValue): string => printValue(v === null ? '' : v);
const toInt = (v: TValue): number => {
  const x = numberOf(v);
  if (x !== undefined) return Math.trunc(x);
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string') {
    const n = Number(v.trim());
    return Number.isFinite(n) && v.trim() !== '' ? Math.trunc(n) : 0;
  }
  return 0;
};
const toFloat = (v: TValue): number => {
  const x = numberOf(v);
  if (x !== undefined) return x;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string') {
    const n = Number(v.trim());
    return v.trim() !== '' && !Number.isNaN(n) ? n : 0;
  }
  return 0;
};

export function truthy(v: TValue): boolean {
  if (v === null) return false;
  if (typeof v === 'string') return v !== '';
  if (typeof v === 'number') return v !== 0;
  if (v instanceof GoFloat) return v.f !== 0;
  if (typeof v === 'boolean') return v;
  return true;
}

function arity(name: string, args: TValue[], n: number): void {
  if (args.length !== n)
    throw new TemplateError(`wrong number of args for ${name}: want ${n} got ${args.length}`);
}

function cmp(a: TValue, b: TValue): number {
  const [x, y] = [numberOf(a), numberOf(b)];
  if (x !== undefined && y !== undefined) return x - y;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : Number.NaN;
  throw new TemplateError('incompatible types for comparison');
}

function withArity(name: string, n: number, f: Fn): Fn {
  return (a, c) => {
    arity(name, a, n);
    return f(a, c);
  };
}

const s1 =
  (f: (s: string) => TValue): Fn =>
  (a) => {
    arity('function', a, 1);
    return f(str(a[0]));
  };

/**
 * The served world's time shift while a query evaluates (a shifted `bench serve`, a command seat's
 * server), so that `__timestamp__` answers the time the client sees, and the query's own "now"
 * (its end time, in the world's clock) for `now`: Loki's `now` is the querier's clock when the
 * query runs, and in a world that clock is the query's time, never this machine's (which would
 * make answers change from run to run). Evaluation is synchronous, so the values set by
 * `withClockShift` hold for exactly one query.
 */
let clockShiftMs = 0;
let queryNowMs = 0;

export function withClockShift<T>(ms: number, run: () => T, nowMs = 0): T {
  const before = [clockShiftMs, queryNowMs];
  clockShiftMs = ms;
  queryNowMs = nowMs;
  try {
    return run();
  } finally {
    [clockShiftMs, queryNowMs] = before;
  }
}

export const FUNCS: Record<string, Fn> = {
  __line__: (_a, c) => c.line,
  __timestamp__: (_a, c) => ({ goTime: c.t + clockShiftMs }),
  now: withArity('now', 0, () => ({ goTime: queryNowMs + clockShiftMs })),
  ToLower: s1((s) => s.toLowerCase()),
  ToUpper: s1((s) => s.toUpperCase()),
  lower: s1((s) => s.toLowerCase()),
  upper: s1((s) => s.toUpperCase()),
  title: s1((s) =>
    s.replace(/(^|[^\p{L}\p{N}'])(\p{L})/gu, (_m, p: string, c: string) => p + c.toUpperCase()),
  ),
  trim: s1((s) => s.trim()),
  TrimSpace: s1((s) => s.trim()),
  // Go's url.QueryEscape: only letters, digits and `-_.~` stay; a space is `+`.
  urlencode: s1((s) =>
    encodeURIComponent(s)
      .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
      .replace(/%20/g, '+'),
  ),
  urldecode: s1((s) => decodeURIComponent(s.replace(/\+/g, ' '))),
  b64enc: s1((s) => Buffer.from(s).toString('base64')),
  b64dec: s1((s) => Buffer.from(s, 'base64').toString()),
  len: (a) => {
    arity('len', a, 1);
    return str(a[0]).length;
  },
  trunc: (a) => {
    arity('trunc', a, 2);
    const n = toInt(a[0]);
    const s = str(a[1]);
    return n >= 0 ? s.slice(0, n) : s.slice(Math.max(0, s.length + n));
  },
  substr: (a) => {
    arity('substr', a, 3);
    const s = str(a[2]);
    const start = toInt(a[0]);
    const end = toInt(a[1]);
    if (start < 0) return s.slice(0, end < 0 ? undefined : end);
    if (end < 0 || end > s.length) return s.slice(start);
    return start > end ? '' : s.slice(start, end);
  },
  replace: (a) => {
    arity('replace', a, 3);
    return str(a[2]).split(str(a[0])).join(str(a[1]));
  },
  Replace: (a) => {
    arity('Replace', a, 4);
    // strings.Replace: the first n non-overlapping matches, scanning forward (n < 0: all).
    const [src, old, rep] = [str(a[0]), str(a[1]), str(a[2])];
    const n = toInt(a[3]);
    if (n < 0) return src.split(old).join(rep);
    const parts = src.split(old);
    if (parts.length - 1 <= n) return parts.join(rep);
    return parts.slice(0, n + 1).join(rep) + old + parts.slice(n + 1).join(old);
  },
  trimAll: (a) => {
    arity('trimAll', a, 2);
    const set = new Set(str(a[0]));
    const s = [...str(a[1])];
    let i = 0;
    let j = s.length;
    while (i < j && set.has(s[i])) i++;
    while (j > i && set.has(s[j - 1])) j--;
    return s.slice(i, j).join('');
  },
  trimPrefix: (a) => {
    arity('trimPrefix', a, 2);
    const [p, s] = [str(a[0]), str(a[1])];
    return s.startsWith(p) ? s.slice(p.length) : s;
  },
  trimSuffix: (a) => {
    arity('trimSuffix', a, 2);
    const [p, s] = [str(a[0]), str(a[1])];
    return p && s.endsWith(p) ? s.slice(0, -p.length) : s;
  },
  TrimPrefix: (a) => FUNCS.trimPrefix([a[1], a[0]], {} as TplContext),
  TrimSuffix: (a) => FUNCS.trimSuffix([a[1], a[0]], {} as TplContext),
  contains: (a) => {
    arity('contains', a, 2);
    return str(a[1]).includes(str(a[0]));
  },
  hasPrefix: (a) => {
    arity('hasPrefix', a, 2);
    return str(a[1]).startsWith(str(a[0]));
  },
  hasSuffix: (a) => {
    arity('hasSuffix', a, 2);
    return str(a[1]).endsWith(str(a[0]));
  },
  repeat: (a) => {
    arity('repeat', a, 2);
    const n = toInt(a[0]);
    if (n < 0 || n * str(a[1]).length > 100_000) throw new TemplateError('repeat count out of range');
    return str(a[1]).repeat(n);
  },
  indent: (a) => {
    arity('indent', a, 2);
    const p = ' '.repeat(Math.max(0, Math.min(1000, toInt(a[0]))));
    return p + str(a[1]).replace(/\n/g, `\n${p}`);
  },
  nindent: (a) => `\n${str(FUNCS.indent(a, {} as TplContext))}`,
  alignLeft: (a) => align('alignLeft', a, true),
  alignRight: (a) => align('alignRight', a, false),
  regexReplaceAll: (a) => {
    arity('regexReplaceAll', a, 3);
    const re = templateRegex(str(a[0]));
    const repl = str(a[2]);
    return replaceAll(re, str(a[1]), (m) => expand(repl, re, m));
  },
  regexReplaceAllLiteral: (a) => {
    arity('regexReplaceAllLiteral', a, 3);
    const re = templateRegex(str(a[0]));
    const repl = str(a[2]);
    return replaceAll(re, str(a[1]), () => repl);
  },
  count: (a) => {
    arity('count', a, 2);
    const re = templateRegex(str(a[0]));
    let n = 0;
    for (const _ of findAll(re, str(a[1]))) n++;
    return n;
  },
  default: (a) => {
    arity('default', a, 2);
    return truthy(a[1]) ? a[1] : a[0];
  },
  printf: (a) => {
    if (a.length < 1) throw new TemplateError('wrong number of args for printf');
    return sprintf(str(a[0]), a.slice(1));
  },
  eq: (a) => {
    if (a.length < 2) throw new TemplateError('missing argument for comparison');
    return a.slice(1).some((b) => cmp(a[0], b) === 0);
  },
  ne: withArity('ne', 2, (a) => cmp(a[0], a[1]) !== 0),
  lt: withArity('lt', 2, (a) => cmp(a[0], a[1]) < 0),
  le: withArity('le', 2, (a) => cmp(a[0], a[1]) <= 0),
  gt: withArity('gt', 2, (a) => cmp(a[0], a[1]) > 0),
  ge: withArity('ge', 2, (a) => cmp(a[0], a[1]) >= 0),
  and: (a) => a.find((v) => !truthy(v)) ?? a[a.length - 1] ?? null,
  or: (a) => a.find((v) => truthy(v)) ?? a[a.length - 1] ?? null,
  not: withArity('not', 1, (a) => !truthy(a[0])),
  add: (a) => a.reduce<number>((s, v) => s + toInt(v), 0),
  sub: withArity('sub', 2, (a) => toInt(a[0]) - toInt(a[1])),
  mul: (a) => a.reduce<number>((s, v) => s * toInt(v), 1),
  div: (a) => {
    arity('div', a, 2);
    if (toInt(a[1]) === 0) throw new TemplateError('integer divide by zero');
    return Math.trunc(toInt(a[0]) / toInt(a[1]));
  },
  mod: (a) => {
    arity('mod', a, 2);
    if (toInt(a[1]) === 0) throw new TemplateError('integer divide by zero');
    return toInt(a[0]) % toInt(a[1]);
  },
  addf: (a) => new GoFloat(a.reduce<number>((s, v) => s + toFloat(v), 0)),
  subf: (a) => new GoFloat(a.slice(1).reduce<number>((s, v) => s - toFloat(v), toFloat(a[0] ?? 0))),
  mulf: (a) => new GoFloat(a.reduce<number>((s, v) => s * toFloat(v), 1)),
  divf: (a) => new GoFloat(a.slice(1).reduce<number>((s, v) => s / toFloat(v), toFloat(a[0] ?? 0))),
  max: (a) => Math.max(...a.map(toInt)),
  min: (a) => Math.min(...a.map(toInt)),
  maxf: (a) => new GoFloat(Math.max(...a.map(toFloat))),
  minf: (a) => new GoFloat(Math.min(...a.map(toFloat))),
  ceil: withArity('ceil', 1, (a) => new GoFloat(Math.ceil(toFloat(a[0])))),
  floor: withArity('floor', 1, (a) => new GoFloat(Math.floor(toFloat(a[0])))),
  round: (a) => {
    if (a.length < 2 || a.length > 3) throw new TemplateError('wrong number of args for round');
    const p = 10 ** toInt(a[1]);
    const roundOn = a.length === 3 ? toFloat(a[2]) : 0.5;
    const scaled = toFloat(a[0]) * p;
    const whole = Math.trunc(scaled);
    return new GoFloat((Math.abs(scaled - whole) >= roundOn ? whole + Math.sign(scaled) : whole) / p);
  },
  int: withArity('int', 1, (a) => toInt(a[0])),
  float64: withArity('float64', 1, (a) => new GoFloat(toFloat(a[0]))),
  // humanize.ParseBytes / time.ParseDuration: a value that does not convert fails the template.
  bytes: withArity('bytes', 1, (a) => {
    const b = goBytes(str(a[0]));
    if (!b.ok) throw new TemplateError(b.err);
    return new GoFloat(b.v);
  }),
  duration: withArity('duration', 1, (a) => new GoFloat(durationSeconds(str(a[0])))),
  duration_seconds: withArity('duration_seconds', 1, (a) => new GoFloat(durationSeconds(str(a[0])))),
  date: withArity('date', 2, (a) => formatTime(str(a[0]), timeOf(a[1]), isTime(a[1]) ? a[1].ns : 0)),
  // Go's strconv.FormatInt of Unix(), UnixMilli(), UnixNano(): decimal strings, exact.
  unixEpoch: withArity('unixEpoch', 1, (a) => String(Math.floor(timeOf(a[0]) / 1000))),
  unixEpochMillis: withArity('unixEpochMillis', 1, (a) => String(timeOf(a[0]))),
  unixEpochNanos: withArity('unixEpochNanos', 1, (a) =>
    (isTime(a[0]) ? nanosOf(a[0]) : BigInt(timeOf(a[0])) * 1_000_000n).toString(),
  ),
  unixToTime: withArity('unixToTime', 1, (a) => unixToTime(str(a[0]))),
  toDateInZone: (a) => {
    arity('toDateInZone', a, 3);
    return FUNCS.toDate([a[0], a[2]], {} as TplContext);
  },
  toDate: (a) => {
    arity('toDate', a, 2);
    return parseDate(str(a[1]));
  },
};

/**
 * fmt.go's unixToTime: the unit is read from the number of digits: 5 days, 10 seconds, 13
 * milliseconds, 16 microseconds, 19 nanoseconds; any other length fails. Nanoseconds kept.
 */
function unixToTime(s: string): GoTime {
  if (!/^-?\d+$/.test(s)) throw new TemplateError(`unable to parse time '${s}': invalid syntax`);
  const n = BigInt(s);
  const nsPer: Record<number, bigint> = {
    5: 86_400_000_000_000n,
    10: 1_000_000_000n,
    13: 1_000_000n,
    16: 1000n,
    19: 1n,
  };
  const unit = nsPer[s.length];
  if (!unit)
    throw new TemplateError(
      `unable to parse time '${s}' length ${s.length} did not match expected lengths of 10, 13, 16, or 19`,
    );
  return fromNanos(n * unit);
}

/** A time from nanoseconds since the epoch (floored to the millisecond, the rest in `ns`). */
function fromNanos(total: bigint): GoTime {
  let ms = total / 1_000_000n;
  let rest = total % 1_000_000n;
  if (rest < 0n) {
    ms -= 1n;
    rest += 1_000_000n;
  }
  return rest === 0n ? { goTime: Number(ms) } : { goTime: Number(ms), ns: Number(rest) };
}

function nanosOf(t: GoTime): bigint {
  return BigInt(t.goTime) * 1_000_000n + BigInt(t.ns ?? 0);
}

/**
 * sprig's toDate for the layouts it is given (an RFC 3339 time, as Loki's examples use): read by
 * Date.parse, with a fraction finer than a millisecond kept to the nanosecond.
 */
function parseDate(text: string): GoTime {
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) throw new TemplateError(`cannot parse ${text} as a date`);
  const frac = /[T ]\d{2}:\d{2}:\d{2}[.,](\d{4,9})/.exec(text)?.[1];
  if (!frac) return { goTime: ms };
  const ns = Number(frac.padEnd(9, '0').slice(3));
  return ns ? { goTime: ms, ns } : { goTime: ms };
}

/** time.ParseDuration, as fmt.go's duration functions call it (no `d`, `w`, `y` units). */
function durationSeconds(s: string): number {
  const c = goDuration(s);
  if (!c.ok) throw new TemplateError(c.err);
  return c.v;
}

/** alignLeft / alignRight: pad with spaces or cut to `count` runes; a negative count changes nothing. */
function align(name: string, a: TValue[], left: boolean): string {
  arity(name, a, 2);
  const n = Math.min(10_000, toInt(a[0]));
  const s = str(a[1]);
  const runes = [...s];
  if (n < 0 || n === runes.length) return s;
  if (n > runes.length) return left ? s + ' '.repeat(n - runes.length) : ' '.repeat(n - runes.length) + s;
  return left ? runes.slice(0, n).join('') : runes.slice(runes.length - n).join('');
}

function timeOf(v: TValue): number {
  if (isTime(v)) return v.goTime;
  if (typeof v === 'number') return v * 1000;
  throw new TemplateError('wrong type for value; expected time.Time');
}
