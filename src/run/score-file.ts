/** `bench score`: judge an external trace offline, from files. Bad files are bad input (exit 2). */

import { InputError } from '../errors.js';
import { scoreTrial, type TrialScore } from '../scoring/index.js';
import { loadGolden, loadTheory, readTrace } from '../spec/load.js';
import type { Theory } from '../spec/theory.js';

export interface ScoreFilesOptions {
  golden: string;
  trace: string;
  /** Theory JSON; default: the last `theory` event in the trace. */
  theory?: string;
  passCorrectness?: number;
}

export function scoreFiles(opts: ScoreFilesOptions): TrialScore {
  const golden = loadGolden(opts.golden);
  const trace = readTrace(opts.trace);
  if (trace.header.golden !== golden.id) {
    throw new InputError(
      `${opts.trace}: the trace is of golden "${trace.header.golden}", not "${golden.id}" (${opts.golden})`,
    );
  }
  let theory: Theory | null = null;
  if (opts.theory) theory = loadTheory(opts.theory);
  else {
    for (const e of trace.events) if (e.type === 'theory') theory = e.theory;
  }
  return scoreTrial(golden, trace, theory, { passCorrectness: opts.passCorrectness });
}
