/**
 * What the run orchestrator takes and gives back: the options of one `bench run` (flags, config,
 * what a test or an embedder injects) and its result.
 */
import type { RunContendedFn, RunPlannedTrialFn } from '../../execute/execute.js';
import type { ConfigFile } from '../../formats/config.js';
import type { Golden } from '../../formats/golden/index.js';
import type { Seat } from '../../formats/seat.js';
import type { PlanOptions, RunPlan } from '../../plan/plan.js';
import type { Reporter } from '../../reporters/lifecycle.js';
import type { Scorecard } from '../../scoring/index.js';
import type { Terminal } from '../report/index.js';
import type { RunCacheOptions } from '../turn-cache.js';

export type Env = Record<string, string | undefined>;

export interface OrchestrateOptions extends PlanOptions {
  /** Config file (default bench.config.yaml in the working directory, if present). */
  config?: string;
  out?: string;
  resume?: string;
  concurrency?: number;
  /** Worker threads for sim trials (`--workers`, over the config's `workers`): absent, one per core. */
  workers?: number;
  retryErrors?: boolean;
  dryRun?: boolean;
  /** Exit 1 (ThresholdError) when any seat row's mean correctness is below this. */
  minCorrectness?: number;
  /** `--max-cost`: spend cap in USD (over the config's `maxCost`); see execute/spend-cap.ts. */
  maxCost?: number;
  /** A run with no scored trial of a configured seat exits 0 instead of 1 (commands/outcome.ts). */
  allowEmpty?: boolean;
  /**
   * false: the config's `assert:` rules are not judged (nor recorded for `bench report`/`merge`):
   * a run of part of the matrix (`--seat`, `--gates` ...) whose rules are about the whole.
   */
  assert?: boolean;
  /** `--cache`, `--no-cache`, `--cache-only`, `--cache-dir`, CI, bench replay (commands/turn-cache.ts). */
  cache?: RunCacheOptions;
  /**
   * The run history (docs/history.md): a file path or a `postgres://` URL; false: not recorded.
   * Absent: `.rematch/history.db` beside the config, except for a run of in-memory `inputs`,
   * which has no config file to sit beside and is not recorded unless a history is named.
   */
  history?: string | false;
  /** Injected for tests and embedding: the loaded inputs, the trial runner, the streams. */
  inputs?: { config: ConfigFile; configFile?: string; goldens: Golden[]; seats: Seat[] };
  /**
   * Runs one planned trial in its folder (default execute/trial.ts `runPlannedTrial`). A public
   * option of runBench under this name; not rematch/vitest's `runTrial`, which resolves, runs
   * and scores a trial from ids.
   */
  runTrial?: RunPlannedTrialFn;
  runContended?: RunContendedFn;
  /** Lines for people (locks taken over, seats skipped, resuming, a torn journal line). */
  warn: (line: string) => void;
  /** Called on onRunStart / onTrialEnd / onRunEnd (reporters/lifecycle.ts). */
  reporters: Reporter[];
  /** The terminal the reporters write to; the orchestrator itself never does. */
  terminal: Terminal;
  /** The environment the seats' key variables are looked up in. */
  env: Record<string, string | undefined>;
  /** Masks the seats' key variables, as `env` holds them, in everything written (errors.ts: registerSecretEnv). */
  registerSecrets?: (names: string[], env: Record<string, string | undefined>) => void;
  /**
   * Aborted = interrupted: nothing new starts, running trials are aborted and not journaled, and
   * runBench throws an InterruptedError naming how far it got and how to resume.
   */
  signal?: AbortSignal;
}

export interface RunBenchResult {
  dir: string | null;
  plan: RunPlan;
  scorecard: Scorecard | null;
  /** Trials executed by this invocation (not those found done in the journal). */
  executed: number;
  skipped: { seat: string; reason: string }[];
}
