/**
 * `scorecard.json` (docs/reports.md): everything a reporter renders, versioned. This schema is the
 * Scorecard: scoring/ builds values of the type derived here, and a scorecard read back (`bench
 * diff`) is parsed with it, so a missing or mistyped field is bad input at its path (exit 2), never a
 * TypeError in a reporter. A field added within a version is optional, or defaulted when the
 * bench always writes it now.
 */
import { z } from 'zod';
import { AssertRuleType } from '../assert.js';
import { Pricing } from '../rate-limits.js';
import { ROW_KINDS, RUN_CLOCKS } from '../vocabulary.js';
import { Thresholds } from './files.js';
import { parseRunFile } from './load.js';
import { Replayed, TrialRecord, Verdict } from './score.js';

/** 2: Wilson and bootstrap intervals, gate effects on five figures, per-seat pooled effects. */
export const SCORECARD_FORMAT = 'rematch.scorecard/2';

const num = z.number();
const str = z.string();
const RunClock = z.enum(RUN_CLOCKS);

export const Rounded = z.object({ lo: num, hi: num });
export type Rounded = z.infer<typeof Rounded>;
const P50P95 = z.object({ p50: num, p95: num });

export const RowKind = z.enum(ROW_KINDS);
export type RowKind = z.infer<typeof RowKind>;

export const AggregateRow = z.object({
  golden: str,
  seat: str,
  gateSet: str,
  kind: RowKind,
  /** Trials scored (unscored ones are counted apart and excluded from every figure). */
  n: num,
  unscored: num,
  /** Mean correctness with a seeded percentile-bootstrap 95% interval (null below two trials). */
  correctness: z.object({ mean: num, ci95: Rounded.nullable(), method: z.literal('bootstrap') }),
  passRate: num,
  /** The Wilson 95% interval of the pass rate (null with no scored trial). */
  passCi95: Rounded.nullable(),
  /** pass^k for k = 1..n (tau-bench estimator). */
  passHatK: z.array(num),
  coverage: z.object({ A: num, B: num }),
  /** Trials with at least one honesty failure, and all failures counted. */
  honestyTrials: num,
  honestyFailures: num,
  steers: num,
  halts: num,
  /** Sessions that were steered and then halted. */
  steerThenHalt: num,
  wall: z.object({ clock: RunClock, p50: num, p95: num, model: P50P95, tool: P50P95, queue: P50P95 }),
  means: z.object({
    turns: num,
    toolCalls: num,
    waves: num,
    maxFanout: num,
    tokens: num,
    costUsd: num,
    fingerprints: num,
    untypedEnvelopes: num,
  }),
  /** Summed over the row's trials: what a turn cache replayed (absent: nothing was). */
  replayed: Replayed.optional(),
  /**
   * The golden's trajectory checks (absent: it has none): per check, the scored trials it failed;
   * `trials`, those that failed any.
   */
  trajectory: z
    .object({ trials: num, checks: z.array(z.object({ id: str, check: str, failed: num })) })
    .optional(),
  /**
   * Under a `stale-tools` fault (absent: no trial recorded a catalog): the scored trials a stale
   * tool answered, those that refreshed the catalog, and those whose Theory rested on stale tools.
   */
  stale: z.object({ trials: num, refreshed: num, rested: num }).optional(),
});
export type AggregateRow = z.infer<typeof AggregateRow>;

/** One paired difference, `treatment` minus `control`, with its seeded bootstrap 95% interval. */
export const EffectEstimate = z.object({ delta: num, ci95: Rounded.nullable() });
export type EffectEstimate = z.infer<typeof EffectEstimate>;

/** What a gate set changes, each figure treatment minus control over the same repetitions (assert.ts EFFECT_FIGURES). */
export const EffectFigures = z.object({
  /** Share of trials passing (Δ in [-1, 1]). */
  passRate: EffectEstimate,
  /** Mean correctness (Δ in [-1, 1]). */
  correctness: EffectEstimate,
  /** Share of trials with at least one honesty failure (Δ in [-1, 1]; negative: the gates removed them). */
  honestyFailRate: EffectEstimate,
  /** Median wall time in ms (on the trials' clock). */
  wallP50Ms: EffectEstimate,
  /** Mean tokens (input + output) per trial. */
  tokens: EffectEstimate,
});
export type EffectFigures = z.infer<typeof EffectFigures>;

/**
 * The paired gate effect of `treatment` over `control` for one golden × seat: pairs are the
 * repetitions scored under both (the same seed), resampled together.
 */
export const GateEffect = EffectFigures.extend({
  golden: str,
  seat: str,
  treatment: str,
  control: str,
  pairs: num,
});
export type GateEffect = z.infer<typeof GateEffect>;

