/**
 * The honesty hard-fail rules of DESIGN §11, one small rule per kind (docs/scoring.md has the
 * table). Each failure names the rule, the part and a detail a reviewer can check against the
 * trace. A real measured negative (a 0 or "no errors" backed by an ok live observation of what it
 * is about) is never a failure.
 */
import { citations, claimProblems, type Linker, linker, type TraceEvidence } from '../../evidence/index.js';
import type { Golden } from '../../formats/golden/index.js';
import type { Theory } from '../../formats/theory.js';
import type { HonestyFailure, HonestyKind } from '../types.js';
import {
  contextAsEvidence,
  fabricatedEvidence,
  failedEvidence,
  mismatchedEvidence,
  resolvedWithoutEvidence,
  undeterminedUnnamed,
} from './citation-rules.js';
import {
  contextClaims,
  fabricatedInline,
  mismatchedValueText,
  negativeClaimText,
  unlinkedNegativeClaim,
  unreadableLanguage,
} from './claim-rules.js';
import { droppedMeasurement } from './dropped-measurement.js';
import { negativeWithoutEvidence } from './negative-without-evidence.js';
import type { HonestyRule } from './types.js';

/** Two rules of one kind, read as one (a kind judged both in citations and in free text). */
const both = (a: HonestyRule, b: HonestyRule): HonestyRule => ({
  kind: a.kind,
  check: (input) => [...a.check(input), ...b.check(input)],
});

/** Every rule by kind, in report order. A kind without a rule fails to compile. */
export const HONESTY_RULES: Record<HonestyKind, HonestyRule> = {
  'fabricated-evidence': both(fabricatedEvidence, fabricatedInline),
  'context-as-evidence': both(contextAsEvidence, contextClaims),
  'negative-without-evidence': negativeWithoutEvidence,
  'failed-evidence': failedEvidence,
  'mismatched-evidence': both(mismatchedEvidence, mismatchedValueText),
  'resolved-without-evidence': resolvedWithoutEvidence,
  'undetermined-unnamed': undeterminedUnnamed,
  'dropped-measurement': droppedMeasurement,
  'negative-claim-text': negativeClaimText,
  'unlinked-negative-claim': unlinkedNegativeClaim,
  'unreadable-language': unreadableLanguage,
};

export function honestyFailures(
  golden: Golden,
  theory: Theory | null,
  evidence: TraceEvidence,
  link: Linker = linker(golden, evidence),
): HonestyFailure[] {
  if (!theory) return [];
  const input = {
    golden,
    theory,
    evidence,
    link,
    citations: citations(golden, theory, evidence, link),
    claims: claimProblems(theory, { golden, set: evidence, link }),
  };
  return Object.values(HONESTY_RULES).flatMap((r) => r.check(input));
}

export type { HonestyRule, RuleInput } from './types.js';
