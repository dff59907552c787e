/** diffRuns: compare two runs (run folders or scorecard.json files) for a PR comment. */
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { InputError, ThresholdError } from '../errors.js';
import { readInput } from '../formats/files.js';
import type { RecordedGateSet } from '../formats/run-files.js';
import { type DiffResult, diffScorecards, parseScorecard } from '../reporters/index.js';
import { assertFile, writeOutFile } from '../runlog/out-path.js';
import { readManifest } from '../runlog/run-folder.js';
import { scorecardOf } from '../runlog/scorecard.js';
import { DEFAULT_FAIL_ON, parseFailOn, type Scorecard } from '../scoring/index.js';

export function readScorecard(path: string): Scorecard {
  const dir = existsSync(path) && statSync(path).isDirectory();
  const file = dir ? join(path, 'scorecard.json') : path;
  // A run folder written without the json reporter still holds its journal: score it from that.
  if (dir && !existsSync(file) && existsSync(join(path, 'run.json'))) return scorecardOf(path, () => {});
  if (!existsSync(file)) throw new InputError(`${file}: not found (give a run folder or a scorecard.json)`);
  return parseScorecard(readInput(file, 'scorecard'), file);
}

/** What each gate set meant in the run beside the scorecard (its run.json), when it says. */
export function readGateSets(path: string): Record<string, RecordedGateSet> | undefined {
  const dir = existsSync(path) && statSync(path).isDirectory() ? path : dirname(path);
  return existsSync(join(dir, 'run.json')) ? readManifest(dir).gateSets : undefined;
}

/**
 * `failOn` uses the --fail-on syntax (see scoring/fail-on.ts); default `correctness:0.05,honesty,repeats:1,ceiling`.
 * With `out`, the markdown is also written there; the path is checked before anything is read.
 */
export function diffRuns(
  base: string,
  head: string,
  failOn: string = DEFAULT_FAIL_ON,
  out?: string,
): DiffResult {
  const rules = parseFailOn(failOn);
  if (out !== undefined) assertFile(out, '--out');
  const r = diffScorecards(readScorecard(base), readScorecard(head), rules, {
    base: readGateSets(base),
    head: readGateSets(head),
  });
  if (out !== undefined) writeOutFile(out, r.markdown, '--out');
  return r;
}

/** `bench diff`: the markdown on `write`, then exit 1 (ThresholdError) when a rule was crossed. */
export function diffCommand(
  base: string,
  head: string,
  flags: { failOn?: string; out?: string },
  write: (s: string) => void,
): DiffResult {
  const r = diffRuns(base, head, flags.failOn, flags.out);
  write(r.markdown);
  if (r.regressions.length) {
    throw new ThresholdError(
      `${r.regressions.length} regression(s):\n${r.regressions.map((x) => `  ${x}`).join('\n')}`,
    );
  }
  return r;
}
