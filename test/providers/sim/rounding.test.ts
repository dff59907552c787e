/**
 * The sims round like a person (3–5 significant digits) but never past the golden's tolerance: a
 * 10-digit truth must stay creditable, the scorer's `withinTolerance` being the judge.
 */
import { describe, expect, it } from 'vitest';
import type { MeasurementSpec } from '../../../src/formats/golden/schema.js';
import { roundReported } from '../../../src/providers/sim/rounding.js';
import { withinTolerance } from '../../../src/scoring/coverage.js';

const spec = (truth: number, tolerance: MeasurementSpec['tolerance']) =>
  ({ id: 'x', unit: 'count', source: 'metrics', truth, tolerance, obtainable: true }) as MeasurementSpec;

describe('a sim reporting a value', () => {
  it('keeps 3 digits when the tolerance allows them', () => {
    expect(roundReported(0.23456, 3, { abs: 0.01 })).toBe(0.235);
  });

  it('keeps enough digits for a 10-digit truth to be credited', () => {
    for (const drawn of [3, 4, 5]) {
      const m = spec(1234567891, { abs: 0.5 });
      const v = roundReported(1234567891, drawn, m.tolerance);
      expect(withinTolerance(m, v)).toBe(true);
    }
  });

  it('keeps enough digits under a tight relative tolerance', () => {
    const m = spec(987654.321, { rel: 1e-7 });
    expect(withinTolerance(m, roundReported(987654.321, 3, m.tolerance))).toBe(true);
  });

  it('reports a value compared exactly (no tolerance) as observed', () => {
    expect(roundReported(1234.5678, 3, undefined)).toBe(1234.5678);
  });
});
