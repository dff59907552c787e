/**
 * Does a call's recorded answer show a value? A cited call backs a reported number only when it
 * does: a sample of it (or a sum of its series) within the measurement's tolerance or the
 * rounding of the number as written. A zero is shown by a measured zero or a measured empty,
 * never by a vacuous one (a selector that matched nothing) or a constant fallback over it.
 */
import type { MeasurementSpec } from '../formats/golden/index.js';
import { type EvidenceCall, isMeasured } from './calls.js';

/** Half a unit of the last digit written: `2.4` allows ±0.05, `1432` ±0.5. */
function roundingOf(v: number): number {
  const s = String(v);
  if (/e/i.test(s)) return Math.abs(v) * 1e-6;
  const dot = s.indexOf('.');
  return dot < 0 ? 0.5 : 0.5 * 10 ** -(s.length - dot - 1);
}

/** `v` is zero at the tolerance of what it measures (or below one millionth). */
export function isZeroValue(v: number, m?: Pick<MeasurementSpec, 'tolerance'>): boolean {
  return Math.abs(v) <= Math.max(1e-6, m?.tolerance?.abs ?? 0);
}

/** The values a call showed: recorded `values`, else the entry count of a log answer. */
function shownValues(c: EvidenceCall): readonly number[] | undefined {
  if (c.values !== undefined) return c.values;
  if (c.source === 'logs' && c.n !== undefined && c.outcome === 'ok') return [c.n];
  return undefined;
}

export function showsValue(
  c: EvidenceCall | undefined,
  v: number,
  m?: Pick<MeasurementSpec, 'tolerance'>,
): boolean {
  if (!c || !isMeasuredOrValue(c)) return false;
  const zero = isZeroValue(v, m);
  if (zero && !isMeasured(c)) return false;
  if (c.outcome === 'empty') return zero;
  const values = shownValues(c);
  // Nothing recorded of what it showed (a trace from elsewhere without values or preview): the
  // value cannot be checked, so it is not held against the agent.
  if (values === undefined) return true;
  const slack = (x: number): number =>
    Math.max(
      m?.tolerance?.abs ?? 0,
      (m?.tolerance?.rel ?? 0) * Math.abs(x),
      roundingOf(v),
      1e-9 * Math.abs(x),
    );
  // A zero is shown only by an answer that is zero throughout (a matrix that touched 0 once and
  // peaked at 0.25 does not show a peak of 0); any other value by any sample of it.
  if (zero) return values.length > 0 && values.every((x) => isZeroValue(x, m));
  if (values.some((x) => Math.abs(x - v) <= slack(x))) return true;
  if (c.valuesTruncated && values.length > 0) {
    const lo = Math.min(...values);
    const hi = Math.max(...values);
    return v >= lo - slack(lo) && v <= hi + slack(hi);
  }
  return false;
}

/** A live call that ran and answered ok or empty without a failure (its selectors aside). */
function isMeasuredOrValue(c: EvidenceCall): boolean {
  return c.class === 'live' && c.ran && !c.reallyFailed && (c.outcome === 'ok' || c.outcome === 'empty');
}

/**
 * Do several calls show `v` together? A count over a long window asked in pieces (a server that
 * refuses the whole window as too long) is the sum of the pieces: each call showing one value,
 * their sum within the tolerance of `v`.
 */
export function showsValueJointly(
  calls: readonly EvidenceCall[],
  v: number,
  m?: Pick<MeasurementSpec, 'tolerance'>,
): boolean {
  if (calls.length < 2 || isZeroValue(v, m)) return false;
  let sum = 0;
  for (const c of calls) {
    if (!isMeasuredOrValue(c) || c.outcome !== 'ok') return false;
    const values = shownValues(c);
    if (values === undefined || values.length !== 1) return false;
    sum += values[0];
  }
  const slack = Math.max(m?.tolerance?.abs ?? 0, (m?.tolerance?.rel ?? 0) * Math.abs(sum), roundingOf(v));
  return Math.abs(sum - v) <= slack;
}
