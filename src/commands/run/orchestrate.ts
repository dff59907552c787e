/**
 * The run orchestrator: load → plan → execute what the journal lacks → score → aggregate → report.
 * It orchestrates only: it prints nothing and reads no environment. Lines for people go to the
 * `warn` sink, results to the reporters it is given, and the caller (commands/run.ts: runBench)
 * supplies the environment (key variables) and the terminal the reporters write to. That
 * environment is the run's, all the way down: the key check, every trial (providers, command seats'
 * agents) and the redactor read it, never this process's.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { InputError, InterruptedError } from '../../errors.js';
import { executeTrials, type RunContendedFn, type RunPlannedTrialFn } from '../../execute/execute.js';
import { type PriorTrial, spendOf } from '../../execute/spend-cap.js';
import { sandboxNotice } from '../../external/index.js';
import type { ConfigFile } from '../../formats/config.js';
import type { Golden } from '../../formats/golden/index.js';
import { locateInFile } from '../../formats/load.js';
import { RUN_FORMAT } from '../../formats/run/index.js';
import { type Seat, seatEnvNames } from '../../formats/seat.js';
import { isRealProvider } from '../../formats/vocabulary.js';
import { isPartialPlan } from '../../plan/partial.js';
import { type PlanOptions, planRun, type RunPlan } from '../../plan/plan.js';
import { planRecord, recordedGateSets } from '../../plan/record.js';
import type { TrialSpec } from '../../plan/types.js';
import { fanOut, type Reporter } from '../../reporters/lifecycle.js';
import { assertSameInputs } from '../../runlog/input-changes.js';
import { JOURNAL_FILE, openJournal, readJournal, scanJournal } from '../../runlog/journal.js';
import { copyJudgeRecords } from '../../runlog/judge-files.js';
import { lockRunFolder, type RunLock } from '../../runlog/lock.js';
import { completeManifest, type RunManifest, readManifest, writeManifest } from '../../runlog/manifest.js';
import { assertFolder, makeFolder } from '../../runlog/out-path.js';
import { writeBaselines } from '../../runlog/run-folder.js';
import { hashInputs } from '../../runlog/run-inputs.js';
import { scorecardOf } from '../../runlog/scorecard.js';
import { baselineTrials, type Scorecard } from '../../scoring/index.js';
import { assertWorldFits } from '../../world/limits.js';
import { checkOutcome } from '../outcome.js';
import { folderContext, type Terminal } from '../report/index.js';
import { expandRunRefs } from '../resolve.js';
import {
  BadCacheEntries,
  describeTurnCache,
  judgeCacheOf,
  type RunCacheOptions,
  turnCacheOf,
  withContendedCache,
  withTurnCache,
} from '../turn-cache.js';

/** Why `bench replay` does not run a command seat (the scorecard's skipped row says it). */
export const REPLAY_COMMAND_REASON =
  "a command seat runs the user's own agent (its network and model calls): bench replay is offline and does not run it again";

export interface OrchestrateOptions extends PlanOptions {
  /** Config file (default bench.config.yaml in the working directory, if present). */
  config?: string;
  out?: string;
  resume?: string;
  concurrency?: number;
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

interface Inputs {
  config: ConfigFile;
  configFile: string;
  goldens: Golden[];
  seats: Seat[];
}

async function loadInputs(opts: OrchestrateOptions, m?: RunManifest): Promise<Inputs> {
  const { withTwins } = await import('../../formats/twins/index.js');
  if (opts.inputs) {
    const { config, goldens } = opts.inputs;
    return { configFile: 'bench.config.yaml', ...opts.inputs, goldens: withTwins(goldens, config.twins) };
  }
  const { assertKnownNames, loadConfig, loadGoldens, loadSeats } = await import('../../formats/load.js');
  const configPath = m ? (existsSync(m.configFile) ? m.configFile : undefined) : opts.config;
  const { config, file } = loadConfig(configPath);
  // the config's twin kinds join every golden, a resumed run's too (the same config, the same twins)
  const goldens = withTwins(loadGoldens(m?.goldenPaths ?? config.goldens), config.twins);
  const seats = loadSeats(m?.seatPaths ?? config.seats);
  // a misspelt seat or golden in an assert: rule is bad input, whether or not this run includes it
  if (!m && opts.assert !== false) assertKnownNames(config, file, seats, goldens);
  return { config, configFile: file, goldens, seats };
}

export function newRunId(now = new Date()): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
    .replace('T', '-');
}