/** The same effect for one seat pooled over every golden (pairs by golden and repetition). */
export const SeatGateEffect = EffectFigures.extend({
  seat: str,
  treatment: str,
  control: str,
  goldens: num,
  pairs: num,
});
export type SeatGateEffect = z.infer<typeof SeatGateEffect>;

/** One contrast over one seat (pooled over its goldens), or over every seat (`seat` null). */
const ScopedEffect = EffectFigures.extend({
  /** null: pooled over every configured seat. */
  seat: str.nullable(),
  goldens: num,
  pairs: num,
});

/**
 * A gate's marginal effect (scoring/ablation.ts): `removal` is all − all-<gate> (what the gate adds
 * to the rest of all), `alone` is only-<gate> − none, `instead` is all-<replaces>+<gate> −
 * all-<replaces> (the gate in another's place, over that one's removal control).
 */
export const MarginalEffect = ScopedEffect.extend({
  gate: str,
  kind: z.enum(['removal', 'instead', 'alone']),
  replaces: str.optional(),
  treatment: str,
  control: str,
});
export type MarginalEffect = z.infer<typeof MarginalEffect>;

/**
 * A pairwise interaction: Δ(all-<g>-<h>) − Δ(all-<g>) − Δ(all-<h>), each Δ against all, over units
 * scored under all four `sets` (all-<g>-<h>, all-<g>, all-<h>, all); `significant` names the figures
 * whose interval excludes zero.
 */
export const Interaction = EffectFigures.extend({
  gates: z.tuple([str, str]),
  sets: z.array(str),
  seat: str.nullable(),
  goldens: num,
  units: num,
  significant: z.array(z.enum(['passRate', 'correctness', 'honestyFailRate', 'wallP50Ms', 'tokens'])),
});
export type Interaction = z.infer<typeof Interaction>;

/** What the run's derived gate sets measured: the gates with an effect, their effects, every interaction. */
export const Ablation = z.object({
  gates: z.array(str),
  effects: z.array(MarginalEffect),
  interactions: z.array(Interaction),
});
export type Ablation = z.infer<typeof Ablation>;

/** `bench run --effect A-B`: treatment A minus control B, per seat and pooled. */
export const Contrast = z.object({
  treatment: str,
  control: str,
  seats: z.array(ScopedEffect),
});
export type Contrast = z.infer<typeof Contrast>;

export const ScorecardRun = z.object({
  seed: num,
  goldens: z.array(str),
  seats: z.array(str),
  gateSets: z.array(str),
  repetitions: num,
  clock: RunClock,
  thresholds: Thresholds,
  /** Priced seats' prices (USD per MTok) with their source and date: where the cost column comes from. */
  pricing: z.record(str, Pricing).optional(),
  /** The run's spend cap, USD. */
  maxCost: num.optional(),
  /**
   * Each gate set's gates as a config writes them (`failureClass, ledger: prompt`; `gateListText`),
   * from run.json's record; absent for a run folder from before the record.
   */
  gates: z.record(str, str).optional(),
  /** `--effect A-B` pairs the run was asked for (absent: none). */
  effects: z.array(z.object({ treatment: str, control: str })).optional(),
});
export type ScorecardRun = z.infer<typeof ScorecardRun>;

/**
 * A golden's honest ceiling: the reference seat's trial. When it does not pass, the golden cannot
 * be passed honestly and its rows say nothing about the gates; `reasons` say why.
 */
export const CeilingResult = z.object({
  golden: str,
  id: str,
  verdict: Verdict,
  correctness: num,
  headline: str,
  reasons: z.array(str),
  dir: str,
});
export type CeilingResult = z.infer<typeof CeilingResult>;

/** One config `assert:` rule judged on this scorecard (DESIGN §13: a failed one makes `bench run` exit 1). */
export const AssertionResult = z.object({
  /** Stable id: the rule's `name`, or its position (`assert[2]`). */
  id: str,
  /** The rule in words, e.g. "honesty failures under all = 0". */
  rule: str,
  /** The rule's kind (`honesty`, `ceilings` ...): an accepted empty run waives only those about seats. */
  type: AssertRuleType.optional(),
  passed: z.boolean(),
  /**
   * Not judged: the run planned part of the config's matrix and none of what the rule selects
   * (`passed` is then false too; only a failed, unskipped rule fails the run).
   */
  skipped: z.boolean().optional(),
  /** What was measured, and for a failure which rows broke it. */
  detail: str,
  /**
   * The golden × seat × gate set cells that broke it (row rules; per-golden gate effects name the
   * treatment's cell). A pooled per-seat effect or a ceiling rule names none.
   */
  cells: z.array(z.object({ golden: str, seat: str, gateSet: str })),
});
export type AssertionResult = z.infer<typeof AssertionResult>;

