/**
 * Run-folder files read back as input: `run.json`, `journal.jsonl` records, `baselines.json` and
 * `scorecard.json`. A folder copied by hand, a scorecard from another tool or a file cut short is
 * the user's input like any other: these schemas check, at the boundary, every field the bench
 * reads afterwards, so a missing one is an exit-2 issue at `file:line:col` instead of a
 * TypeError deep in a reporter. Objects are loose: fields added by a later version pass through.
 */
import { z } from 'zod';
import { CLOCK_KINDS } from '../../clock.js';
import { AssertRule } from '../assert.js';
import { Pricing } from '../rate-limits.js';
import { RUN_CLOCKS } from '../vocabulary.js';

const num = z.number();
const str = z.string();
const p50p95 = z.looseObject({ p50: num, p95: num });
const ci = z.looseObject({ lo: num, hi: num }).nullable();

export const Thresholds = z.looseObject({
  passCorrectness: num,
  steerHaltAlert: num,
  junitMinCorrectness: num,
});

/**
 * What one gate set meant in a run: its gates in composition order and settings, and for `all`
 * the version of its list. Names are strings: a run of another version may name gates this one lacks.
 */
export const RecordedGateSet = z.looseObject({
  gates: z.array(str),
  /** Numbers, and the words of the settings that are modes (`fanoutOver: refuse`). */
  settings: z.record(str, z.union([num, str])),
  version: z.number().int().optional(),
});
export type RecordedGateSet = z.infer<typeof RecordedGateSet>;

/**
 * A run folder's lock file: who holds it. Read while another process may be writing it, so a file
 * that does not pass is taken as being written (runlog/lock-holder.ts), not as bad input.
 */
export const LockHolderFile = z.looseObject({
  pid: z.number(),
  host: str,
  startedAt: str,
  procStart: z.number().optional(),
  token: str,
});

/**
 * The plan as run.json keeps it: enough to plan the same trials again (plan/record.ts writes it
 * from a RunPlan). `ceiling` is absent in folders from before the ceiling (then: off).
 */
export const PlanRecordFile = z.looseObject({
  seed: z.number().int(),
  repetitions: z.number().int().positive(),
  goldens: z.array(str),
  seats: z.array(str),
  gateSets: z.array(str),
  shard: z.looseObject({ index: z.number().int(), count: z.number().int() }).nullable(),
  ceiling: z.boolean().optional(),
});
export type PlanRecord = z.infer<typeof PlanRecordFile>;

export const RunManifestFile = z.looseObject({
  format: z.literal('rematch.run/1'),
  runId: str,
  createdAt: str,
  configFile: str,
  goldenPaths: z.array(str),
  seatPaths: z.array(str),
  plan: PlanRecordFile,
  thresholds: Thresholds,
  contended: z.boolean(),
  /** Absent in folders from before gate sets were recorded. */
  gateSets: z.record(str, RecordedGateSet).optional(),
  skipped: z.array(z.looseObject({ seat: str, reason: str })),
  /** The config's `assert:` rules the run judges (absent in folders from before assertions). */
  assert: z.array(AssertRule).optional(),
  /** The run was narrowed by --golden/--seat/--gates: a rule with nothing to judge is skipped. */
  assertPartial: z.boolean().optional(),
  /** Real ms spent executing trials, summed over invocations (absent before it was kept). */
  elapsedMs: num.optional(),
  /** Each priced seat's prices, with their source and date: the scorecard's cost column says whose. */
  pricing: z.record(str, Pricing).optional(),
  /** The run's spend cap, USD (`--max-cost`, config maxCost). */
  maxCost: num.optional(),
});

const Part = z.looseObject({
  coverage: num,
  measurements: z.array(
    z.looseObject({ id: str, obtainable: z.boolean(), credited: z.boolean(), note: str }),
  ),
});

export const TrialScoreFile = z.looseObject({
  verdict: z.enum(['pass', 'fail', 'unscored']),
  correctness: num,
  unscoredReason: str.optional(),
  rootCause: z.looseObject({ matched: z.boolean(), missing: z.array(z.array(str)) }),
  parts: z.looseObject({ A: Part, B: Part }),
  honesty: z.array(z.looseObject({ kind: str, part: str, measurement: str.optional(), detail: str })),
  stop: str,
  counts: z.looseObject({
    turns: num,
    toolCalls: num,
    waves: num,
    maxFanout: num,
    steers: num,
    halts: num,
    fingerprints: num,
    untypedEnvelopes: num,
  }),
  timing: z.looseObject({
    clock: z.enum(CLOCK_KINDS),
    wallMs: num,
    modelMs: num,
    toolMs: num,
    queueMs: num,
    limiterMs: num.optional(),
    backoffMs: num.optional(),
  }),
  tokens: z.looseObject({ input: num, output: num, reasoning: num }),
  costUsd: num,
  fingerprints: z.array(str),
});

export const TrialRecordFile = z.looseObject({
  id: str,
  golden: str,
  seat: str,
  gateSet: str,
  rep: z.number().int(),
  seed: num,
  dir: str,
  score: TrialScoreFile,
  elapsedMs: num.optional(),
});

export const BaselinesFile = z.array(TrialRecordFile);

export const AggregateRowFile = z.looseObject({
  golden: str,
  seat: str,
  gateSet: str,
  n: num,
  unscored: num,
  correctness: z.looseObject({ mean: num, ci95: ci }),
  passRate: num,
  passHatK: z.array(num),
  coverage: z.looseObject({ A: num, B: num }),
  honestyTrials: num,
  honestyFailures: num,
  steers: num,
  halts: num,
  steerThenHalt: num,
  wall: z.looseObject({
    clock: z.enum(RUN_CLOCKS),
    p50: num,
    p95: num,
    model: p50p95,
    tool: p50p95,
    queue: p50p95,
  }),
  means: z.record(str, num),
});

export const ScorecardFile = z.looseObject({
  format: z.literal('rematch.scorecard/2'),
  run: z.looseObject({
    seed: num,
    goldens: z.array(str),
    seats: z.array(str),
    gateSets: z.array(str),
    repetitions: num,
    clock: z.enum(RUN_CLOCKS),
    thresholds: Thresholds,
  }),
  rows: z.array(AggregateRowFile),
  gateEffects: z.array(z.looseObject({ golden: str, seat: str, treatment: str, control: str, pairs: num })),
  seatGateEffects: z.array(z.looseObject({ seat: str, treatment: str, control: str, pairs: num })),
  alerts: z.array(str),
  skipped: z.array(z.looseObject({ seat: str, reason: str })),
  worst: z.array(z.looseObject({ id: str, correctness: num, verdict: str, honesty: num, dir: str })),
  trials: z.array(TrialRecordFile),
  meta: z.looseObject({ runId: str, generatedAt: str, dir: str }),
});
