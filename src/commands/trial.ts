/**
 * `bench trial`: resolve golden/seat (id, name, path or glob) and gate set, run one trial, print its
 * timeline, and end with its verdict and score (written beside the trace as score.json, as a run does).
 * Exit codes as `bench score`: a verdict other than pass (fail, unscored) is exit 1. A seat skipped
 * for want of its key is not an error here (docs/adding-a-seat.md): its one line, and exit 0.
 */
import { join, resolve } from 'node:path';
import { InterruptedError, redact, ThresholdError } from '../errors.js';
import { scoped } from '../execute/execute.js';
import { runTrial } from '../execute/trial.js';
import { loadConfig } from '../formats/load.js';
import { resolveGateSets } from '../host/gates/gate-set.js';
import { trialId, trialSeed } from '../plan/plan.js';
import type { TrialOutcome } from '../plan/types.js';
import { formatTimeline } from '../reporters/timeline.js';
import { formatVerdict } from '../reporters/verdict.js';
import { writeAtomic } from '../runlog/files.js';
import { assertFolder } from '../runlog/out-path.js';
import { explainScore, scoreTrial } from '../scoring/index.js';
import { assertWorldFits } from '../world/limits.js';
import { resolveOneGolden, resolveOneSeat } from './resolve.js';
import { type RunCacheOptions, turnCacheOf } from './turn-cache.js';

export interface TrialFlags {
  golden: string;
  seat: string;
  gates: string;
  seed?: number;
  rep?: number;
  out?: string;
  config?: string;
  /** `--cache`, `--no-cache`, `--cache-only`, `--cache-dir` (commands/turn-cache.ts). */
  cache?: RunCacheOptions;
}

export async function runTrialCommand(
  flags: TrialFlags,
  write: (s: string) => void,
  signal?: AbortSignal,
  /** Color the timeline: the CLI passes whether stdout is a color terminal. */
  color = false,
): Promise<TrialOutcome> {
  const { config } = loadConfig(flags.config);
  const golden = resolveOneGolden(flags.golden, config);
  const seat = resolveOneSeat(flags.seat, config);
  const [gateSet] = resolveGateSets(config, [flags.gates]);
  const rep = flags.rep ?? 1;
  const seed = flags.seed ?? trialSeed(config.seed, golden.id, seat.name, rep);
  const id = trialId(golden.id, seat.name, gateSet.name, rep);
  const dir = resolve(flags.out ?? join(config.outDir, 'trials', id));
  // Input errors before the trial folder exists (docs/formats.md#limits).
  assertFolder(dir, flags.out ? '--out' : 'outDir');
  assertWorldFits(golden);
  // The trial's own signal following the run's: clock and capacity waits hang listeners on it.
  const spec = { id, golden, seat, gateSet, rep, seed };
  const cache = turnCacheOf(flags.cache, config)?.(spec);
  const outcome = await scoped(signal, (s) => runTrial(spec, { dir, signal: s, cache }));
  if (signal?.aborted) {
    const sig = signal.reason instanceof InterruptedError ? signal.reason.signal : 'SIGINT';
    throw new InterruptedError(sig, `interrupted: the trial did not finish; its partial files are in ${dir}`);
  }
  if (outcome.kind === 'skipped') {
    write(`${outcome.reason}\n`);
    return outcome;
  }
  const passCorrectness = config.thresholds.passCorrectness;
  const score = scoreTrial(golden, outcome.trace, outcome.theory, { passCorrectness });
  writeAtomic(join(dir, 'score.json'), `${JSON.stringify(score, null, 2)}\n`);
  // What an agent wrote reaches the terminal here: masked like every report file.
  write(redact(formatTimeline(outcome.trace, { color, traceFile: outcome.traceFile })));
  write(redact(formatVerdict(score, { color, passCorrectness })));
  // stdout ends with the verdict; stderr says why the exit code is 1, as `bench score` does
  if (score.verdict !== 'pass')
    throw new ThresholdError(`trial ${id}: ${redact(explainScore(score, { passCorrectness }).headline)}`);
  return outcome;
}
