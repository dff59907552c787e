/**
 * scorecard.json: the Scorecard as built, versioned (its schema and reader: formats/run/scorecard.ts,
 * which refuses other versions with exit 2).
 */

import type { Scorecard } from '../scoring/index.js';
import { fileReporter } from './lifecycle.js';

/** Key order is fixed by how the scorecard is built; two spaces for reviewable diffs. */
export function renderScorecardJson(sc: Scorecard): string {
  return `${JSON.stringify(sc, null, 2)}\n`;
}

/** The part of a scorecard two runs with the same seeds must agree on: everything but `meta`. */
export function comparable(sc: Scorecard): Omit<Scorecard, 'meta'> {
  const { meta: _meta, ...rest } = sc;
  return rest;
}

export const jsonReporter = fileReporter('scorecard.json', renderScorecardJson);
