/**
 * How reports speak of a golden's ceiling (DESIGN §11). A ceiling that does not pass means the
 * golden cannot be passed honestly: its rows then say nothing about the gates, and every report
 * says so in the same words.
 */
import type { CeilingResult, Scorecard } from '../scoring/index.js';

export const CEILING_MEANING =
  'the golden cannot be passed honestly, so its rows say nothing about the gates';

/** Ceilings that did not pass (fail or unscored); a scorecard from before the ceiling has none. */
export function failedCeilings(sc: Scorecard): CeilingResult[] {
  return (sc.ceilings ?? []).filter((c) => c.verdict !== 'pass');
}

/** One line per ceiling that did not pass. */
export function ceilingLines(sc: Scorecard): string[] {
  return failedCeilings(sc).map(
    (c) => `ceiling of ${c.golden} does not pass (${c.headline}): ${CEILING_MEANING}`,
  );
}
