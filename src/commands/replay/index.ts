/**
 * `bench replay DIR`: the recorded run again, offline. The same inputs (run.json's config, golden
 * and seat paths, checked against its input hashes) and the same plan (its plan record) run into a
 * new folder, every real seat's turn answered from the recorded trial's `turns.jsonl` (cache-only:
 * no provider is called, no key is needed; a turn the record lacks fails its trial unscored, naming
 * its key). Sims simply run again: they are seeded. The scorecard is the recorded one; what differs
 * is listed in docs/reports.md#replaying-a-run (wall time, and the replayed counts).
 */
import { existsSync } from 'node:fs';
import { InputError } from '../../errors.js';
import { loadConfig, loadGoldens, loadSeats } from '../../formats/load.js';
import { withTwins } from '../../formats/twins/index.js';
import { inputChanges } from '../../runlog/input-changes.js';
import { readManifest } from '../../runlog/manifest.js';
import { hashInputs } from '../../runlog/run-inputs.js';
import { type RunBenchOptions, type RunBenchResult, runBench } from '../run/index.js';

export interface ReplayOptions
  extends Pick<
    RunBenchOptions,
    'stdout' | 'stderr' | 'tty' | 'display' | 'env' | 'reporters' | 'concurrency' | 'signal'
  > {
  /** The recorded run folder. */
  dir: string;
  /** The new run folder (default: <config outDir>/<new run id>). */
  out?: string;
  /** A shared turn cache to look in after the run's own record. */
  cacheDir?: string;
}

export async function replayRun(opts: ReplayOptions): Promise<RunBenchResult> {
  const { dir, out, cacheDir, ...rest } = opts;
  const m = readManifest(dir);
  const configFile = existsSync(m.configFile) ? m.configFile : undefined;
  const { config, file } = loadConfig(configFile);
  const goldens = loadGoldens(m.goldenPaths);
  const seats = loadSeats(m.seatPaths);
  if (!m.inputs)
    throw new InputError(
      `bench replay ${dir}: run.json records no input hashes, so its inputs cannot be checked`,
    );
  // A changed golden, seat or config would not replay the same trials: refused, as --resume does.
  const changes = inputChanges(
    m.inputs,
    hashInputs(config, file, withTwins(goldens, config.twins), seats, m.plan),
  );
  if (changes.length)
    throw new InputError(
      `bench replay ${dir}: the inputs changed since the run was recorded:\n  ${changes.join('\n  ')}`,
    );
  return runBench({
    ...rest,
    inputs: { config, configFile: file, goldens, seats },
    goldens: m.plan.goldens,
    seats: m.plan.seats,
    gates: m.plan.gateSets,
    reps: m.plan.repetitions,
    seed: m.plan.seed,
    shard: m.plan.shard ?? undefined,
    ceiling: m.plan.ceiling ?? false,
    // a run recorded with --no-assert judged no rules; its replay judges none either
    ...(m.assert !== undefined && m.assert.length === 0 && config.assert.length ? { assert: false } : {}),
    out,
    cache: { replayOf: dir, cacheDir, replaySkipped: m.skipped },
  });
}
