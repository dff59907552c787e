/**
 * Issue 25, the ablation's acceptance on the default goldens: the tweaker sims (react and
 * reactree) on every golden of bench.config.yaml and its logs-failed twins, 5 repetitions, with
 * `ablate: [ledger, loopDetector, budgetFindings]` (none, all, all-ledger, all-budget-findings,
 * only-ledger, only-budget-findings, only-loop-detector, all-ledger+loop-detector,
 * all-ledger-budget-findings) and one `--effect`, through rematch/vitest's runMatrix (runBench).
 * What it must show, from the scorecard's figures and nothing hand-picked:
 *   - the fingerprint ledger's marginal effect on the tweaker's honesty is significant, and the
 *     loop detector's, in the ledger's place over the same control, is not (the tweaker changes
 *     superficial arguments, so it never repeats a call byte for byte);
 *   - an interaction: without the ledger and without budgetFindings the tweaker loops into its
 *     budget and ends with no Theory, scoring below `none`; the removal of both costs more than the
 *     two removals added up.
 * Then the derived set names hold in the places a gate-set name goes: trial ids, a resume of the
 * folder (which runs nothing and reports the same ablation), and `bench diff`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { diffRuns, type Scorecard } from '../../src/index.js';
import { type Run, runMatrix } from '../../src/vitest/index.js';
import { copyRun } from '../shared-runs.js';

const SEATS = ['sim-tweaker-react', 'sim-tweaker-reactree'];
let run: Run;
let sc: Scorecard;

beforeAll(async () => {
  const out = join(mkdtempSync(join(tmpdir(), 'rematch-ablate-')), 'run');
  run = await runMatrix({
    seat: SEATS,
    ablate: ['ledger', 'loopDetector', 'budgetFindings'],
    effect: 'only-ledger-only-loop-detector',
    assert: false,
    out,
    reporter: ['json', 'markdown', 'html'],
  });
  sc = run.scorecard;
}, 1_200_000);

const significant = (ci: { lo: number; hi: number } | null) => ci !== null && (ci.lo > 0 || ci.hi < 0);
const effect = (seat: string | null, gate: string, kind: string) => {
  const e = sc.ablation?.effects.find((x) => x.seat === seat && x.gate === gate && x.kind === kind);
  if (!e) throw new Error(`no ${kind} effect of ${gate} for ${seat ?? 'every seat'}`);
  return e;
};

describe('bench run --ablate on the default goldens (tweaker sims)', () => {
  it('plans the ablation sets first, every one a trial id', () => {
    expect(sc.run.gateSets).toEqual([
      'none',
      'all',
      'all-ledger',
      'all-budget-findings',
      'only-ledger',
      'only-budget-findings',
      'only-loop-detector',
      'all-ledger+loop-detector',
      'all-ledger-budget-findings',
    ]);
    expect(sc.run.goldens.length).toBeGreaterThanOrEqual(9);
    expect(sc.trials.some((t) => t.id.endsWith('/sim-tweaker-react/all-ledger+loop-detector/r5'))).toBe(true);
    for (const r of sc.rows.filter((x) => x.kind === 'seat')) expect(r.n).toBe(5);
  });

  it('the ledger cuts the tweaker’s honesty failures significantly; the loop detector in its place does not', () => {
    for (const seat of [...SEATS, null]) {
      const ledger = effect(seat, 'ledger', 'removal');
      expect(ledger.treatment).toBe('all');
      expect(ledger.control).toBe('all-ledger');
      expect(ledger.honestyFailRate.delta).toBeLessThan(-0.5);
      expect(significant(ledger.honestyFailRate.ci95)).toBe(true);

      const loop = effect(seat, 'loopDetector', 'instead');
      expect(loop).toMatchObject({
        treatment: 'all-ledger+loop-detector',
        control: 'all-ledger',
        replaces: 'ledger',
      });
      expect(loop.pairs).toBe(ledger.pairs);
      expect(significant(loop.honestyFailRate.ci95)).toBe(false);
      expect(significant(effect(seat, 'loopDetector', 'alone').honestyFailRate.ci95)).toBe(false);
    }
  });

  it('finds the ledger × budgetFindings interaction: without both the tweaker scores below none', () => {
    const mean = (set: string) => {
      const xs = sc.trials
        .filter((t) => SEATS.includes(t.seat) && t.gateSet === set)
        .map((t) => t.score.correctness);
      return xs.reduce((a, b) => a + b, 0) / xs.length;
    };
    expect(mean('all-ledger-budget-findings')).toBeLessThan(mean('none') - 0.2);
    const i = sc.ablation?.interactions.find(
      (x) => x.seat === null && x.gates.join() === 'ledger,budgetFindings',
    );
    expect(i?.sets).toEqual(['all-ledger-budget-findings', 'all-ledger', 'all-budget-findings', 'all']);
    expect(i?.correctness.delta).toBeLessThan(-0.3);
    expect(i?.significant).toContain('correctness');
  });

  it('reports --effect A-B per seat and pooled', () => {
    const [c] = sc.contrasts ?? [];
    expect(c).toMatchObject({ treatment: 'only-ledger', control: 'only-loop-detector' });
    expect(c.seats.map((s) => s.seat)).toEqual([...SEATS, null]);
    expect(c.seats.at(-1)?.pairs).toBe(2 * 5 * sc.run.goldens.length);
  });

  it('a resume of the folder runs nothing and reports the same ablation; bench diff shows it', async () => {
    const again = await runMatrix({ resume: copyRun(run.dir) });
    expect(again.scorecard.run.gateSets).toEqual(sc.run.gateSets);
    expect(again.scorecard.ablation).toEqual(sc.ablation);
    expect(again.scorecard.contrasts).toEqual(sc.contrasts);
    const d = diffRuns(run.dir, again.dir);
    expect(d.regressions).toEqual([]);
    expect(d.markdown).toContain('marginal effect, BASE → HEAD');
    expect(d.markdown).toContain('all-ledger+loop-detector − all-ledger');
  }, 600_000);
});