/** The run folder stays locked from before its journal is read until the last report is written. */
export async function orchestrateRun(opts: OrchestrateOptions): Promise<RunBenchResult> {
  const locks: RunLock[] = [];
  try {
    return await runLocked(opts, locks);
  } finally {
    for (const l of locks) l.release();
  }
}

async function runLocked(opts: OrchestrateOptions, locks: RunLock[]): Promise<RunBenchResult> {
  const warn = opts.warn;
  const prior = opts.resume ? readManifest(opts.resume) : undefined;
  const lock = (dir: string): void => {
    locks.push(lockRunFolder(dir, warn));
  };
  if (opts.resume && !opts.dryRun) lock(opts.resume);
  const loaded = await loadInputs(opts, prior);
  // --golden/--seat paths, globs and tags (commands/resolve.ts); a resumed plan names ids only.
  const goldenRefs = prior
    ? { names: undefined, extra: [] }
    : expandRunRefs('golden', opts.goldens, loaded.goldens);
  const seatRefs = prior ? { names: undefined, extra: [] } : expandRunRefs('seat', opts.seats, loaded.seats);
  const inputs: Inputs = {
    ...loaded,
    goldens: [...loaded.goldens, ...goldenRefs.extra],
    seats: [...loaded.seats, ...seatRefs.extra],
  };
  const planOpts: PlanOptions = prior
    ? {
        ...prior.plan,
        reps: prior.plan.repetitions,
        gates: prior.plan.gateSets,
        shard: prior.plan.shard ?? undefined,
      }
    : {
        ...opts,
        ...(goldenRefs.names ? { goldens: goldenRefs.names } : {}),
        ...(seatRefs.names ? { seats: seatRefs.names } : {}),
      };
  const plan = planRun(inputs.config, inputs.goldens, inputs.seats, planOpts);
  const hashes = hashInputs(inputs.config, inputs.configFile, inputs.goldens, inputs.seats, plan);
  if (opts.resume) assertSameInputs(opts.resume, prior?.inputs, hashes);
  const result: RunBenchResult = { dir: null, plan, scorecard: null, executed: 0, skipped: [] };
  if (opts.dryRun) return result;

  const runId = prior?.runId ?? newRunId();
  const dir = opts.resume ?? opts.out ?? join(inputs.config.outDir, runId);
  // Everything that can be the user's fault is checked before the run folder exists.
  const label = opts.resume ? '--resume' : opts.out ? '--out' : 'outDir';
  const inConfig = (message: string) =>
    existsSync(inputs.configFile)
      ? locateInFile(inputs.configFile, [{ path: ['outDir'], message, severity: 'error' }])
      : [];
  assertFolder(dir, label, label === 'outDir' ? inConfig : undefined);
  for (const g of inputs.goldens) if (plan.goldens.includes(g.id)) assertWorldFits(g);
  if (!opts.resume) lock(dir);
  if (!prior && existsSync(join(dir, 'run.json'))) {
    throw new InputError(
      `${dir} already holds a run: continue it with --resume ${dir}, or choose another --out`,
    );
  }
  makeFolder(dir, label);
  const manifest: RunManifest = prior ?? {
    format: RUN_FORMAT,
    runId,
    createdAt: new Date().toISOString(),
    configFile: inputs.configFile,
    goldenPaths: [...inputs.config.goldens, ...goldenRefs.extra.map((g) => g.file)],
    seatPaths: [...inputs.config.seats, ...seatRefs.extra.map((s) => s.file)],
    plan: planRecord(plan),
    thresholds: inputs.config.thresholds,
    contended: inputs.config.contended,
    gateSets: recordedGateSets(plan),
    inputs: hashes,
    skipped: [],
    ...pricingOf(inputs.seats, plan),
  };
  // the cap of this invocation (a resume may raise it); recorded so the scorecard can say it
  const maxCost = opts.maxCost ?? inputs.config.maxCost;
  if (maxCost !== undefined) manifest.maxCost = maxCost;
  else delete manifest.maxCost;
  manifest.skipped = [];
  // the rules judged whenever this folder becomes a scorecard; what an older folder lacks: manifest.ts
  completeManifest(manifest, {
    assert: opts.assert === false ? [] : (inputs.config.assert ?? []),
    gateSets: () => recordedGateSets(plan),
  });
  // a plan leaving out part of the config's matrix: a rule about only what it left out is not
  // judged (and said), not failed; one naming the defaults again (--gates none all) is a full run
  if (!prior && isPartialPlan(inputs.config, loaded.goldens, loaded.seats, plan))
    manifest.assertPartial = true;
  if (opts.assert === false && inputs.config.assert?.length)
    warn(`--no-assert: the config's ${inputs.config.assert.length} assert: rules are not judged\n`);
  writeManifest(dir, manifest);
  writeBaselines(
    dir,
    inputs.goldens
      .filter((g) => plan.goldens.includes(g.id))
      .flatMap((g) => baselineTrials(g, { passCorrectness: manifest.thresholds.passCorrectness })),
  );

  const skipped = new Map<string, string>();
  opts.registerSecrets?.(
    [
      ...inputs.seats.flatMap(seatEnvNames),
      ...(inputs.config.judge?.auth ? [inputs.config.judge.auth.apiKeyEnv] : []),
    ],
    opts.env,
  );
  const skip = (seat: string, reason: string): void => {
    if (!skipped.has(seat)) warn(`skipped seat ${seat}: ${reason}\n`);
    skipped.set(seat, reason);
  };
  // a bad cache entry is a miss with one warning; under cache-only the run ends with exit 2 below
  const badEntries = new BadCacheEntries(warn);
  const cacheOf = turnCacheOf(opts.cache, inputs.config, badEntries.sink);
  // Seats whose key variable is unset are skipped before anything runs (DESIGN §5.2), unless
  // cache-only: then no provider is called, and no key is needed.
  const offline = cacheOf !== undefined && plan.trials.some((t) => cacheOf(t).mode === 'only');
  const keyless = (s: Seat): boolean => s.auth !== undefined && !opts.env[s.auth.apiKeyEnv] && !offline;
  for (const s of inputs.seats)
    if (plan.seats.includes(s.name) && keyless(s)) skip(s.name, `$${s.auth!.apiKeyEnv} is not set`);
  // a replay skips what its recording skipped: those seats have no turns to replay
  for (const s of opts.cache?.replaySkipped ?? []) if (plan.seats.includes(s.seat)) skip(s.seat, s.reason);
  // a command seat is the user's own agent (its network, its model): a replay is offline, so it is not run
  if (opts.cache?.replayOf)
    for (const s of inputs.seats)
      if (plan.seats.includes(s.name) && s.provider === 'command') skip(s.name, REPLAY_COMMAND_REASON);
  const runnable = plan.trials.filter((t) => !skipped.has(t.seat.name));
  // a torn last record (a kill mid-append) is cut away before anything is appended; its trial runs again
  const torn = prior ? openJournal(join(dir, JOURNAL_FILE), warn).torn?.id : undefined;
  const todo = pending(
    runnable,
    join(dir, JOURNAL_FILE),
    Boolean(opts.retryErrors),
    manifest.contended,
    torn,
  );
  if (prior)
    warn(`resuming ${dir}: ${runnable.length - todo.length} of ${runnable.length} trials already done\n`);
  const real = todo.find((t) => isRealProvider(t.seat.provider));
  const cacheLine = real ? describeTurnCache(cacheOf, real) : undefined;
  if (cacheLine) warn(cacheLine);
  // a command seat's sandbox (external/sandbox.ts): its absence said once, at the start
  const commands = todo.filter((t) => t.seat.provider === 'command');
  const sandboxLine = commands.length ? sandboxNotice(commands.map((t) => t.seat.sandbox)) : undefined;
  if (sandboxLine) warn(sandboxLine);
  const reporters = fanOut(opts.reporters);
  // The footer names what the reporters wrote: every file by default, traces/ always.
  const ctx = folderContext(dir, opts.terminal, todo.length, (written) =>
    written.length
      ? `reports: ${join(dir, written[0])}, ${[...written.slice(1), 'traces/'].join(', ')}`
      : undefined,
  );
  reporters.onRunStart(plan, ctx);
  const runContended = manifest.contended
    ? (opts.runContended ?? (await import('../../execute/contended.js')).runContended)
    : undefined;
  // the LLM judge's second opinion (execute/judge.ts): graded as trials end, never part of a score;
  // a replay asks no judge: it copies the recorded grades once its trials are done
  const replayOf = opts.cache?.replayOf;
  const judgeCache = judgeCacheOf(opts.cache, inputs.config, badEntries.sink);
  const judging =
    inputs.config.judge && !replayOf
      ? (await import('../../execute/judge.js')).startJudging({
          dir,
          judge: inputs.config.judge,
          goldens: inputs.goldens,
          env: opts.env,
          warn,
          retryFailed: Boolean(opts.retryErrors),
          signal: opts.signal,
          ...(judgeCache ? { cache: judgeCache } : {}),
        })
      : null;
  const started = performance.now();
  try {
    await executeTrials(todo, {
      dir,
      journal: join(dir, JOURNAL_FILE),
      concurrency: opts.concurrency ?? inputs.config.concurrency,
      passCorrectness: manifest.thresholds.passCorrectness,
      env: opts.env,
      runPlannedTrial: withTurnCache(
        opts.runTrial ?? (await import('../../execute/trial.js')).runPlannedTrial,
        cacheOf,
      ),
      ...(runContended ? { runContended: withContendedCache(runContended, cacheOf) } : {}),
      onDone: (rec) => {
        result.executed++;
        reporters.onTrialEnd(rec);
        judging?.submit(rec);
      },
      onSkip: skip,
      signal: opts.signal,
      limits: inputs.config.limits,
      ...(maxCost !== undefined ? { maxCost, prior: spentBefore(join(dir, JOURNAL_FILE)) } : {}),
    });
    await judging?.finish(readJournal(join(dir, JOURNAL_FILE)).values());
    if (replayOf && !opts.signal?.aborted)
      copyJudgeRecords(replayOf, dir, readJournal(join(dir, JOURNAL_FILE)).values());
  } catch (e) {
    reporters.onRunEnd(null);
    throw e;
  }
  if (opts.signal?.aborted) {
    reporters.onRunEnd(null);
    const done = readJournal(join(dir, JOURNAL_FILE));
    const n = runnable.filter((t) => done.has(t.id)).length;
    throw new InterruptedError(
      opts.signal.reason instanceof InterruptedError ? opts.signal.reason.signal : 'SIGINT',
      `interrupted: ${n} of ${runnable.length} trials done; continue with bench run --resume ${dir}`,
    );
  }
  result.skipped = [...skipped].map(([seat, reason]) => ({ seat, reason }));
  manifest.skipped = result.skipped;
  manifest.elapsedMs = Math.round((manifest.elapsedMs ?? 0) + performance.now() - started);
  writeManifest(dir, manifest);

  const sc = scorecardOf(dir, warn);
  if (plan.shard && manifest.assert?.length)
    warn(
      `shard ${plan.shard.index}/${plan.shard.count}: the ${manifest.assert.length} assert: rules are judged when the shards are merged (bench merge)\n`,
    );
  result.dir = dir;
  result.scorecard = sc;
  // The files, then the terminal table: every report comes from the reporters (one layer).
  reporters.onRunEnd(sc);
  badEntries.assertNoneUnder(offline);
  // one error names every reason the run failed: low correctness and the failed rules together
  checkOutcome(sc, { allowEmpty: opts.allowEmpty, minCorrectness: opts.minCorrectness });
  return result;
}

