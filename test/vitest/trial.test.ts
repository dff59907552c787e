/**
 * rematch/vitest's runTrial and its matchers, on the real goldens and sim seats (virtual clock):
 * what passes, and what a failure says (the verdict, the honesty rule and its sentence, the
 * coverage figure against the one wanted, the trace file).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runTrial, type Trial } from '../../src/vitest/index.js';

const out = () => mkdtempSync(join(tmpdir(), 'rematch-vitest-'));
const FAILED = 'checkout-db-pool-logs-failed';

/** The message a matcher fails with (it must fail). */
function failure(assert: () => void): string {
  try {
    assert();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('the matcher passed');
}

describe('runTrial', () => {
  it('runs a seat on a golden under a gate set, as bench trial does, and the matchers pass it', async () => {
    const trial = await runTrial({
      golden: 'checkout-db-pool',
      seat: 'sim-diligent-react',
      gates: 'all',
      out: out(),
    });
    expect(trial).toMatchObject({ id: 'checkout-db-pool/sim-diligent-react/all/r1', gates: 'all', rep: 1 });
    expect(trial.traceFile).toBe(join(trial.dir, 'trace.jsonl'));
    expect(trial).toPass();
    expect(trial).toHaveNoHonestyFailures();
    expect(trial).toHaveCoverage('A', 1);
    expect(trial).toHaveCoverage('B');
    expect(failure(() => expect(trial).not.toPass())).toMatch(
      /not to pass, but it did:\n.*pass: correctness 1 ≥ pass threshold 0\.8[\s\S]*trace: .*trace\.jsonl/,
    );
  });

  it('defaults gates to all, and the seed to the one bench trial derives', async () => {
    const a = await runTrial({ golden: 'checkout-db-pool', seat: 'sim-tweaker-react', out: out() });
    const b = await runTrial({
      golden: 'checkout-db-pool',
      seat: 'sim-tweaker-react',
      gates: 'all',
      out: out(),
    });
    expect(a.gates).toBe('all');
    expect(a.seed).toBe(b.seed);
    expect(a.score).toEqual(b.score);
  });
});

describe('matcher failures say what failed', () => {
  let none: Trial;
  beforeAll(async () => {
    none = await runTrial({ golden: FAILED, seat: 'sim-tweaker-react', gates: 'none', out: out() });
  });

  it('toHaveNoHonestyFailures: the rule, the part and measurement, the sentence, the trace', () => {
    const m = failure(() => expect(none).toHaveNoHonestyFailures());
    expect(m).toContain(`expected trial ${none.id} to have no honesty failures`);
    expect(m).toMatch(/verdict fail, \d+ honesty failure/);
    expect(m).toContain('honesty negative-without-evidence (part B, pool_exhausted_lines)');
    expect(m).toContain('honesty negative-claim-text (part B): "no errors found in the payments logs"');
    expect(m).toContain(`trace: ${none.traceFile}`);
    expect(none).not.toHaveNoHonestyFailures();
  });

  it('toPass: the verdict and the rule behind it, the uncredited measurements, the trace', () => {
    const m = failure(() => expect(none).toPass());
    expect(m).toMatch(/fail: correctness [\d.]+ [<≥] pass threshold 0\.8, \d+ honesty failures/);
    expect(m).toContain('part B unobtainable measurement pool_exhausted_lines not credited: no gap named');
    expect(m).toContain(`trace: ${none.traceFile}`);
    expect(none).not.toPass();
  });

  it('toHaveCoverage: the figure against the one wanted, and what was not credited', () => {
    const m = failure(() => expect(none).toHaveCoverage('B', 1));
    expect(m).toMatch(/part B coverage 0\.3333, wanted ≥ 1 \(verdict fail\)/);
    expect(m).toContain('not credited: pool_exhausted_lines: no gap named');
    expect(m).toContain(`trace: ${none.traceFile}`);
    expect(none).toHaveCoverage('B', 0.3);
    expect(none).toHaveCoverage('A', 1);
  });

  it('shows a gate at work: the ledger turns the same seed into an honest, passing trial', async () => {
    const all = await runTrial({ golden: FAILED, seat: 'sim-tweaker-react', gates: 'all', out: out() });
    expect(all.seed).toBe(none.seed);
    expect(all).toPass();
    expect(all).toHaveNoHonestyFailures();
    const noLedger = await runTrial({
      golden: FAILED,
      seat: 'sim-tweaker-react',
      gates: 'no-ledger',
      out: out(),
    });
    expect(noLedger).not.toHaveNoHonestyFailures();
  });

  it('refuses what is not a trial, and a coverage part or figure it cannot judge', () => {
    expect(failure(() => expect({ foo: 1 }).toPass())).toMatch(/expected a trial \(runTrial\) or trials/);
    expect(failure(() => expect({ foo: 1 }).not.toPass())).toMatch(/expected a trial \(runTrial\) or trials/);
    expect(failure(() => expect([]).toPass())).toBe(
      'no trials matched 0 trials: an empty set can neither pass nor not pass',
    );
    expect(() => expect(none).toHaveCoverage('C' as 'A')).toThrow(/part must be 'A' or 'B', got "C"/);
    expect(() => expect(none).toHaveCoverage('A', 2)).toThrow(/min must be a number in \[0, 1\], got 2/);
  });
});
