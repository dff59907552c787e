/** Number, duration and string literals as Prometheus reads them. */
import { parseDuration } from '../../formats/time.js';

/** `1h30m` → ms, or undefined when the text is not a Prometheus duration (whole numbers only). */
export function parseDurationMs(text: string): number | undefined {
  return parseDuration(text, { whole: true });
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