/** Trials the journal lacks, the one whose record was torn, and with retryErrors those it holds as unscored. */
function pending(
  trials: TrialSpec[],
  journal: string,
  retryErrors: boolean,
  contended: boolean,
  torn?: string,
): TrialSpec[] {
  const done = readJournal(journal);
  const missing = (t: TrialSpec): boolean => {
    const r = done.get(t.id);
    return !r || t.id === torn || (retryErrors && r.score.verdict === 'unscored');
  };
  if (!contended) return trials.filter(missing);
  // A ceiling trial runs on its own timeline (execute.ts), so it never drags its golden's group in.
  const grouped = trials.filter((t) => t.role !== 'ceiling');
  const goldens = new Set(grouped.filter(missing).map((t) => t.golden.id));
  return trials.filter((t) => (t.role === 'ceiling' ? missing(t) : goldens.has(t.golden.id)));
}

/** The prices of the plan's priced seats, for the manifest (and so the scorecard). */
function pricingOf(seats: Seat[], plan: RunPlan): Pick<RunManifest, 'pricing'> {
  const priced = seats.filter((s) => plan.seats.includes(s.name) && s.pricing && s.provider !== 'sim');
  return priced.length ? { pricing: Object.fromEntries(priced.map((s) => [s.name, s.pricing!])) } : {};
}

/**
 * What the run folder already spent (a resume): the cap is per run folder, across invocations, so
 * every journal line counts, a trial that is about to run again (--retry-errors, a contended
 * group) and the earlier tries a retry replaced included: each of those was paid for. A trial the
 * cap kept from starting, or one that crashed before its first turn, spent nothing.
 */
function spentBefore(journal: string): PriorTrial[] {
  return scanJournal(journal).history.map((r) => ({ seat: r.seat, ...spendOf(r.score) }));
}
