/** Prometheus' JSON float formatting: Go `strconv.FormatFloat(v, 'f', -1, 64)` plus NaN/±Inf. */
export function formatPromFloat(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Number.POSITIVE_INFINITY) return '+Inf';
  if (v === Number.NEGATIVE_INFINITY) return '-Inf';
  if (Object.is(v, -0)) return '-0';
  const s = String(v);
  const e = s.indexOf('e');
  if (e < 0) return s;
  // Expand JS's exponent form (shortest round-trip digits) into plain decimal notation.
  const neg = s.startsWith('-');
  const mant = s.slice(neg ? 1 : 0, e);
  const exp = Number(s.slice(e + 1));
  const dot = mant.indexOf('.');
  const digits = mant.replace('.', '');
  const intLen = (dot < 0 ? mant.length : dot) + exp;
  let out: string;
  if (intLen <= 0) out = `0.${'0'.repeat(-intLen)}${digits}`;
  else if (intLen >= digits.length) out = digits + '0'.repeat(intLen - digits.length);
  else out = `${digits.slice(0, intLen)}.${digits.slice(intLen)}`;
  return neg ? `-${out}` : out;
}
