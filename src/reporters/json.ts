/** scorecard.json: versioned; reading refuses other versions (exit 2). */
import { InputError } from '../errors.js';
import { SCORECARD_FORMAT, type Scorecard } from '../scoring/index.js';
import { ScorecardFile } from '../spec/run-files.js';
import { parseRunFile } from '../spec/run-load.js';

/** Key order is fixed by how the scorecard is built; two spaces for reviewable diffs. */
export function renderScorecardJson(sc: Scorecard): string {
  return `${JSON.stringify(sc, null, 2)}\n`;
}

export function parseScorecard(text: string, file: string): Scorecard {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new InputError(`${file}: not JSON (${(e as Error).message})`);
  }
  const format = (v as { format?: unknown } | null)?.format;
  if (format !== SCORECARD_FORMAT) {
    throw new InputError(
      `${file}: scorecard format ${JSON.stringify(format)} is not ${SCORECARD_FORMAT}; re-render it with this version (bench report DIR)`,
    );
  }
  // Every field the diff and the reporters read, checked here: a missing one is bad input.
  parseRunFile(file, text, ScorecardFile, 'scorecard');
  return v as Scorecard;
}

/** The part of a scorecard two runs with the same seeds must agree on: everything but `meta`. */
export function comparable(sc: Scorecard): Omit<Scorecard, 'meta'> {
  const { meta: _meta, ...rest } = sc;
  return rest;
}
