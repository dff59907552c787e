/**
 * `bench score`: judge an external trace offline, from files. Bad files are bad input (exit 2); a
 * verdict other than pass is exit 1, with the rule that fired and why (scoring/explain.ts).
 */

import { withSelection } from '../../backend/index.js';
import { InputError, ThresholdError } from '../../errors.js';
import { loadConfig, loadTheory, readTrace } from '../../formats/load.js';
import type { Theory } from '../../formats/theory.js';
import { explainScore, scoreTrial, type TrialScore } from '../../scoring/index.js';
import { pickTrial } from '../import/index.js';
import { resolveOneGolden } from '../resolve.js';

export interface ScoreFilesOptions {
  /** A golden reference (commands/resolve.ts): a path, an id, a glob or tag naming exactly one. */
  golden: string;
  /** A trace.jsonl; or, instead, `otlp`. */
  trace?: string;
  /** An OTLP file (JSON or protobuf; docs/import.md) whose trace is scored instead of `trace`. */
  otlp?: string;
  /** With `otlp` holding several traces: the one to score (its rematch.trial.id or trace id). */
  trial?: string;
  /** Theory JSON; default: the last `theory` event in the trace. */
  theory?: string;
  /** Default: the config's thresholds.passCorrectness. */
  passCorrectness?: number;
  /** Config file for golden ids and the pass threshold (default bench.config.yaml, if present). */
  config?: string;
}

export function scoreFiles(opts: ScoreFilesOptions, warn: (s: string) => void = () => {}): TrialScore {
  const config = () => loadConfig(opts.config).config;
  const golden = resolveOneGolden(opts.golden, config);
  if ((opts.trace === undefined) === (opts.otlp === undefined))
    throw new InputError('bench score: give --trace FILE or --otlp FILE (one of them)');
  if (opts.trial !== undefined && opts.otlp === undefined)
    throw new InputError('bench score: --trial names a trace of an --otlp file');
  const file = opts.trace ?? opts.otlp ?? '';
  const trace = opts.otlp ? pickTrial(opts.otlp, golden, opts.trial, warn) : readTrace(file);
  if (trace.header.golden !== golden.id) {
    throw new InputError(
      `${file}: the trace is of golden "${trace.header.golden}", not "${golden.id}" (${opts.golden})`,
    );
  }
  let theory: Theory | null = null;
  if (opts.theory) theory = loadTheory(opts.theory);
  else {
    for (const e of trace.events) if (e.type === 'theory') theory = e.theory;
  }
  // A trace from elsewhere (or an older one) gets its selection record first: judged as ours are.
  return scoreTrial(golden, withSelection(golden, trace), theory, { passCorrectness: passThreshold(opts) });
}

const passThreshold = (opts: ScoreFilesOptions): number =>
  opts.passCorrectness ?? loadConfig(opts.config).config.thresholds.passCorrectness;

/**
 * The CLI's side: the TrialScore as JSON on stdout (what scripts read, as before), the verdict and
 * its reasons for people on stderr, and exit 1 (ThresholdError) unless the verdict is pass.
 */
export function scoreCommand(
  opts: ScoreFilesOptions,
  out: { stdout: (s: string) => void; stderr: (s: string) => void },
): TrialScore {
  const score = scoreFiles(opts, out.stderr);
  out.stdout(`${JSON.stringify(score, null, 2)}\n`);
  const why = explainScore(score, { passCorrectness: passThreshold(opts) });
  const text = [why.headline, ...why.reasons.map((r) => `  ${r}`)].join('\n');
  if (score.verdict !== 'pass') throw new ThresholdError(`score: ${text}`);
  out.stderr(`score: ${text}\n`);
  return score;
}
