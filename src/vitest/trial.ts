/**
 * `runTrial`: `bench trial` from a test. One golden × seat × gate set, run, scored and written to
 * its folder as the CLI does; the result is data for the matchers, never a thrown verdict (a
 * failing trial is what a test asserts on). Bad input (an unknown option, golden or gate set)
 * throws the CLI's InputError.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { cacheOptionsOf } from '../commands/flags.js';
import { parseOptions } from '../commands/options.js';
import { runOneTrial } from '../commands/trial/index.js';
import type { TrialRecord, TrialScore, Verdict } from '../scoring/index.js';
import { TrialOptions } from './options.js';

/** One trial as the matchers judge it. */
export interface Trial {
  id: string;
  golden: string;
  seat: string;
  /** The gate set's name. */
  gates: string;
  rep: number;
  seed: number;
  /** The trial's folder (trace.jsonl, theory.json, score.json). */
  dir: string;
  /** trace.jsonl, or null when the seat was skipped (or the trial is a null baseline). */
  traceFile: string | null;
  /** `skipped`: a real seat whose key variable is unset (its reason in `skipped`). */
  verdict: Verdict | 'skipped';
  score: TrialScore | null;
  skipped?: string;
  /** The config's pass threshold the verdict was judged with. */
  passCorrectness: number;
}

export async function runTrial(options: TrialOptions): Promise<Trial> {
  const { cache, cacheOnly, cacheDir, ...flags } = parseOptions('runTrial', TrialOptions, options);
  const t = await runOneTrial({
    ...flags,
    cache: cacheOptionsOf({ cache, cacheOnly, cacheDir }, process.env),
  });
  const { spec } = t.outcome;
  const base = {
    id: t.id,
    golden: spec.golden.id,
    seat: spec.seat.name,
    gates: spec.gateSet.name,
    rep: spec.rep,
    seed: spec.seed,
    dir: t.dir,
    passCorrectness: t.passCorrectness,
  };
  if (t.outcome.kind === 'skipped' || !t.score)
    return {
      ...base,
      traceFile: null,
      verdict: 'skipped',
      score: null,
      skipped: t.outcome.kind === 'skipped' ? t.outcome.reason : 'not scored',
    };
  return { ...base, traceFile: t.outcome.traceFile, verdict: t.score.verdict, score: t.score };
}

/** A journaled trial of a run folder (`runMatrix`) as a Trial. */
export function trialOfRecord(runDir: string, r: TrialRecord, passCorrectness: number): Trial {
  const dir = join(runDir, r.dir);
  const trace = join(dir, 'trace.jsonl');
  return {
    id: r.id,
    golden: r.golden,
    seat: r.seat,
    gates: r.gateSet,
    rep: r.rep,
    seed: r.seed,
    dir,
    traceFile: existsSync(trace) ? trace : null,
    verdict: r.score.verdict,
    score: r.score,
    passCorrectness,
  };
}
