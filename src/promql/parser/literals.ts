/** Number, duration and string literals as Prometheus reads them. */

const UNIT_MS: Record<string, number> = {
  y: 365 * 24 * 3600_000,
  w: 7 * 24 * 3600_000,
  d: 24 * 3600_000,
  h: 3600_000,
  m: 60_000,
  s: 1000,
  ms: 1,
};

const DURATION_RE = /^(?:\d+(?:y|w|d|h|ms|m|s))+$/;
const DURATION_PART_RE = /(\d+)(y|w|d|h|ms|m|s)/g;

/** `1h30m` → ms, or undefined when the text is not a Prometheus duration. */
export function parseDurationMs(text: string): number | undefined {
  if (!DURATION_RE.test(text)) return undefined;
  let ms = 0;
  for (const m of text.matchAll(DURATION_PART_RE)) ms += Number(m[1]) * UNIT_MS[m[2]];
  return ms;
}

/** A float literal (decimal, hex, Inf, NaN) or a duration read as seconds; undefined if neither. */
export function parseNumber(text: string): number | undefined {
  let sign = 1;
  let t = text;
  if (t.startsWith('-') || t.startsWith('+')) {
    if (t[0] === '-') sign = -1;
    t = t.slice(1).trimStart();
  }
  const lower = t.toLowerCase();
  if (lower === 'inf' || lower === '+inf') return sign * Number.POSITIVE_INFINITY;
  if (lower === 'nan') return Number.NaN;
  if (/^0x[0-9a-f]+$/i.test(t)) return sign * Number.parseInt(t.slice(2), 16);
  if (/^(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(t)) return sign * Number(t);
  const d = parseDurationMs(t);
  if (d !== undefined) return (sign * d) / 1000;
  return undefined;
}

/** Go string literals are shared with the promqltest notation; they live with the world. */
export { unquote } from '../../world/go-strings.js';
