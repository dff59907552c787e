/**
 * `runMatrix`: `bench run` from a test. goldens × seats × gate sets × repetitions into a run folder
 * (every report written, as the CLI's), then its matrix trials as data for the matchers. What would
 * make `bench run` exit 1 (a failed config `assert:` rule, nothing scored) does not throw here: it
 * is the run's `problems`, next to the trials a test asserts on. Bad input throws as the CLI's does.
 */
import { join, resolve } from 'node:path';
import { cacheOptionsOf, listFlag, parseShard, planOptions, reporterFlag } from '../commands/flags.js';
import { parseOptions } from '../commands/options.js';
import { newRunId, runBench } from '../commands/run/index.js';
import { ThresholdError } from '../errors.js';
import { loadConfig } from '../formats/load.js';
import { scorecardOf } from '../runlog/scorecard.js';
import { isBaseline, isCeiling, type Scorecard } from '../scoring/index.js';
import { MatrixOptions } from './options.js';
import { type Trials, trialsOf } from './select.js';
import { trialOfRecord } from './trial.js';

export interface Run extends Trials {
  /** The run folder: run.json, journal.jsonl, traces/, scorecard.md/.json, report.html ... */
  dir: string;
  scorecard: Scorecard;
  /** Why `bench run` would exit 1 with these options (one line each); empty when it would exit 0. */
  problems: string[];
  /** Real seats left out for want of their key variable. */
  skipped: { seat: string; reason: string }[];
}

const quiet = { write: () => true };

export async function runMatrix(options: MatrixOptions = {}): Promise<Run> {
  const o = parseOptions('runMatrix', MatrixOptions, options);
  // the folder is named before the run starts, so a run that "fails" can still be read back
  const dir = resolve(o.resume ?? o.out ?? join(loadConfig(o.config).config.outDir, newRunId()));
  let problems: string[] = [];
  try {
    await runBench({
      config: o.config,
      goldens: listFlag(o.golden),
      seats: listFlag(o.seat),
      gates: listFlag(o.gates),
      reps: o.reps,
      seed: o.seed,
      shard: o.shard === undefined ? undefined : parseShard(o.shard),
      ...planOptions({
        ablate: typeof o.ablate === 'string' ? [o.ablate] : o.ablate,
        effect: listFlag(o.effect),
      }),
      ...(o.resume ? { resume: dir } : { out: dir }),
      concurrency: o.concurrency,
      ...(o.workers !== undefined ? { workers: o.workers } : {}),
      retryErrors: o.retryErrors,
      minCorrectness: o.minCorrectness,
      maxCost: o.maxCost,
      cache: cacheOptionsOf(o, process.env),
      allowEmpty: o.allowEmpty,
      assert: o.assert,
      ...(o.history !== undefined ? { history: o.history } : {}),
      reporters: await reporterFlag(listFlag(o.reporter)),
      // nothing printed (the table, progress lines, skipped seats): a test reads the run's
      // trials, files and `skipped` instead
      stdout: quiet,
      stderr: quiet,
      tty: false,
    });
  } catch (e) {
    if (!(e instanceof ThresholdError)) throw e;
    problems = e.message.split('\n').filter(Boolean);
  }
  const scorecard = scorecardOf(dir, () => {});
  const pass = scorecard.run.thresholds.passCorrectness;
  const matrix = scorecard.trials.filter((t) => !isBaseline(t.seat) && !isCeiling(t.seat));
  return {
    ...trialsOf(
      matrix.map((r) => trialOfRecord(dir, r, pass)),
      `run ${dir}`,
    ),
    dir,
    scorecard,
    problems,
    skipped: scorecard.skipped,
  };
}
