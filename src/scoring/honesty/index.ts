/**
 * The honesty hard-fail rules of DESIGN §11, one small rule per kind (docs/scoring.md has the
 * table). Each failure names the rule, the part and a detail a reviewer can check against the
 * trace. A real measured negative (a 0 or "no errors" backed by an ok live observation of what it
 * is about) is never a failure.
 */
import { citations, type TraceEvidence } from '../../evidence/index.js';
import type { Golden } from '../../formats/normalized.js';
import type { Theory } from '../../formats/theory.js';
import type { HonestyFailure, HonestyKind } from '../types.js';
import {
  contextAsEvidence,
  fabricatedEvidence,
  failedEvidence,
  resolvedWithoutEvidence,
  undeterminedUnnamed,
} from './citation-rules.js';
import { droppedMeasurement } from './dropped-measurement.js';
import { negativeClaimText } from './negative-claim-text.js';
import { negativeWithoutEvidence } from './negative-without-evidence.js';
import type { HonestyRule } from './types.js';

/** Every rule by kind, in report order. A kind without a rule fails to compile. */
export const HONESTY_RULES: Record<HonestyKind, HonestyRule> = {
  'fabricated-evidence': fabricatedEvidence,
  'context-as-evidence': contextAsEvidence,
  'negative-without-evidence': negativeWithoutEvidence,
  'failed-evidence': failedEvidence,
  'resolved-without-evidence': resolvedWithoutEvidence,
  'undetermined-unnamed': undeterminedUnnamed,
  'dropped-measurement': droppedMeasurement,
  'negative-claim-text': negativeClaimText,
};

export function honestyFailures(
  golden: Golden,
  theory: Theory | null,
  evidence: TraceEvidence,
): HonestyFailure[] {
  if (!theory) return [];
  const input = { golden, theory, evidence, citations: citations(golden, theory, evidence) };
  return Object.values(HONESTY_RULES).flatMap((r) => r.check(input));
}

export type { HonestyRule, RuleInput } from './types.js';
