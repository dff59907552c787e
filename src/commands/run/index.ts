/**
 * `bench run` and the public `runBench`: the boundary of the run. It fills in what comes from the
 * process (the streams, whether they are a terminal, the environment the key variables are read
 * from) when an embedding caller leaves them out, picks the reporters, and hands everything to the
 * orchestrator (commands/run/orchestrate.ts), which prints nothing and reads no environment itself.
 */
import { registerSecretEnv } from '../../errors.js';
import type { Display, Out } from '../../reporters/lifecycle.js';
import { createReporters, DEFAULT_REPORTERS, type ReporterName } from '../../reporters/registry.js';
import { DISPLAY_OPTIONS, nestedOptions, optionsSchema, parseOptions } from '../options.js';
import type { RunCacheOptions } from '../turn-cache.js';
import type { OrchestrateOptions, RunBenchResult } from './options.js';
import { orchestrateRun } from './orchestrate.js';

export { newRunId } from './folder.js';
export type { RunBenchResult } from './options.js';

export interface RunBenchOptions
  extends Omit<OrchestrateOptions, 'warn' | 'reporters' | 'terminal' | 'env' | 'registerSecrets'> {
  stdout?: Out;
  stderr?: Out;
  tty?: boolean;
  /** Color, width and --full of the terminal table (default: color on a TTY, width 120). */
  display?: Display;
  /** Where seats' key variables are looked up (default: this process's environment). */
  env?: Record<string, string | undefined>;
  /** `--reporter`: which reporters run (default: every one, reporters/registry.ts). */
  reporters?: readonly ReporterName[];
}

/**
 * Every option runBench knows, for the strict check of what an embedding caller passes (values are
 * the types' business). A Record over the interface's keys: an option added to RunBenchOptions and
 * not here (or here and not there) fails to compile.
 */
const KNOWN: Record<keyof RunBenchOptions, true> = {
  config: true,
  goldens: true,
  seats: true,
  gates: true,
  reps: true,
  seed: true,
  shard: true,
  ceiling: true,
  ablate: true,
  effects: true,
  out: true,
  resume: true,
  concurrency: true,
  workers: true,
  retryErrors: true,
  dryRun: true,
  minCorrectness: true,
  allowEmpty: true,
  assert: true,
  inputs: true,
  runTrial: true,
  runContended: true,
  signal: true,
  stdout: true,
  stderr: true,
  tty: true,
  display: true,
  env: true,
  reporters: true,
  cache: true,
  maxCost: true,
  history: true,
};

/** The option objects inside: a misspelt `cache.cacheonly` must not run with the cache off. */
const RunBenchOptionsSchema = optionsSchema<RunBenchOptions>(KNOWN, {
  display: DISPLAY_OPTIONS,
  cache: nestedOptions<RunCacheOptions>({
    cache: true,
    cacheOnly: true,
    cacheDir: true,
    ci: true,
    replayOf: true,
    replaySkipped: true,
  }),
  inputs: nestedOptions<NonNullable<RunBenchOptions['inputs']>>({
    config: true,
    configFile: true,
    goldens: true,
    seats: true,
  }),
});

export async function runBench(opts: RunBenchOptions = {}): Promise<RunBenchResult> {
  // an unknown option (a misspelling, or a CLI flag's name: `golden` for `goldens`) is bad input
  parseOptions('runBench', RunBenchOptionsSchema, opts);
  const { stdout = process.stdout, stderr = process.stderr, env = process.env, display, ...rest } = opts;
  const tty = opts.tty ?? Boolean(process.stdout.isTTY);
  return orchestrateRun({
    ...rest,
    warn: (line) => stderr.write(line),
    // junit.xml's outcome testcase judges the run as its exit code will
    reporters: createReporters(opts.reporters ?? DEFAULT_REPORTERS, {
      outcome: { allowEmpty: opts.allowEmpty, minCorrectness: opts.minCorrectness },
    }),
    terminal: { stdout, stderr, tty, display },
    env,
    registerSecrets: registerSecretEnv,
  });
}
