/**
 * The public API's functions that take an options object, each checking it strictly under its own
 * name (commands/options.ts) before it runs: src/index.ts exports these. The bench's own callers
 * (the CLI, the orchestrator) call the functions underneath, whose options objects they build from
 * wider ones. `runBench` and `exportOtlp` check their own (commands/run/index.ts, commands/export/index.ts).
 *
 * Each schema is a Record over its interface's keys, so an option added to an interface and not
 * here fails to compile; the test walking the public API (test/commands/public-options.test.ts)
 * calls every one with an unknown option.
 */
import type { z } from 'zod';
import { withSelection } from '../backend/index.js';
import type { Golden } from '../formats/golden/index.js';
import type { Trace } from '../formats/run/index.js';
import type { Theory } from '../formats/theory.js';
import { type PlanOptions, planRun as planRunUnchecked } from '../plan/plan.js';
import {
  type AssertOptions,
  type CompareOptions,
  compareScorecards as compareUnchecked,
  type FailOn,
  judgeAssertions as judgeUnchecked,
  type ScoreOptions,
  scoreTrial as scoreTrialUnchecked,
} from '../scoring/index.js';
import { type DiffOptions, diffRuns as diffRunsUnchecked } from './diff/index.js';
import { type OtlpTrial, otlpRequestOf as otlpRequestOfUnchecked } from './export/index.js';
import {
  type ImportOptions,
  type ImportOtlpOptions,
  importOtlpFile as importOtlpFileUnchecked,
  importOtlp as importOtlpUnchecked,
} from './import/index.js';
import { type MergeOptions, mergeRuns as mergeRunsUnchecked } from './merge/index.js';
import { DISPLAY_OPTIONS, nestedOptions, optionsSchema, parseOptions } from './options.js';
import type { OutcomeOptions } from './outcome.js';
import { type ReplayOptions, replayRun as replayRunUnchecked } from './replay/index.js';
import { type ReportOptions, reportRun as reportRunUnchecked, type Terminal } from './report/index.js';
import { type AgainstWorldOptions, againstWorldTrace } from './score/index.js';
import { type ShowOptions, showTrace as showTraceUnchecked } from './show/index.js';
import { type ValidateOptions, validate as validateUnchecked } from './validate/index.js';
import { startView as startViewUnchecked, type ViewOptions } from './view/index.js';

/** `fn`, with its argument `at` checked as `name`'s options first. */
function checked<A extends unknown[], R>(name: string, schema: z.ZodObject, at: number, fn: (...a: A) => R) {
  return (...args: A): R => {
    parseOptions(name, schema, args[at]);
    return fn(...args);
  };
}

/** The same for a function returning a promise: bad options reject it, as its other input errors do. */
function checkedAsync<A extends unknown[], R>(
  name: string,
  schema: z.ZodObject,
  at: number,
  fn: (...a: A) => Promise<R>,
) {
  return async (...args: A): Promise<R> => {
    parseOptions(name, schema, args[at]);
    return fn(...args);
  };
}

const terminal = nestedOptions<Terminal>({ stdout: true, stderr: true, tty: true, display: true });
const outcome = nestedOptions<OutcomeOptions>({ allowEmpty: true, minCorrectness: true });
const report = { reporters: true, terminal: true, footer: true, outcome: true } as const;

