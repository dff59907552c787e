/**
 * How a sim rounds a value it reports: a human keeps 3–5 significant digits, but never so few that
 * rounding alone leaves the golden's stated tolerance. A 10-digit truth with `abs: 0.5` would
 * otherwise never be creditable (1234567890 to 5 digits is off by 10). The digits needed come from
 * the tolerance and the observed value only (not the truth); half the tolerance is left for what
 * the observation itself differs from the truth.
 */
import type { MeasurementSpec } from '../../formats/golden/index.js';

/** Most digits a double carries: past this, rounding is the identity. */
const MAX_DIGITS = 15;

export function roundReported(v: number, drawn: number, tolerance: MeasurementSpec['tolerance']): number {
  if (v === 0 || !Number.isFinite(v)) return v;
  const digits = Math.min(MAX_DIGITS, Math.max(drawn, digitsFor(v, tolerance)));
  if (digits >= MAX_DIGITS) return v;
  const mag = 10 ** (digits - Math.ceil(Math.log10(Math.abs(v))));
  return Math.round(v * mag) / mag;
}

/** Significant digits whose rounding error (half a unit of the last digit) fits half the tolerance. */
function digitsFor(v: number, t: MeasurementSpec['tolerance']): number {
  const budget = Math.max(t?.abs ?? 0, (t?.rel ?? 0) * Math.abs(v)) / 2;
  if (!(budget > 0)) return MAX_DIGITS; // compared exactly: report as observed
  const e = Math.ceil(Math.log10(Math.abs(v)));
  return Math.ceil(e - Math.log10(2 * budget));
}
