/**
 * How Go prints the values the Prometheus and Loki APIs put in their bodies and error texts:
 * `time.Time` in JSON (RFC3339Nano), `strconv.FormatFloat(v, 'e', -1, 64)`, `time.Duration`'s
 * String (`1h0m0s`) and Prometheus' `model.Duration` String (`30m`, `30d1h`).
 */

/** RFC3339Nano as encoding/json writes a UTC time.Time: no fraction when whole, trailing zeros cut. */
export function goTime(ms: number): string {
  const iso = new Date(ms).toISOString();
  return iso.replace(/\.(\d+)Z$/, (_m, f: string) => (/^0+$/.test(f) ? 'Z' : `.${f.replace(/0+$/, '')}Z`));
}

/** `strconv.FormatFloat(v, 'e', -1, 64)`: the shortest mantissa, an exponent of two digits or more. */
export function goFloatE(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (!Number.isFinite(v)) return v > 0 ? '+Inf' : '-Inf';
  const [mant, exp] = v.toExponential().split('e');
  const sign = exp.startsWith('-') ? '-' : '+';
  const digits = exp.replace(/^[+-]/, '').padStart(2, '0');
  return `${mant}e${sign}${digits}`;
}

/** Go's `time.Duration.String()` of whole milliseconds: `1h0m0s`, `40m0s`, `1m30s`, `1.5s`, `500ms`. */
export function goDuration(ms: number): string {
  if (ms === 0) return '0s';
  const neg = ms < 0;
  let rest = Math.abs(ms);
  let out: string;
  if (rest < 1000) out = `${rest}ms`;
  else {
    const h = Math.floor(rest / 3_600_000);
    rest -= h * 3_600_000;
    const m = Math.floor(rest / 60_000);
    rest -= m * 60_000;
    const s = (rest / 1000).toFixed(3).replace(/\.?0+$/, '');
    out = h > 0 ? `${h}h${m}m${s}s` : m > 0 ? `${m}m${s}s` : `${s}s`;
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

/** Prometheus' `model.Duration.String()`: years and weeks only when exact (`90d`, not `12w6d`). */
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
