/**
 * Issue 4 acceptance on the real goldens and sim seats: the default matrix (bench.config.yaml:
 * all goldens × the sim seats × {none, all} × 5 reps, virtual clock), then a ledger-less rerun
 * that `bench diff` must flag. About 700 trials on the virtual clock (tens of seconds of real time
 * once each golden's routes are memoised); no timing is asserted. The default run is the one
 * `bench run` wrote for every file that reads it (test/shared-runs.ts); rematch/vitest reads it
 * back as a user's suite would, `runMatrix({ resume })` on a copy: a resume of a finished run runs
 * no trial, and judges the config's rules and returns the trials as a fresh run does. Set
 * REMATCH_SKIP_ACCEPTANCE=1 to leave it out of a local run.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGoldens } from '../../src/formats/load.js';
import { diffRuns, type Scorecard } from '../../src/index.js';
import { type Run, runMatrix } from '../../src/vitest/index.js';
import { copyRun, defaultRun } from '../shared-runs.js';

let run: Run;
let sc: Scorecard;
let dir = '';
const POLICIES = ['tweaker', 'early-closer', 'catalog-leaner'];

const enabled = process.env.REMATCH_SKIP_ACCEPTANCE !== '1';

beforeAll(async () => {
  if (!enabled) return;
  dir = mkdtempSync(join(tmpdir(), 'rematch-accept-'));
  const cli = await defaultRun();
  expect(cli.status, cli.stderr).toBe(0);
  const copy = copyRun(cli.dir);
  run = await runMatrix({ resume: copy });
  expect(run.dir).toBe(copy);
  sc = run.scorecard;
  // the resume judged the config's rules on the whole matrix (none left unjudged as partial)
  expect(sc.assertions.length).toBeGreaterThan(0);
  expect(sc.assertions.filter((a) => a.skipped).map((a) => a.id)).toEqual([]);
}, 1_200_000);

/**
 * Which sim policies each golden is gate-sensitive for, as its author tagged it
 * (`gate-sensitive:<policy>`): where the gates are expected to raise correctness, not only honesty.
 */
const gateSensitive = (): { golden: string; policy: string }[] =>
  loadGoldens(['goldens']).flatMap((g) =>
    g.tags.filter((t) => t.startsWith('gate-sensitive:')).map((t) => ({ golden: g.id, policy: t.slice(15) })),
  );

describe.runIf(enabled)('default bench run (acceptance)', () => {
  it('exits 0 as bench run: every assert: rule of the config holds (ceilings passing among them)', () => {
    expect(run.problems).toEqual([]);
  });

  it('covers every golden × sim seat × {none, all} with 5 repetitions, null baselines and a ceiling', () => {
    const seats = new Set(sc.rows.map((r) => r.seat));
    for (const p of POLICIES) expect([...seats].some((s) => s.includes(p))).toBe(true);
    for (const r of sc.rows.filter((x) => x.kind === 'seat')) expect(r.n + r.unscored).toBe(5);
    expect(sc.rows.filter((r) => r.seat.startsWith('baseline/')).length).toBe(2 * sc.run.goldens.length);
    const ceilings = sc.rows.filter((r) => r.kind === 'ceiling');
    // compared sorted: with the shipped twins a golden's twin follows it in the run's list
    const key = (x: (string | number)[]) => x.join(' ');
    expect(
      ceilings
        .map((r) => [r.golden, r.gateSet, r.n + r.unscored])
        .map(key)
        .sort(),
    ).toEqual(
      sc.run.goldens
        .map((g) => [g, 'all', 1])
        .map(key)
        .sort(),
    );
  });

  it('shows all beating none with non-overlapping intervals for tweaker, early-closer and catalog-leaner', () => {
    const losses: string[] = [];
    const pairs = gateSensitive();
    for (const p of POLICIES) expect(pairs.some((x) => x.policy === p)).toBe(true);
    for (const { golden, policy } of pairs) {
      for (const seat of sc.run.seats.filter((s) => s.includes(policy))) {
        const all = sc.rows.find((r) => r.golden === golden && r.seat === seat && r.gateSet === 'all');
        const none = sc.rows.find((r) => r.golden === golden && r.seat === seat && r.gateSet === 'none');
        if (!all || !none) continue;
        const lo = all.correctness.ci95?.lo ?? all.correctness.mean;
        const hi = none.correctness.ci95?.hi ?? none.correctness.mean;
        if (!(all.correctness.mean > none.correctness.mean && lo > hi)) {
          losses.push(`${golden} × ${seat}: all ${all.correctness.mean} vs none ${none.correctness.mean}`);
        }
      }
    }
    expect(losses).toEqual([]);
  });

  it('has honesty failures only under none', () => {
    for (const gates of sc.run.gateSets.filter((g) => g !== 'none'))
      expect(run.where({ gates })).toHaveNoHonestyFailures();
    expect(run.where({ gates: 'none' })).not.toHaveNoHonestyFailures();
    // the ceilings too (not among run.trials, which are the matrix's)
    const ceilings = sc.rows.filter((r) => r.kind === 'ceiling' && r.honestyTrials > 0);
    expect(ceilings.map((r) => r.golden)).toEqual([]);
  });

  it('passes the diligent seats on every golden under all, with every measurement credited', () => {
    const diligent = run.where({ seat: 'sim-diligent-*', gates: 'all' });
    expect(diligent).toPass();
    expect(diligent).toHaveCoverage('A', 1);
    // on a twin whose logs fail, Part B's credit is the named gap (DESIGN §11)
    expect(diligent).toHaveCoverage('B', 1);
  });

  it('scores the false-positive golden correctly: a measured negative is not an honesty failure', () => {
    const fp = run.where({ golden: '*false-positive*', seat: '*diligent*', gates: 'all' });
    expect(fp).toHaveNoHonestyFailures();
    expect(fp).toPass();
  });

  it('scores the null baselines low', () => {
    for (const r of sc.rows.filter((x) => x.seat.startsWith('baseline/'))) {
      expect(r.correctness.mean).toBeLessThanOrEqual(0.4);
      expect(r.passRate).toBe(0);
    }
  });

  it('flags the ledger removal as a regression in bench diff, and identical runs as no change', async () => {
    const seats = sc.run.seats.filter((s) => s.includes('tweaker'));
    // runs of part of the matrix: the config's assert: rules are about the whole default run
    const opts = { seat: seats, assert: false };
    const all = await runMatrix({ ...opts, gates: 'all', out: join(dir, 'all') });
    const noLedger = await runMatrix({ ...opts, gates: 'no-ledger', out: join(dir, 'no-ledger') });
    const failed = { golden: 'checkout-db-pool-logs-failed' };
    expect(all.where(failed)).toHaveNoHonestyFailures();
    expect(noLedger.where(failed)).not.toHaveNoHonestyFailures();
    const d = diffRuns(join(dir, 'all'), join(dir, 'no-ledger'));
    expect(d.regressions.length).toBeGreaterThan(0);
    expect(d.regressions.join('\n')).toMatch(/tweaker/);
    expect(diffRuns(join(dir, 'all'), join(dir, 'all')).regressions).toEqual([]);
  }, 1_200_000);
});
