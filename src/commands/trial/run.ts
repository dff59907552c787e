/**
 * One trial as `bench trial` runs it, without printing: resolve golden/seat (id, name, path or glob)
 * and gate set, run it, score it and write score.json beside the trace. `bench trial` prints what
 * this returns (commands/trial/index.ts); `rematch/vitest`'s `runTrial` asserts on it. A seat skipped
 * for want of its key comes back as a skipped outcome with no score, never an error.
 */
import { join, resolve } from 'node:path';
import { InterruptedError } from '../../errors.js';
import { scoped } from '../../execute/execute.js';
import { runPlannedTrial } from '../../execute/trial.js';
import { sandboxNotice } from '../../external/index.js';
import { writeAtomic } from '../../formats/files.js';
import { loadConfig } from '../../formats/load.js';
import { resolveGateSets } from '../../host/index.js';
import { trialId, trialSeed } from '../../plan/plan.js';
import type { TrialOutcome } from '../../plan/types.js';
import { assertFolder } from '../../runlog/out-path.js';
import { scoreTrial, type TrialScore } from '../../scoring/index.js';
import { assertWorldFits } from '../../world/limits.js';
import { resolveOneGolden, resolveOneSeat } from '../resolve.js';
import { type RunCacheOptions, turnCacheOf } from '../turn-cache.js';

/** `bench trial`'s flags, by their CLI names (`--gates` defaults to `all` there). */
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

export interface OneTrial {
  id: string;
  /** The trial's folder: trace.jsonl, theory.json, score.json. */
  dir: string;
  outcome: TrialOutcome;
  /** null when the seat was skipped (no key). */
  score: TrialScore | null;
  /** The config's pass threshold the score was judged with. */
  passCorrectness: number;
}

export async function runOneTrial(
  flags: TrialFlags,
  signal?: AbortSignal,
  /** Lines for people before the trial runs (a command seat without its sandbox). */
  warn?: (line: string) => void,
): Promise<OneTrial> {
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
  const sandboxLine = seat.provider === 'command' ? sandboxNotice([seat.sandbox]) : undefined;
  if (sandboxLine) warn?.(sandboxLine);
  // The trial's own signal following the run's: clock and capacity waits hang listeners on it.
  const spec = { id, golden, seat, gateSet, rep, seed };
  const cache = turnCacheOf(flags.cache, config)?.(spec);
  const outcome = await scoped(signal, (s) => runPlannedTrial(spec, { dir, signal: s, cache }));
  if (signal?.aborted) {
    const sig = signal.reason instanceof InterruptedError ? signal.reason.signal : 'SIGINT';
    throw new InterruptedError(sig, `interrupted: the trial did not finish; its partial files are in ${dir}`);
  }
  const passCorrectness = config.thresholds.passCorrectness;
  if (outcome.kind === 'skipped') return { id, dir, outcome, score: null, passCorrectness };
  const score = scoreTrial(golden, outcome.trace, outcome.theory, { passCorrectness });
  writeAtomic(join(dir, 'score.json'), `${JSON.stringify(score, null, 2)}\n`);
  return { id, dir, outcome, score, passCorrectness };
}
