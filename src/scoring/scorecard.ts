/**
 * The Scorecard built: everything a reporter renders, versioned. Its shape is the schema's
 * (formats/run/scorecard.ts); keys are built here in a fixed order and everything except `meta` is
 * a pure function of the trial records, so two runs with the same seeds give byte-identical JSON
 * outside `meta`.
 */

import type { AssertRule } from '../formats/assert.js';
import type { JudgeRecord } from '../formats/judge.js';
import { SCORECARD_FORMAT } from '../formats/run/index.js';
import { ablationOf, contrastOf } from './ablation.js';
import { aggregate, gateEffects, seatGateEffects } from './aggregate.js';
import { type AssertMatrix, judgeAssertions } from './assert/index.js';
import { BASELINE_SEATS, CEILING_SEAT, rowKind } from './baselines.js';
import { explainScore } from './explain.js';
import { judgeSummary } from './judge/index.js';
import type { CeilingResult, Scorecard, ScorecardRun, TrialRecord } from './types.js';
import { worstTrials } from './worst.js';

export function isBaseline(seat: string): boolean {
  return (BASELINE_SEATS as readonly string[]).includes(seat);
}

export function isCeiling(seat: string): boolean {
  return seat === CEILING_SEAT;
}

function ceilingsOf(trials: TrialRecord[], passCorrectness: number): CeilingResult[] {
  return trials
    .filter((t) => isCeiling(t.seat))
    .sort((a, b) => (a.golden < b.golden ? -1 : a.golden > b.golden ? 1 : a.rep - b.rep))
    .map((t) => {
      const why = explainScore(t.score, { passCorrectness });
      return {
        golden: t.golden,
        id: t.id,
        verdict: t.score.verdict,
        correctness: t.score.correctness,
        headline: why.headline,
        reasons: why.reasons,
        dir: t.dir,
      };
    });
}

/** Present only when the run holds derived gate sets or asked for `--effect`: a plain run's scorecard is unchanged. */
function ablationAndContrasts(
  trials: TrialRecord[],
  run: Omit<ScorecardRun, 'clock'>,
): Pick<Scorecard, 'ablation' | 'contrasts'> {
  const ablation = ablationOf(trials, run.seed);
  const contrasts = (run.effects ?? []).map((e) => contrastOf(trials, run.seed, e.treatment, e.control));
  return { ...(ablation ? { ablation } : {}), ...(contrasts.length ? { contrasts } : {}) };
}

export function buildScorecard(input: {
  run: Omit<ScorecardRun, 'clock'>;
  trials: TrialRecord[];
  skipped: { seat: string; reason: string }[];
  meta: Omit<Scorecard['meta'], 'elapsed'>;
  /** Real ms the run spent executing (run.json), when known. */
  runMs?: number;
  worst?: number;
  /** The run planned part of the config's matrix: a rule selecting nothing planned is skipped, not failed. */
  assertPartial?: boolean;
  /** With assertPartial: the config's matrix (goldens, seats, gate sets) the rules are about. */
  assertMatrix?: AssertMatrix;
  /** The config's `assert:` rules (as the run recorded them), judged into `assertions`. */
  assert?: AssertRule[];
  /** The LLM judge's records (judge.json) by trial id: reported beside the scores, never in them. */
  judge?: Readonly<Record<string, JudgeRecord>>;
}): Scorecard {
  // Real time differs on every run: it goes to `meta`, so the rest stays a function of the seeds.
  const trialMs: Record<string, number> = {};
  const trials = [...input.trials]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map(({ elapsedMs, ...t }) => {
      if (elapsedMs !== undefined) trialMs[t.id] = elapsedMs;
      return t;
    });
  const rows = aggregate(trials, input.run.seed);
  const limit = Math.max(1, input.run.thresholds.steerHaltAlert);
  const alerts = rows
    .filter((r) => r.steerThenHalt > 0 && r.steerThenHalt >= limit)
    .map(
      (r) =>
        `steer-then-halt: ${r.golden} × ${r.seat} × ${r.gateSet}: ${r.steerThenHalt} of ${r.n} sessions were steered and then halted`,
    );
  const clocks = new Set(trials.filter((t) => rowKind(t.seat) === 'seat').map((t) => t.score.timing.clock));
  const sc: Scorecard = {
    format: SCORECARD_FORMAT,
    run: { ...input.run, clock: clocks.size > 1 ? 'mixed' : ([...clocks][0] ?? 'virtual') },
    rows,
    gateEffects: gateEffects(trials, input.run.seed),
    seatGateEffects: seatGateEffects(trials, input.run.seed),
    ...ablationAndContrasts(trials, input.run),
    ceilings: ceilingsOf(trials, input.run.thresholds.passCorrectness),
    alerts,
    skipped: [...input.skipped].sort((a, b) => (a.seat < b.seat ? -1 : 1)),
    assertions: [],
    worst: [],
    trials,
    meta: {
      ...input.meta,
      elapsed: { ...(input.runMs !== undefined ? { runMs: input.runMs } : {}), trialMs },
    },
  };
  sc.assertions = judgeAssertions(sc, input.assert ?? [], {
    partial: input.assertPartial ?? false,
    ...(input.assertMatrix ? { matrix: input.assertMatrix } : {}),
  });
  // The worst list and the run's clock are about the configured seats, not the references; the
  // worst trials are ranked by the assertions they break (scoring/worst.ts).
  const seatTrials = trials.filter((t) => rowKind(t.seat) === 'seat');
  sc.worst = worstTrials(seatTrials, sc.assertions, input.worst ?? 5);
  // after the assertions, which must not see it: the judge is a second opinion, never a verdict
  const judge = input.judge ? judgeSummary(trials, input.judge) : undefined;
  if (judge) sc.judge = judge;
  return sc;
}
