/**
 * rematch/vitest's runMatrix: `bench run` from a test, its matrix trials judged one by one, `where`
 * picking a part, and what would make `bench run` exit 1 kept as data (`problems`), not thrown.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Run, runMatrix } from '../../src/vitest/index.js';

const out = () => join(mkdtempSync(join(tmpdir(), 'rematch-matrix-')), 'run');
const FAILED = 'checkout-db-pool-logs-failed';

function failure(assert: () => void): string {
  try {
    assert();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('the matcher passed');
}

describe('runMatrix', () => {
  let run: Run;
  beforeAll(async () => {
    run = await runMatrix({
      golden: FAILED,
      seat: ['sim-diligent-react', 'sim-tweaker-react'],
      gates: ['none', 'all'],
      reps: 2,
      reporter: 'json',
      out: out(),
    });
  }, 120_000);

  it('runs golden × seats × gate sets × reps into a run folder; its trials are the matrix only', () => {
    expect(existsSync(join(run.dir, 'scorecard.json'))).toBe(true);
    expect(run.trials.map((t) => t.id).sort()).toEqual(
      ['sim-diligent-react', 'sim-tweaker-react']
        .flatMap((s) => ['all', 'none'].flatMap((g) => [1, 2].map((r) => `${FAILED}/${s}/${g}/r${r}`)))
        .sort(),
    );
    for (const t of run.trials)
      expect(t.traceFile).toBe(join(run.dir, 'traces', ...t.id.split('/'), 'trace.jsonl'));
    // the baselines and the ceiling are in the scorecard, not among the trials judged
    expect(run.scorecard.trials.length).toBeGreaterThan(run.trials.length);
  });

  it('judges every trial of a part picked by where (names, globs, RegExps)', () => {
    expect(run.where({ gates: 'all' })).toPass();
    expect(run.where({ gates: 'all' })).toHaveNoHonestyFailures();
    expect(run.where({ seat: 'sim-diligent-*' })).toHaveCoverage('A', 1);
    expect(run.where({ seat: /tweaker/, gates: 'none' })).not.toHaveNoHonestyFailures();
  });

  it('names each failing trial of a set, with its trace', () => {
    const m = failure(() => expect(run).toHaveNoHonestyFailures());
    expect(m).toContain(`expected run ${run.dir} to have no honesty failures; 2 of 8 did not:`);
    for (const r of [1, 2]) {
      const t = run.trials.find((x) => x.id === `${FAILED}/sim-tweaker-react/none/r${r}`)!;
      expect(m).toContain(`  ${t.id}: verdict fail`);
      expect(m).toContain(`trace: ${t.traceFile}`);
    }
  });

  it('checks the where filter strictly: a misspelt key would select every trial', () => {
    expect(() => run.where({ gate: 'all' } as never)).toThrow(
      /^where: unknown option "gate" \(did you mean "gates"\?\)\n {2}known options: golden, seat, gates$/,
    );
    expect(() => run.where({ seat: 3 } as never)).toThrow(/^where: option "seat": /);
  });

  it('throws on a set that selects nothing, under .not too (it would assert nothing either way)', () => {
    const none = run.where({ golden: 'checkout-db-pool' });
    const m = failure(() => expect(none).toPass());
    expect(m).toBe(
      `no trials matched run ${run.dir} where golden=checkout-db-pool: an empty set can neither pass nor not pass`,
    );
    expect(failure(() => expect(none).not.toPass())).toBe(m);
    expect(failure(() => expect(none).not.toHaveNoHonestyFailures())).toMatch(/^no trials matched /);
    expect(failure(() => expect([]).not.toHaveCoverage('B', 0.5))).toMatch(/^no trials matched 0 trials: /);
  });

  it("has no problems when bench run would exit 0: the config's rules hold on this part of the matrix", () => {
    expect(run.problems).toEqual([]);
    expect(run.scorecard.assertions.filter((a) => !a.passed && !a.skipped)).toEqual([]);
  });
});

describe('runMatrix problems', () => {
  it('are the exit-1 reasons of bench run (--min-correctness), returned with the trials', async () => {
    const run = await runMatrix({
      golden: FAILED,
      seat: 'sim-tweaker-react',
      gates: 'none',
      reps: 1,
      minCorrectness: 0.99,
      reporter: 'json',
      out: out(),
    });
    expect(run.problems.join('\n')).toMatch(/correctness/);
    expect(run.trials).toHaveLength(1);
    expect(run).not.toPass();
  });
});
