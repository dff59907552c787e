/** Durations and time references as goldens write them (see golden.ts). */

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

const LARGEST_FIRST = Object.keys(UNIT_MS).sort((a, b) => UNIT_MS[b] - UNIT_MS[a]);

/** 5_400_000 → "1h30m" (Prometheus style, largest units first). */
export function formatDuration(ms: number): string {
  if (ms === 0) return '0s';
  let rest = ms;
  let out = '';
  for (const u of LARGEST_FIRST) {
    const n = Math.floor(rest / UNIT_MS[u]);
    if (n > 0) {
      out += `${n}${u}`;
      rest -= n * UNIT_MS[u];
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
