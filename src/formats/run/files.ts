/**
 * Run-folder files read back as input: `run.json` and the lock file; a trial's score and record
 * are score.ts's, the scorecard scorecard.ts's. A folder copied by hand, a file from another tool
 * or one cut short is the user's input like any other: these schemas check, at the boundary,
 * every field the bench reads afterwards, so a missing one is an exit-2 issue at `file:line:col`
 * instead of a TypeError deep in a reporter. Objects here are loose: fields added by a later
 * version pass through.
 */
import { z } from 'zod';
import { AssertRule } from '../assert.js';
import { Pricing } from '../rate-limits.js';

const num = z.number();
const str = z.string();

export const Thresholds = z.object({
  passCorrectness: num,
  steerHaltAlert: num,
  junitMinCorrectness: num,
});
export type Thresholds = z.infer<typeof Thresholds>;

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
