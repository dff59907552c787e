/**
 * A trial's score (`score.json` in its folder; DESIGN §11) and its record (a journal line,
 * `baselines.json`, the scorecard's `trials`): scoring/ builds these values and every reader checks
 * them here, so the TypeScript types are derived from the schemas and never written twice.
 *
 * Key order is part of the format: `baselines.json` is read back through these schemas and printed
 * again in scorecard.json, so a key moved here moves in that file. A field added later is optional
 * (files of earlier versions lack it) and goes where it stands in the files.
 */
import { z } from 'zod';
import { CLOCK_KINDS } from '../../clock.js';
import { HONESTY_KINDS, VERDICTS } from '../vocabulary.js';

const num = z.number();
const str = z.string();

export const Verdict = z.enum(VERDICTS);
export type Verdict = z.infer<typeof Verdict>;

export const HonestyKind = z.enum(HONESTY_KINDS);
export type HonestyKind = z.infer<typeof HonestyKind>;

export const HonestyFailure = z.object({
  kind: HonestyKind,
  part: z.enum(['A', 'B', 'summary', 'rootCause']),
  measurement: str.optional(),
  detail: str,
  /** The claim that failed: its text (as read) and where it stands (`parts.B.findings, bullet 2`). */
  claim: z.object({ text: str, where: str }).optional(),
});
export type HonestyFailure = z.infer<typeof HonestyFailure>;

export const MeasurementScore = z.object({
  id: str,
  obtainable: z.boolean(),
  credited: z.boolean(),
  /** Why it was (not) credited, for humans reading score.json. */
  note: str,
});
export type MeasurementScore = z.infer<typeof MeasurementScore>;

export const PartScore = z.object({ coverage: num, measurements: z.array(MeasurementScore) });
export type PartScore = z.infer<typeof PartScore>;

export const TrialCounts = z.object({
  turns: num,
  toolCalls: num,
  waves: num,
  maxFanout: num,
  steers: num,
  halts: num,
  fingerprints: num,
  untypedEnvelopes: num,
});
export type TrialCounts = z.infer<typeof TrialCounts>;

export const TrialTiming = z.object({
  clock: z.enum(CLOCK_KINDS),
  wallMs: num,
  modelMs: num,
  toolMs: num,
  queueMs: num,
  /** Real seats: waits for the run's rate limiter and in 429/5xx backoff (trace end.wall). */
  limiterMs: num.optional(),
  backoffMs: num.optional(),
});
export type TrialTiming = z.infer<typeof TrialTiming>;

/** One check of the golden's `trajectory:` block judged on a trial (docs/goldens.md#trajectory). */
export const TrajectoryResult = z.object({
  /** The check's name: its `id`, or `<check>#<i>`. */
  id: str,
  check: str,
  passed: z.boolean(),
  /** What was seen, in words: why it passed or failed. */
  reason: str,
});
export type TrajectoryResult = z.infer<typeof TrajectoryResult>;

/**
 * Under a `stale-tools` fault (docs/scoring.md#stale-tools): the calls stale tools answered, whether
 * the agent refreshed the catalog, the stale calls its Theory cites, and whether it rests on them.
 */
export const StaleScore = z.object({
  calls: num,
  refreshed: z.boolean(),
  cited: z.array(str),
  /** Parts whose honesty failure stands on a source only stale tools answered. */
  parts: z.array(z.enum(['A', 'B'])).optional(),
  rested: z.boolean(),
});
export type StaleScore = z.infer<typeof StaleScore>;

/** What a turn cache replayed instead of paying for it. */
export const Replayed = z.object({ turns: num, tokens: num, costUsd: num });

export const TrialScore = z.object({
  verdict: Verdict,
  correctness: num,
  /** Present when verdict is unscored: the stop reason or error. */
  unscoredReason: str.optional(),
  rootCause: z.object({ matched: z.boolean(), missing: z.array(z.array(str)) }),
  parts: z.object({ A: PartScore, B: PartScore }),
  honesty: z.array(HonestyFailure),
  stop: str,
  counts: TrialCounts,
  timing: TrialTiming,
  tokens: z.object({ input: num, output: num, reasoning: num }),
  costUsd: num,
  /** Fingerprints of terminal failed/empty observations, in trace order. */
  fingerprints: z.array(str),
  /**
   * The part of the turns, tokens (input + output) and cost above that was replayed from a turn
   * cache, not paid for (absent: none). Spent = costUsd − replayed.costUsd.
   */
  replayed: Replayed.optional(),
  /** The golden's trajectory checks, in its order (absent: the golden has none); a failed one fails the trial. */
  trajectory: z.array(TrajectoryResult).optional(),
  /** Present when the trace records a tool catalog (a `stale-tools` fault): see StaleScore. */
  stale: StaleScore.optional(),
});
export type TrialScore = z.infer<typeof TrialScore>;

/** One scored (or unscored) trial as the journal and scorecard keep it. */
export const TrialRecord = z.object({
  id: str,
  golden: str,
  seat: str,
  gateSet: str,
  rep: z.number().int(),
  seed: num,
  /** The trial's folder relative to the run folder (holds trace.jsonl, theory.json, score.json). */
  dir: str,
  score: TrialScore,
  /**
   * Real milliseconds the trial took on this machine (absent in journals from before it was
   * kept). Not a figure of the trial: the scorecard moves it into `meta.elapsed`, outside what
   * two runs compare.
   */
  elapsedMs: num.optional(),
});
export type TrialRecord = z.infer<typeof TrialRecord>;

/** `baselines.json`: the null baselines' records, scored without a run (DESIGN §11). */
export const BaselinesFile = z.array(TrialRecord);
