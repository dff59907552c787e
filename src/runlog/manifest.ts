/**
 * `run.json`, the run folder's manifest, and the folders older benches wrote: what each version
 * of a run folder looks like and how this one reads it. The schema is formats' (`RunManifestFile`,
 * formats/run/files.ts); this module reads and writes the file, and is the one place where what
 * an older folder lacks is filled in.
 *
 * run.json has had one format, `rematch.run/1`. Fields were added to it since; in a folder from
 * before each, it is absent and read as:
 *
 * | field | absent |
 * | --- | --- |
 * | `plan.ceiling` | off: a resume plans no ceiling trial (the schema's default) |
 * | `gateSets` | `bench diff` cannot say that a gate set's meaning changed; a resume records the plan's (`completeManifest`) |
 * | `assert` | `bench report` and `bench merge` judge no rules; a resume records the config's (`completeManifest`) |
 * | `assertPartial` | a full run (every full run leaves it out too) |
 * | `assertMatrix` | a partial run's pooled rules are judged on the goldens it ran |
 * | `elapsedMs` | the run's time is unknown: the scorecard's `meta.elapsed` has no `runMs` |
 * | `pricing`, `maxCost` | no prices, no spend cap recorded |
 * | `inputs` | `--resume` refuses: the inputs cannot be checked (input-changes.ts) |
 *
 * Beside run.json: a journal line without a checksum (journals before them) is refused, naming its
 * line (journal-line.ts); a folder's scorecard.json of an older format is scored again from the
 * folder's journal (`isOlderScorecard`, runlog/scorecard.ts `readScorecard`), and one without its
 * folder is refused, naming its version (formats/run/scorecard.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../errors.js';
import type { AssertRule } from '../formats/assert.js';
import { readInput, writeAtomic } from '../formats/files.js';
import {
  isOtherScorecardVersion,
  loadRunFile,
  type RecordedGateSet,
  RUN_FORMAT,
  type RunManifest,
  RunManifestFile,
} from '../formats/run/index.js';

export type { RunManifest };

export function readManifest(dir: string): RunManifest {
  const file = join(dir, 'run.json');
  if (!existsSync(file)) throw new InputError(`${dir}: not a run folder (no run.json)`);
  return loadRunFile(file, RunManifestFile, 'run manifest', { format: { want: RUN_FORMAT } });
}

export function writeManifest(dir: string, m: RunManifest): void {
  writeAtomic(join(dir, 'run.json'), `${JSON.stringify(m, null, 2)}\n`);
}

/**
 * What a manifest may lack, taken from this invocation: a new run's `assert:` rules, and in a
 * folder of an older bench being resumed, its rules and what its gate sets meant (its inputs were
 * checked against its hashes, so its gate sets are this plan's). A field present is kept.
 */
export function completeManifest(
  m: RunManifest,
  now: { assert: AssertRule[]; gateSets: () => Record<string, RecordedGateSet> },
): void {
  m.assert ??= now.assert;
  m.gateSets ??= now.gateSets();
}

/**
 * A scorecard.json written by an older bench (another `rematch.scorecard/` version): its run folder
 * is scored again from the journal instead (a base run cached by CI from an older bench, say).
 * A file that cannot be read or is not JSON is not older: the schema's reader says what is wrong.
 */
export function isOlderScorecard(file: string): boolean {
  try {
    return isOtherScorecardVersion(readInput(file, 'scorecard'));
  } catch {
    return false;
  }
}