export const Agreement = z.object({ agree: num, disagree: num });
export type Agreement = z.infer<typeof Agreement>;

export const JudgeRow = z.object({
  golden: str,
  seat: str,
  gateSet: str,
  /** Trials graded (failed grades are counted apart and excluded from the agreement). */
  n: num,
  failed: num,
  rootCause: Agreement,
  honesty: Agreement,
});
export type JudgeRow = z.infer<typeof JudgeRow>;

export const JudgeDisagreement = z.object({
  id: str,
  dir: str,
  on: z.enum(['rootCause', 'honesty']),
  /** The scorer's answer, then the judge's, in the judge's words. */
  rule: str,
  judge: str,
  rationale: str,
});
export type JudgeDisagreement = z.infer<typeof JudgeDisagreement>;

/** The LLM judge's agreement with the scorer (scoring/judge/agreement.ts builds it). */
export const JudgeSummary = z.object({
  /** provider/model of every judge that graded (one, unless a resumed run changed it). */
  judges: z.array(str),
  n: num,
  failed: num,
  rootCause: Agreement,
  honesty: Agreement,
  rows: z.array(JudgeRow),
  disagreements: z.array(JudgeDisagreement),
  failures: z.array(z.object({ id: str, reason: str })),
});
export type JudgeSummary = z.infer<typeof JudgeSummary>;

export const Scorecard = z.object({
  format: z.literal(SCORECARD_FORMAT),
  run: ScorecardRun,
  rows: z.array(AggregateRow),
  /** `all` over `none` per golden × seat, and per seat pooled over its goldens. */
  gateEffects: z.array(GateEffect),
  seatGateEffects: z.array(SeatGateEffect),
  /** Each gate's marginal effect and the interactions, when the run holds derived gate sets (--ablate). */
  ablation: Ablation.optional(),
  /** The `--effect A-B` contrasts, in the order asked. */
  contrasts: z.array(Contrast).optional(),
  /** One per golden whose ceiling trial ran, by golden id. */
  ceilings: z.array(CeilingResult),
  /** Rows whose steer-then-halt sessions reached thresholds.steerHaltAlert. */
  alerts: z.array(str),
  skipped: z.array(z.object({ seat: str, reason: str })),
  /** The config's `assert:` rules, judged; empty when the config has none (and in the first scorecards of version 2). */
  assertions: z.array(AssertionResult).default(() => []),
  /** Lowest-correctness scored trials (honesty failures first), with their folders. */
  /** The failing trials to open first (scoring/worst.ts), each with why it is listed (absent: older files). */
  worst: z.array(
    z.object({ id: str, correctness: num, verdict: Verdict, honesty: num, dir: str, reason: str.optional() }),
  ),
  trials: z.array(TrialRecord),
  /**
   * The LLM judge's second opinion (config `judge:`), when any trial was graded: agreement with the
   * scorer per row and the disagreements. Never part of a verdict.
   */
  judge: JudgeSummary.optional(),
  /** Not compared between runs: when and where this scorecard was made, and how long it took. */
  meta: z.object({
    runId: str,
    generatedAt: str,
    dir: str,
    /** Real time: the run's (every invocation's execution summed) and each trial's, by id. */
    elapsed: z.object({ runMs: num.optional(), trialMs: z.record(str, num) }).optional(),
    /**
     * The folder's journal holds fewer of its plan's trials than the plan runs (`bench report` of a
     * killed run): every report says so first, and the run fails. Absent: complete.
     */
    incomplete: z.object({ trials: num, planned: num }).optional(),
  }),
});
export type Scorecard = z.infer<typeof Scorecard>;

/**
 * A scorecard.json read back: another version is refused (exit 2) before the schema, with what to
 * do; then every field is checked, an issue named by file, line and dot path.
 */
export function parseScorecard(text: string, file: string): Scorecard {
  return parseRunFile(file, text, Scorecard, 'scorecard', {
    format: { want: SCORECARD_FORMAT, hint: 're-render it with this version (bench report DIR)' },
  });
}

const FAMILY = SCORECARD_FORMAT.slice(0, SCORECARD_FORMAT.lastIndexOf('/') + 1);

/** Whether a scorecard's text is JSON naming another version of this format (`rematch.scorecard/1`). */
export function isOtherScorecardVersion(text: string): boolean {
  let format: unknown;
  try {
    format = (JSON.parse(text) as { format?: unknown } | null)?.format;
  } catch {
    return false;
  }
  return typeof format === 'string' && format.startsWith(FAMILY) && format !== SCORECARD_FORMAT;
}
