/** scorecard.json: versioned; reading refuses other versions (exit 2). */

import { parseRunFile, ScorecardFile } from '../formats/run/index.js';
import { SCORECARD_FORMAT, type Scorecard } from '../scoring/index.js';
import { fileReporter } from './lifecycle.js';

/** Key order is fixed by how the scorecard is built; two spaces for reviewable diffs. */
export function renderScorecardJson(sc: Scorecard): string {
  return `${JSON.stringify(sc, null, 2)}\n`;
}

export function parseScorecard(text: string, file: string): Scorecard {
  // Every field the diff and the reporters read is checked here: a missing one is bad input.
  parseRunFile(file, text, ScorecardFile, 'scorecard', {
    format: { want: SCORECARD_FORMAT, hint: 're-render it with this version (bench report DIR)' },
  });
  return JSON.parse(text) as Scorecard;
}

/** The part of a scorecard two runs with the same seeds must agree on: everything but `meta`. */
export function comparable(sc: Scorecard): Omit<Scorecard, 'meta'> {
  const { meta: _meta, ...rest } = sc;
  return rest;
}

export const jsonReporter = fileReporter('scorecard.json', renderScorecardJson);
