/**
 * The options of `runTrial` and `runMatrix`, named as `bench trial`'s and `bench run`'s flags
 * (camelCased: `--retry-errors` is `retryErrors`) and checked as strictly: an unknown option is an
 * InputError naming it and the known ones (commands/options.ts). Ranges are the flags' own.
 */
import { z } from 'zod';
import { LIMITS, SEED_RANGE } from '../commands/flags.js';

const ref = z.string().min(1);
/** `--golden a b` or `--golden a,b` on the command line; a string or a list here. */
const refs = z.union([ref, z.array(ref).min(1)]);
const int = (min: number, max: number) => z.int().min(min).max(max);

/**
 * The turn-cache flags both commands share (commands/flags.ts `cacheOptionsOf`): `--cache` / `--no-cache`
 * as `cache: true | false`, `--cache-only`, `--cache-dir`. Whether this is CI (the CLI's CI=true
 * default of `--cache`) is read from the test process's environment, as the CLI reads its own.
 */
const cacheFlags = {
  /** true: replay turns from the cache and store what it lacks; false: every turn asks the provider. */
  cache: z.boolean().optional(),
  /** Every turn from the cache; a missing turn fails its trial (unscored). */
  cacheOnly: z.boolean().optional(),
  /** The turn cache folder (default: config cache.dir, else <outDir>/.cache/turns). */
  cacheDir: z.string().min(1).optional(),
};

/** `bench trial --golden --seat --gates --seed --rep --out --config` and the cache flags. */
export const TrialOptions = z.strictObject({
  golden: ref,
  seat: ref,
  /** A gate set: none, all, or one named in the config (default all, as the CLI's). */
  gates: ref.default('all'),
  /** The trial seed (default: derived from the config seed, golden, seat and rep). */
  seed: int(...SEED_RANGE).optional(),
  rep: int(1, LIMITS.repetitions).optional(),
  /** The trial's folder (default: <config outDir>/trials/<trial id>). */
  out: z.string().min(1).optional(),
  config: z.string().min(1).optional(),
  ...cacheFlags,
});
export type TrialOptions = z.input<typeof TrialOptions>;

/**
 * `bench run`'s flags, but `--dry-run` (it prints the plan and runs nothing: `planRun` of the main
 * entry gives the plan as data) and the display flags `--no-color`, `--width`, `--full` (nothing is
 * printed). A test guards the list against the CLI's (test/vitest/flags.test.ts).
 */
export const MatrixOptions = z.strictObject({
  config: z.string().min(1).optional(),
  golden: refs.optional(),
  seat: refs.optional(),
  gates: refs.optional(),
  reps: int(1, LIMITS.repetitions).optional(),
  /** The run seed (trial seeds derive from it). */
  seed: int(0, SEED_RANGE[1]).optional(),
  /** `i/n`: only shard i of n. */
  shard: z.string().optional(),
  /** `--ablate`: true (every gate) or the gates to ablate (docs/gates.md, Ablation). */
  ablate: z.union([z.boolean(), refs]).optional(),
  /** `--effect A-B`: effect tables of gate set A minus B to report. */
  effect: refs.optional(),
  /** The run folder (default: <config outDir>/<run id>). */
  out: z.string().min(1).optional(),
  resume: z.string().min(1).optional(),
  concurrency: int(1, LIMITS.concurrency).optional(),
  /** `--workers`: worker threads for sim trials (default one per core; 0: none). */
  workers: int(0, LIMITS.workers).optional(),
  retryErrors: z.boolean().optional(),
  minCorrectness: z.number().min(0).max(1).optional(),
  /** `--max-cost`: spend cap in USD, above 0 (over the config's `maxCost`). */
  maxCost: z.number().positive().finite().optional(),
  allowEmpty: z.boolean().optional(),
  /** false = `--no-assert`: the config's assert: rules are not judged. */
  assert: z.boolean().optional(),
  /** `--reporter`: which reporters write the run folder's files (default: every one). */
  reporter: refs.optional(),
  /** `--history PATH|postgres://…`, false = `--no-history` (docs/history.md; default: beside the config). */
  history: z.union([z.string().min(1), z.literal(false)]).optional(),
  ...cacheFlags,
});
export type MatrixOptions = z.input<typeof MatrixOptions>;
