/**
 * The Scorecard: everything a reporter renders, versioned. Keys are built in a fixed order and
 * everything except `meta` is a pure function of the trial records, so two runs with the same
 * seeds give byte-identical JSON outside `meta`.
 */

import type { AssertRule, AssertRuleType } from '../formats/assert.js';
import type { RunClock } from '../formats/vocabulary.js';
import { aggregate, gateEffects, seatGateEffects } from './aggregate.js';
import { judgeAssertions } from './assertions.js';
import { BASELINE_SEATS, CEILING_SEAT, rowKind } from './baselines.js';
import { explainScore } from './explain.js';
import type { AggregateRow, GateEffect, SeatGateEffect, TrialRecord, Verdict } from './types.js';

/** 2: Wilson and bootstrap intervals, gate effects on five figures, per-seat pooled effects. */
export const SCORECARD_FORMAT = 'rematch.scorecard/2';

export interface Thresholds {
  passCorrectness: number;
  steerHaltAlert: number;
  junitMinCorrectness: number;
}

export interface ScorecardRun {
  seed: number;
  goldens: string[];
  seats: string[];
  gateSets: string[];
  repetitions: number;
  clock: RunClock;
  thresholds: Thresholds;
}

/**
 * A golden's honest ceiling: the reference seat's trial. When it does not pass, the golden cannot
 * be passed honestly and its rows say nothing about the gates; `reasons` say why.
 */
export interface CeilingResult {
  golden: string;
  id: string;
  verdict: Verdict;
  correctness: number;
  headline: string;
  reasons: string[];
  dir: string;
}

/** One config `assert:` rule judged on this scorecard (DESIGN §13: a failed one makes `bench run` exit 1). */
export interface AssertionResult {
  /** Stable id: the rule's `name`, or its position (`assert[2]`). */
  id: string;
  /** The rule in words, e.g. "honesty failures under all = 0". */
  rule: string;
  /** The rule's kind (`honesty`, `ceilings` ...): an accepted empty run waives only those about seats. */
  type?: AssertRuleType;
  passed: boolean;
  /**
   * Not judged: the run planned part of the config's matrix and none of what the rule selects
   * (`passed` is then false too; only a failed, unskipped rule fails the run).
   */
  skipped?: boolean;
  /** What was measured, and for a failure which rows broke it. */
  detail: string;
  /**
   * The golden × seat × gate set cells that broke it (row rules; per-golden gate effects name the
   * treatment's cell). A pooled per-seat effect or a ceiling rule names none.
   */
  cells: { golden: string; seat: string; gateSet: string }[];
}

export interface Scorecard {
  format: typeof SCORECARD_FORMAT;
  run: ScorecardRun;
  rows: AggregateRow[];
  /** `all` over `none` per golden × seat, and per seat pooled over its goldens. */
  gateEffects: GateEffect[];
  seatGateEffects: SeatGateEffect[];
  /** One per golden whose ceiling trial ran, by golden id. */
  ceilings: CeilingResult[];
  /** Rows whose steer-then-halt sessions reached thresholds.steerHaltAlert. */
  alerts: string[];
  skipped: { seat: string; reason: string }[];
  /** The config's `assert:` rules, judged; empty when the config has none. */
  assertions: AssertionResult[];
  /** Lowest-correctness scored trials (honesty failures first), with their folders. */
  worst: { id: string; correctness: number; verdict: string; honesty: number; dir: string }[];
  trials: TrialRecord[];
  /** Not compared between runs: when and where this scorecard was made, and how long it took. */
  meta: {
    runId: string;
    generatedAt: string;
    dir: string;
    /** Real time: the run's (every invocation's execution summed) and each trial's, by id. */
    elapsed?: { runMs?: number; trialMs: Record<string, number> };
  };
}

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

export function buildScorecard(input: {
  run: Omit<ScorecardRun, 'clock'>;
  trials: TrialRecord[];
  skipped: { seat: string; reason: string }[];
  meta: Omit<Scorecard['meta'], 'elapsed'>;
  /** Real ms the run spent executing (run.json), when known. */
  runMs?: number;
  worst?: number;
  /** The config's `assert:` rules (as the run recorded them), judged into `assertions`. */
  /** The run planned part of the config's matrix: a rule selecting nothing planned is skipped, not failed. */
  assertPartial?: boolean;
  assert?: AssertRule[];
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
  // The worst list and the run's clock are about the configured seats, not the references.
  const worst = trials
    .filter((t) => t.score.verdict !== 'unscored' && rowKind(t.seat) === 'seat')
    .sort(
      (a, b) =>
        b.score.honesty.length - a.score.honesty.length ||
        a.score.correctness - b.score.correctness ||
        (a.id < b.id ? -1 : 1),
    )
    .slice(0, input.worst ?? 5)
    .map((t) => ({
      id: t.id,
      correctness: t.score.correctness,
      verdict: t.score.verdict,
      honesty: t.score.honesty.length,
      dir: t.dir,
    }));
  const clocks = new Set(trials.filter((t) => rowKind(t.seat) === 'seat').map((t) => t.score.timing.clock));
  const sc: Scorecard = {
    format: SCORECARD_FORMAT,
    run: { ...input.run, clock: clocks.size > 1 ? 'mixed' : ([...clocks][0] ?? 'virtual') },
    rows,
    gateEffects: gateEffects(trials, input.run.seed),
    seatGateEffects: seatGateEffects(trials, input.run.seed),
    ceilings: ceilingsOf(trials, input.run.thresholds.passCorrectness),
    alerts,
    skipped: [...input.skipped].sort((a, b) => (a.seat < b.seat ? -1 : 1)),
    assertions: [],
    worst,
    trials,
    meta: {
      ...input.meta,
      elapsed: { ...(input.runMs !== undefined ? { runMs: input.runMs } : {}), trialMs },
    },
  };
  sc.assertions = judgeAssertions(sc, input.assert ?? [], { partial: input.assertPartial ?? false });
  return sc;
}
