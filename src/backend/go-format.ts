/**
 * How Go prints the values the Prometheus and Loki APIs put in their bodies and error texts:
 * `time.Time` in JSON (RFC3339Nano) and `strconv.FormatFloat(v, 'e', -1, 64)`. Durations
 * (`time.Duration`'s `1h0m0s`, Prometheus' `model.Duration`'s `30d1h`) are printed by
 * formats/time.ts, which the world's log generators share.
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

/**
 * Go's encoding/json escaping of `<`, `>`, `&`, U+2028 and U+2029 (jsoniter's standard mode
 * too): applied to JSON text whole, since those characters occur in JSON only inside strings.
 */
export function goEscapeJson(text: string): string {
  return text.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
