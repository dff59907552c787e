/**
 * A comparison that asserts normality against a baseline ("no worse than last week", "same as
 * usual", "within the usual range") is a claim about the baseline period too. It is backed only by
 * a measured call about its subject that read that period (a range, an `offset` or a range
 * query's start reaching it), or by one that showed zero: nothing is worse than none. A named
 * period (yesterday, last week, last month) must be reached; "usual", "baseline", "typical" and
 * "as before" (and the Spanish, Portuguese, German and French habitual/üblich/habituel) name none and need any read before the incident started (the alert's `activeAt`
 * less its `for`). A bare "normal" is a present-state claim, not a comparison.
 */
import type { Golden } from '../../formats/golden/index.js';
import { parseDuration } from '../../formats/time.js';
import type { EvidenceCall } from '../calls.js';

export interface Baseline {
  /** The words it was read from ("last week", "usual"). */
  label: string;
  /** How far back the named period lies; undefined: any time before the incident. */
  periodMs?: number;
}

const DAY = 864e5;
const CMP =
  '(?:than|as|to|with|from|vs\\.?|versus|since|like|over)\\s+(?:(?:the\\s+)?same\\s+time\\s+|at\\s+this\\s+time\\s+)?';
const PERIODS: readonly [RegExp, number][] = [
  [new RegExp(`\\b${CMP}(?:yesterday|a\\s+day\\s+(?:ago|before)|the\\s+(?:previous|prior)\\s+day)\\b`), DAY],
  [
    new RegExp(`\\b${CMP}(?:last\\s+week|a\\s+week\\s+(?:ago|before)|the\\s+(?:previous|prior)\\s+week)\\b`),
    7 * DAY,
  ],
  [
    new RegExp(
      `\\b${CMP}(?:last\\s+month|a\\s+month\\s+(?:ago|before)|the\\s+(?:previous|prior)\\s+month)\\b`,
    ),
    30 * DAY,
  ],
  [/\b(?:day|week|month)[\s-]+over[\s-]+(?:day|week|month)\b/, DAY],
];
const USUAL =
  /\b(?:usual|usually|typical|typically|historical|historically|baseline|customary|habitual\w*|ublich\w*|gewohnlich\w*|habituel\w*|usuel\w*)\b|\b(?:than|as)\s+(?:before|ever|always)\b|\bbefore\s+the\s+(?:incident|alert|outage)\b|\bpre[\s-]?incident\b|\bnormal\s+(?:range|levels?|band|bounds|rate)\b|\b(?:than|as)\s+normal\b/;

/** The baseline a clause compares with, if it compares with one. */
export function baselineOf(folded: string): Baseline | undefined {
  for (const [re, periodMs] of PERIODS) {
    const m = re.exec(folded);
    if (m) return { label: m[0].trim(), periodMs };
  }
  const u = USUAL.exec(folded);
  return u ? { label: u[0].trim() } : undefined;
}

/** "No worse.", "Not higher.": a comparison that takes its baseline from the clause before. */
export const COMPARATIVE =
  /\b(?:no|not|hardly|barely)\s+(?:any\s+)?(?:worse|higher|different|more|greater|above)\b|\b(?:comparable|similar|unchanged|same)\b/;

/** When the incident began: the alert's `activeAt` less its `for`. */
export function incidentStartMs(golden: Golden): number {
  const forMs = golden.alert.for ? (parseDuration(golden.alert.for) ?? 0) : 0;
  return golden.ms.activeAt - forMs;
}

/** Did a call read the baseline period? */
export function readsBaseline(c: EvidenceCall, b: Baseline, golden: Golden): boolean {
  if (c.fromMs === undefined) return false;
  return b.periodMs !== undefined
    ? c.fromMs <= golden.ms.now - b.periodMs
    : c.fromMs < incidentStartMs(golden);
}
