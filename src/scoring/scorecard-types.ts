/**
 * The Scorecard's shape, apart from how it is built (scorecard.ts): the assertion judge and the
 * reporters read these types without importing the builder that calls them.
 */
import type { AssertRuleType } from '../formats/assert.js';
import type { RunClock } from '../formats/vocabulary.js';
import type { JudgeSummary } from './judge/index.js';
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
  /** Priced seats' prices (USD per MTok) with their source and date: where the cost column comes from. */
  pricing?: Record<string, { inputPerMTok: number; outputPerMTok: number; source?: string; asOf?: string }>;
  /** The run's spend cap, USD. */
  maxCost?: number;
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
  /**
   * The LLM judge's second opinion (config `judge:`), when any trial was graded: agreement with the
   * scorer per row and the disagreements. Never part of a verdict.
   */
  judge?: JudgeSummary;
  /** Not compared between runs: when and where this scorecard was made, and how long it took. */
  meta: {
    runId: string;
    generatedAt: string;
    dir: string;
    /** Real time: the run's (every invocation's execution summed) and each trial's, by id. */
    elapsed?: { runMs?: number; trialMs: Record<string, number> };
  };
}