export const reportRun = checked(
  'reportRun',
  optionsSchema<ReportOptions>(report, { terminal, outcome }),
  2,
  reportRunUnchecked,
);
export const mergeRuns = checked(
  'mergeRuns',
  optionsSchema<MergeOptions>({ ...report, warn: true }, { terminal, outcome }),
  2,
  mergeRunsUnchecked,
);
export const diffRuns = checked(
  'diffRuns',
  optionsSchema<DiffOptions>({ failOn: true, failOnOnly: true, pair: true, out: true }),
  2,
  diffRunsUnchecked,
);
export const replayRun = checkedAsync(
  'replayRun',
  optionsSchema<ReplayOptions>(
    {
      dir: true,
      out: true,
      cacheDir: true,
      stdout: true,
      stderr: true,
      tty: true,
      display: true,
      env: true,
      reporters: true,
      concurrency: true,
      signal: true,
    },
    { display: DISPLAY_OPTIONS },
  ),
  0,
  replayRunUnchecked,
);
export const showTrace = checked(
  'showTrace',
  optionsSchema<ShowOptions>({ color: true }),
  2,
  showTraceUnchecked,
);
export const validate = checkedAsync(
  'validate',
  optionsSchema<ValidateOptions>({ config: true, ceiling: true }),
  1,
  validateUnchecked,
);
export const startView = checkedAsync(
  'startView',
  optionsSchema<ViewOptions>({ port: true, write: true, signal: true, history: true }),
  1,
  startViewUnchecked,
);
export const planRun = checked(
  'planRun',
  optionsSchema<PlanOptions>({
    goldens: true,
    seats: true,
    gates: true,
    reps: true,
    seed: true,
    shard: true,
    ceiling: true,
    ablate: true,
    effects: true,
  }),
  3,
  planRunUnchecked,
);
/**
 * The pure scorer over the trace with its selection record (docs/trace.md#selection): filled in
 * first (backend/record-selection.ts) when the trace's producer did not record it.
 */
export const scoreTrial = checked(
  'scoreTrial',
  optionsSchema<ScoreOptions>({ passCorrectness: true }),
  3,
  (golden: Golden, trace: Trace, theory: Theory | null, opts?: ScoreOptions) =>
    scoreTrialUnchecked(golden, withSelection(golden, trace), theory, opts),
);
/**
 * `bench score --against-world` on a trace in memory (docs/import.md, Against the golden's world):
 * every recorded query answered again by the golden's world and its faults, the trace scored on
 * those answers, and per call where the recorded and the world's answers differ.
 */
export const againstWorld = checkedAsync(
  'againstWorld',
  optionsSchema<AgainstWorldOptions>({ agentNow: true, passCorrectness: true }),
  3,
  (golden: Golden, trace: Trace, theory: Theory | null, opts?: AgainstWorldOptions) =>
    againstWorldTrace(golden, trace, theory, opts),
);
const failOn: Record<keyof FailOn, true> = {
  correctness: true,
  passrate: true,
  coverage: true,
  honesty: true,
  verdict: true,
  removed: true,
  repeats: true,
  wall: true,
  tokens: true,
  cost: true,
  ceiling: true,
  trajectory: true,
};
/** Both its rules (parseFailOn's FailOn) and its options: a misspelt rule would judge nothing. */
export const compareScorecards = checked(
  'compareScorecards',
  optionsSchema<FailOn>(failOn),
  2,
  checked(
    'compareScorecards',
    optionsSchema<CompareOptions>({ sets: true, pairs: true, tally: true }),
    3,
    compareUnchecked,
  ),
);
export const judgeAssertions = checked(
  'judgeAssertions',
  optionsSchema<AssertOptions>({ partial: true, matrix: true }),
  2,
  judgeUnchecked,
);
export const otlpRequestOf = checked(
  'otlpRequestOf',
  optionsSchema<OtlpTrial>({ runId: true, id: true, verdict: true, correctness: true }),
  1,
  otlpRequestOfUnchecked,
);

/** `bench import otlp`: an OTLP file's traces written as trace.jsonl files (docs/import.md). */
export const importOtlp = checked(
  'importOtlp',
  optionsSchema<ImportOtlpOptions>({ out: true, golden: true, config: true }),
  1,
  importOtlpUnchecked,
);

/** An OTLP file's traces as bench traces, in memory (what `bench score --otlp` reads). */
export const importOtlpFile = checked(
  'importOtlpFile',
  optionsSchema<ImportOptions>({ golden: true, note: true }),
  1,
  importOtlpFileUnchecked,
);
