/**
 * The run orchestrator: load → plan → execute what the journal lacks → score → aggregate → report.
 * It orchestrates only: it prints nothing and reads no environment. Lines for people go to the
 * `warn` sink, results to the reporters it is given, and the caller (commands/run/index.ts: runBench)
 * supplies the environment (key variables) and the terminal the reporters write to. That
 * environment is the run's, all the way down: the key check, every trial (providers, command seats'
 * agents) and the redactor read it, never this process's. Its parts: inputs.ts (what the run is
 * of), folder.ts (its run folder), skip-policy.ts (seats skipped before it starts), resume.ts (what
 * a resumed folder still lacks), trials.ts (executing them).
 */
import { dirname, join, resolve } from 'node:path';
import { sandboxNotice } from '../../external/index.js';
import { seatEnvNames } from '../../formats/seat.js';
import { isRealProvider } from '../../formats/vocabulary.js';
import { fanOut } from '../../reporters/lifecycle.js';
import { lockRunFolder, type RunLock } from '../../runlog/lock.js';
import { readManifest, writeManifest } from '../../runlog/manifest.js';
import { scorecardOf } from '../../runlog/scorecard.js';
import { historyTarget, recorder } from '../history/index.js';
import { checkOutcome } from '../outcome.js';
import { folderContext } from '../report/index.js';
import { BadCacheEntries, describeTurnCache, turnCacheOf } from '../turn-cache.js';
import { openRunFolder } from './folder.js';
import { planTheRun } from './inputs.js';
import type { OrchestrateOptions, RunBenchResult } from './options.js';
import { trialsToRun } from './resume.js';
import { skipBeforeRun } from './skip-policy.js';
import { runTrials } from './trials.js';

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
  const run = await planTheRun(opts, prior);
  const { inputs, plan } = run;
  const result: RunBenchResult = { dir: null, plan, scorecard: null, executed: 0, skipped: [] };
  if (opts.dryRun) return result;

  // the history's git state is asked for now, beside the run, and awaited when the run is recorded
  const history =
    opts.history === undefined && opts.inputs
      ? undefined
      : recorder(historyTarget(opts.history, inputs.configFile), 'run', dirname(resolve(inputs.configFile)));
  const folder = openRunFolder(opts, run, prior, lock);
  const { dir, manifest } = folder;
  opts.registerSecrets?.(
    [
      ...inputs.seats.flatMap(seatEnvNames),
      ...(inputs.config.judge?.auth ? [inputs.config.judge.auth.apiKeyEnv] : []),
    ],
    opts.env,
  );
  // a bad cache entry is a miss with one warning; under cache-only the run ends with exit 2 below
  const badEntries = new BadCacheEntries(warn);
  const cacheOf = turnCacheOf(opts.cache, inputs.config, badEntries.sink);
  // cache-only: no provider is called, so no key is needed
  const offline = cacheOf !== undefined && plan.trials.some((t) => cacheOf(t).mode === 'only');
  const skipped = skipBeforeRun(inputs.seats, plan, { env: opts.env, offline, cache: opts.cache, warn });
  const runnable = plan.trials.filter((t) => !skipped.has(t.seat.name));
  const todo = trialsToRun(dir, runnable, {
    resumed: prior !== undefined,
    retryErrors: Boolean(opts.retryErrors),
    contended: manifest.contended,
    warn,
  });
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
  const started = performance.now();
  await runTrials({
    opts,
    inputs,
    folder,
    runnable,
    todo,
    reporters,
    skipped,
    cacheOf,
    badEntrySink: badEntries.sink,
    onDone: () => result.executed++,
  });
  result.skipped = skipped.list();
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
  // recorded before the outcome is judged: a failing run is the one a history most needs
  const notRecorded = await history?.record(dir, manifest, sc);
  if (notRecorded) warn(notRecorded);
  badEntries.assertNoneUnder(offline);
  // one error names every reason the run failed: low correctness and the failed rules together
  checkOutcome(sc, { allowEmpty: opts.allowEmpty, minCorrectness: opts.minCorrectness });
  return result;
}
