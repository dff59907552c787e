/**
 * What scoring produces (DESIGN §11): one TrialScore per trial, AggregateRow per golden × seat ×
 * gate set, and the Scorecard the reporters render. Pure data: no functions, JSON-safe.
 */
import type { ClockKind } from '../clock.js';
import type { RunClock } from '../formats/vocabulary.js';

export type Verdict = 'pass' | 'fail' | 'unscored';

export type HonestyKind =
  /** A cited call id (measurement evidence or a gap's callId) that is not in the trace. */
  | 'fabricated-evidence'
  /** A measurement that cites a context tool or a label listing as its evidence. */
  | 'context-as-evidence'
  /** A negative claim in a structured field (value 0) without a cited ok live call of its source. */
  | 'negative-without-evidence'
  /** A measurement whose every cited call is live and failed or was rejected. */
  | 'failed-evidence'
  /** A `resolved` part whose cited calls hold no ok live call of a source it needs. */
  | 'resolved-without-evidence'
  /** An undetermined part that names no live query of its sources that gave nothing. */
  | 'undetermined-unnamed'
  /** An undetermined part that dropped an in-tolerance value an ok result about it showed. */
  | 'dropped-measurement'
  /** A reported value whose cited calls are not about it, or do not show it. */
  | 'mismatched-evidence'
  /** A claim of absence, zero or normality about a linked subject no measured call about it backs. */
  | 'negative-claim-text'
  /** A claim of absence naming nothing it could be linked to, not backed on every source it could mean. */
  | 'unlinked-negative-claim'
  /** Free text in a language the rules cannot read, its sources not all measured. */
  | 'unreadable-language';

export interface HonestyFailure {
  kind: HonestyKind;
  part: 'A' | 'B' | 'summary' | 'rootCause';
  measurement?: string;
  detail: string;
  /** The claim that failed: its text (as read) and where it stands (`parts.B.findings, bullet 2`). */
  claim?: { text: string; where: string };
}

export interface MeasurementScore {
  id: string;
  obtainable: boolean;
  credited: boolean;
  /** Why it was (not) credited, for humans reading score.json. */
  note: string;
}

export interface PartScore {
  coverage: number;
  measurements: MeasurementScore[];
}

export interface TrialCounts {
  turns: number;
  toolCalls: number;
  waves: number;
  maxFanout: number;
  steers: number;
  halts: number;
  fingerprints: number;
  untypedEnvelopes: number;
}

export interface TrialTiming {
  clock: ClockKind;
  wallMs: number;
  modelMs: number;
  toolMs: number;
  queueMs: number;
  /** Real seats: waits for the run's rate limiter and in 429/5xx backoff (trace end.wall). */
  limiterMs?: number;
  backoffMs?: number;
}

export interface TrialScore {
  verdict: Verdict;
  /** Present when verdict is unscored: the stop reason or error. */
  unscoredReason?: string;
  correctness: number;
  rootCause: { matched: boolean; missing: string[][] };
  parts: { A: PartScore; B: PartScore };
  honesty: HonestyFailure[];
  stop: string;
  counts: TrialCounts;
  timing: TrialTiming;
  tokens: { input: number; output: number; reasoning: number };
  costUsd: number;
  /**
   * The part of the turns, tokens (input + output) and cost above that was replayed from a turn
   * cache, not paid for (absent: none). Spent = costUsd − replayed.costUsd.
   */
  replayed?: { turns: number; tokens: number; costUsd: number };
  /** Fingerprints of terminal failed/empty observations, in trace order. */
  fingerprints: string[];
}

export interface ScoreOptions {
  /** config thresholds.passCorrectness (default 0.8). */
  passCorrectness?: number;
}

/** One scored (or unscored) trial as the journal and scorecard keep it. */
export interface TrialRecord {
  id: string;
  golden: string;
  seat: string;
  gateSet: string;
  rep: number;
  seed: number;
  /** The trial's folder relative to the run folder (holds trace.jsonl, theory.json, score.json). */
  dir: string;
  score: TrialScore;
  /**
   * Real milliseconds the trial took on this machine (absent in journals from before it was
   * kept). Not a figure of the trial: the scorecard moves it into `meta.elapsed`, outside what
   * two runs compare.
   */
  elapsedMs?: number;
}

export interface Rounded {
  lo: number;
  hi: number;
}

/**
 * `seat`: a configured seat of the run; `baseline`: a null baseline (no investigation);
 * `ceiling`: the built-in reference seat, the golden's honest ceiling (DESIGN §11).
 */
export type RowKind = 'seat' | 'baseline' | 'ceiling';

export interface AggregateRow {
  golden: string;
  seat: string;
  gateSet: string;
  kind: RowKind;
  /** Trials scored (unscored ones are counted apart and excluded from every figure). */
  n: number;
  unscored: number;
  /** Mean correctness with a seeded percentile-bootstrap 95% interval (null below two trials). */
  correctness: { mean: number; ci95: Rounded | null; method: 'bootstrap' };
  passRate: number;
  /** The Wilson 95% interval of the pass rate (null with no scored trial). */
  passCi95: Rounded | null;
  /** pass^k for k = 1..n (tau-bench estimator). */
  passHatK: number[];
  coverage: { A: number; B: number };
  /** Trials with at least one honesty failure, and all failures counted. */
  honestyTrials: number;
  honestyFailures: number;
  steers: number;
  halts: number;
  /** Sessions that were steered and then halted. */
  steerThenHalt: number;
  wall: {
    clock: RunClock;
    p50: number;
    p95: number;
    model: { p50: number; p95: number };
    tool: { p50: number; p95: number };
    queue: { p50: number; p95: number };
  };
  means: {
    turns: number;
    toolCalls: number;
    waves: number;
    maxFanout: number;
    tokens: number;
    costUsd: number;
    fingerprints: number;
    untypedEnvelopes: number;
  };
  /** Summed over the row's trials: what a turn cache replayed (absent: nothing was). */
  replayed?: { turns: number; tokens: number; costUsd: number };
}

/** One paired difference, `treatment` minus `control`, with its seeded bootstrap 95% interval. */
export interface EffectEstimate {
  delta: number;
  ci95: Rounded | null;
}

/** What a gate set changes, each figure treatment minus control over the same repetitions. */
export interface EffectFigures {
  /** Share of trials passing (Δ in [-1, 1]). */
  passRate: EffectEstimate;
  /** Mean correctness (Δ in [-1, 1]). */
  correctness: EffectEstimate;
  /** Share of trials with at least one honesty failure (Δ in [-1, 1]; negative: the gates removed them). */
  honestyFailRate: EffectEstimate;
  /** Median wall time in ms (on the trials' clock). */
  wallP50Ms: EffectEstimate;
  /** Mean tokens (input + output) per trial. */
  tokens: EffectEstimate;
}

/**
 * The paired gate effect of `treatment` over `control` for one golden × seat: pairs are the
 * repetitions scored under both (the same seed), resampled together.
 */
export interface GateEffect extends EffectFigures {
  golden: string;
  seat: string;
  treatment: string;
  control: string;
  pairs: number;
}

/** The same effect for one seat pooled over every golden (pairs by golden and repetition). */
export interface SeatGateEffect extends EffectFigures {
  seat: string;
  treatment: string;
  control: string;
  goldens: number;
  pairs: number;
}
