/**
 * Run-folder files read back as input: `run.json` (what was asked) and the lock file; a trial's
 * score and record are score.ts's, the scorecard scorecard.ts's. A folder copied by hand, a file
 * from another tool or one cut short is the user's input like any other: these schemas check, at
 * the boundary, every field the bench reads afterwards, so a missing one is an exit-2 issue at
 * `file:line:col` instead of a TypeError deep in a reporter. run.json's schema names every field
 * the bench writes and its type (`RunManifest`) is derived from it; a field this version does not
 * know is dropped when read. How run.json of an older bench is read (the fields it lacks):
 * runlog/manifest.ts.
 */
import { z } from 'zod';
import { AssertRule } from '../assert.js';
import { Pricing } from '../rate-limits.js';

/** Bump on an incompatible change to run.json; a field added later is optional (runlog/manifest.ts). */
export const RUN_FORMAT = 'rematch.run/1';

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
export const RecordedGateSet = z.object({
  gates: z.array(str),
  /** Numbers, and the words of the settings that are modes (`fanoutOver: refuse`). */
  settings: z.record(str, z.union([num, str])),
  version: z.number().int().optional(),
  /** The gates in `prompt` mode (their guidance as text, nothing enforced); absent: none. */
  prompted: z.array(str).optional(),
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
 * from a RunPlan). `ceiling` is absent in folders from before the ceiling: read as off, so a
 * resume of one plans no ceiling trial.
 */
export const PlanRecordFile = z.object({
  seed: z.number().int(),
  repetitions: z.number().int().positive(),
  goldens: z.array(str),
  seats: z.array(str),
  gateSets: z.array(str),
  shard: z.object({ index: z.number().int(), count: z.number().int() }).nullable(),
  ceiling: z.boolean().default(false),
  /** `--effect A-B` pairs (absent: none asked); a resume and `bench report` report them again. */
  effects: z.array(z.object({ treatment: str, control: str })).optional(),
});
export type PlanRecord = z.infer<typeof PlanRecordFile>;

/** File path → sha256 (runlog/run-inputs.ts says which files and why). */
const FileHashes = z.record(str, str);

/** What a run was started with, as hashes (runlog/run-inputs.ts computes them; `--resume` compares). */
export const InputHashes = z.object({
  /** Golden id → {file path → sha256}. */
  goldens: z.record(str, FileHashes),
  /** Seat name → {file path → sha256}. */
  seats: z.record(str, FileHashes),
  /** The config file and, per top-level key, the sha256 of its normalized value. */
  config: z.object({ file: str, keys: z.record(str, str) }),
  /** Gate set name → sha256 of its definition (gates and settings). */
  gateSets: z.record(str, str),
});
export type InputHashes = z.infer<typeof InputHashes>;

/**
 * `run.json`. Key order is the order a read-back manifest is written again in (a resume): a field
 * added later goes last.
 */
export const RunManifestFile = z.object({
  format: z.literal(RUN_FORMAT),
  runId: str,
  createdAt: str,
  /** The config file used (may not exist: defaults), and the golden and seat paths it named. */
  configFile: str,
  goldenPaths: z.array(str),
  seatPaths: z.array(str),
  plan: PlanRecordFile,
  thresholds: Thresholds,
  contended: z.boolean(),
  /**
   * What each gate set of the run meant (its resolved gates, settings, and `all`'s version), so
   * `bench diff` can say when one name stands for different gates in two runs.
   */
  gateSets: z.record(str, RecordedGateSet).optional(),
  /** Seats skipped for a missing key, one reason each (filled as the run goes). */
  skipped: z.array(z.object({ seat: str, reason: str })),
  /** The config's `assert:` rules, judged whenever the folder becomes a scorecard (run, report, merge). */
  assert: z.array(AssertRule).optional(),
  /** The plan left out part of the config's matrix (plan/partial.ts): a rule selecting nothing planned is skipped. */
  assertPartial: z.boolean().optional(),
  /**
   * With `assertPartial`: the config's matrix the rules are about (plan/partial.ts), so a rule that
   * pools over goldens the run left out is not judged on the part it ran.
   */
  assertMatrix: z.object({ goldens: z.array(str), seats: z.array(str), gateSets: z.array(str) }).optional(),
  /** Real ms spent executing trials, summed over every invocation (a resume adds its own). */
  elapsedMs: num.optional(),
  /** Each priced seat's prices, source and date (the scorecard says where its costs come from). */
  pricing: z.record(str, Pricing).optional(),
  /** The spend cap the run was started with, USD (`--max-cost`, config maxCost). */
  maxCost: num.optional(),
  /** Hashes of the goldens, seats, config and gate sets the run started with (`--resume` checks them). */
  inputs: InputHashes.optional(),
});
export type RunManifest = z.infer<typeof RunManifestFile>;
