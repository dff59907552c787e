/** Durations and time references: parsed as goldens and PromQL write them, printed as Go and Prometheus do. */

/** Prometheus' duration units in milliseconds (LogQL adds Go's sub-millisecond ones on top). */
export const UNIT_MS: Readonly<Record<string, number>> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
  y: 31_536_000_000,
};

/** The units of a Prometheus-style duration, as a regex alternation (longest first: `ms` before `m`). */
export const DURATION_UNITS = alternation(UNIT_MS);
/** One duration term inside other text (`1h30m` is two terms): for regexes built elsewhere. */
export const DURATION_TERM = `\\d+(?:\\.\\d+)?(?:${DURATION_UNITS})`;
/** A golden's duration: unit terms, each number possibly fractional (`1.5h`, `1h30m`). */
export const DURATION_RE = new RegExp(`^(\\d+(\\.\\d+)?(${DURATION_UNITS}))+$`);
/** A Prometheus duration: whole numbers only (`90s`, `1h30m`), as PromQL and the HTTP API read them. */
const WHOLE_DURATION_RE = new RegExp(`^(\\d+(${DURATION_UNITS}))+$`);
const DURATION_TERMS = new RegExp(`(\\d+(?:\\.\\d+)?)(${DURATION_UNITS})`, 'g');

/**
 * "1h30m" → 5_400_000; undefined for anything that is not a duration. The one duration parser:
 * goldens allow fractions, PromQL literals and Prometheus' messages pass `{ whole: true }`.
 */
export function parseDuration(s: string, opts: { whole?: boolean } = {}): number | undefined {
  if (!(opts.whole ? WHOLE_DURATION_RE : DURATION_RE).test(s)) return undefined;
  let total = 0;
  for (const m of s.matchAll(DURATION_TERMS)) total += Number(m[1]) * UNIT_MS[m[2]];
  return total;
}

/**
 * Printing durations, the one place: Go's `time.Duration.String()` and Prometheus'
 * `model.Duration.String()`, which differ. Loki and Prometheus put the first in texts Go formats
 * with `%s` of a time.Duration (Loki's "query length: 721h0m0s"), and a log line's `took=1.52s`
 * is what Go programs print; the second is how Prometheus writes a configured or limit duration
 * (`scrapeInterval: "15s"`, Loki's "limit: 30d1h"), and is valid PromQL.
 */

const NS_PER_MS = 1_000_000n;
const NS_PER_S = 1_000_000_000n;

/** `.5`, `.000001`: `frac` of `10^prec`, trailing zeros cut, nothing when it is zero (Go's fmtFrac). */
function fraction(frac: bigint, prec: number): string {
  if (frac === 0n) return '';
  return `.${frac.toString().padStart(prec, '0').replace(/0+$/, '')}`;
}

/**
 * Go's `time.Duration.String()` of `ms` milliseconds (a fraction is kept to the nanosecond):
 * `0s`, `1ns`, `500µs` (U+00B5, as Go writes it), `1.5ms`, `500ms`, `1.5s`, `1m30s`, `40m0s`,
 * `1h0m0s`, `-2s`. Below a second the largest unit that leaves a whole part; from a second on,
 * hours, minutes and seconds, never days.
 */
export function goDuration(ms: number): string {
  const whole = Math.trunc(ms);
  let ns = BigInt(whole) * NS_PER_MS + BigInt(Math.round((ms - whole) * 1e6));
  if (ns === 0n) return '0s';
  const neg = ns < 0n;
  if (neg) ns = -ns;
  let out: string;
  if (ns < NS_PER_S) {
    const [unit, size, prec] =
      ns < 1000n ? ['ns', 1n, 0] : ns < NS_PER_MS ? ['µs', 1000n, 3] : ['ms', NS_PER_MS, 6];
    out = `${ns / size}${fraction(ns % size, prec)}${unit}`;
  } else {
    const secs = ns / NS_PER_S;
    const s = `${secs % 60n}${fraction(ns % NS_PER_S, 9)}s`;
    const m = (secs / 60n) % 60n;
    const h = secs / 3600n;
    out = h > 0n ? `${h}h${m}m${s}` : m > 0n ? `${m}m${s}` : s;
  }
  return neg ? `-${out}` : out;
}

const MODEL_UNITS: [string, number, boolean][] = [
  ['y', 365 * 86_400_000, true],
  ['w', 7 * 86_400_000, true],
  ['d', 86_400_000, false],
  ['h', 3_600_000, false],
  ['m', 60_000, false],
  ['s', 1000, false],
  ['ms', 1, false],
];

/**
 * Prometheus' `model.Duration.String()` of whole milliseconds: `0s`, `15s`, `30m`, `1h30m`,
 * `30d1h`, `90d`, `2w`; years and weeks only when exact (`90d`, not `12w6d`), no zero units.
 */
export function modelDuration(ms: number): string {
  if (ms === 0) return '0s';
  let rest = ms;
  let out = '';
  for (const [unit, size, exact] of MODEL_UNITS) {
    if (exact && rest % size !== 0) continue;
    const n = Math.floor(rest / size);
    if (n > 0) {
      out += `${n}${unit}`;
      rest -= n * size;
    }
  }
  return out;
}

/** An RFC3339 time or an offset from `startMs`. Throws on anything else (schemas catch it first). */
export function resolveTimeRef(ref: string, startMs: number): number {
  const d = parseDuration(ref);
  if (d !== undefined) return startMs + d;
  const t = Date.parse(ref);
  if (Number.isNaN(t)) throw new Error(`not a time: ${ref}`);
  return t;
}

/** A regex alternation of a unit table's names, longest first (`ms` before `m`, `µs` before `s`). */
export function alternation(units: Readonly<Record<string, number>>): string {
  return Object.keys(units)
    .sort((a, b) => b.length - a.length)
    .join('|');
}
