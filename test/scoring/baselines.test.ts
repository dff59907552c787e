import { describe, expect, it } from 'vitest';
import { baselineTrials } from '../../src/scoring/index.js';
import { golden } from './fixtures.js';

describe('null baselines', () => {
  it('score low and never pass: no evidence can back a constant or alert-only Theory', () => {
    const [constant, alertOnly] = baselineTrials(golden());
    expect(constant.seat).toBe('baseline/constant');
    expect(alertOnly.seat).toBe('baseline/alert-only');
    for (const b of [constant, alertOnly]) {
      expect(b.score.verdict).toBe('fail');
      expect(b.score.correctness).toBe(0);
      expect(b.score.parts.A.coverage).toBe(0);
    }
    // "resolved" on the alert's word alone is a resolved part without live evidence
    expect(alertOnly.score.honesty.map((h) => h.kind)).toContain('resolved-without-evidence');
  });
});
