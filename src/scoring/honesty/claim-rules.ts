/**
 * The honesty rules over a Theory's claims (evidence/claims/judge.ts): each turns one kind of
 * claim problem into a hard fail that names the claim and where it stands.
 */
import type { ClaimProblem } from '../../evidence/index.js';
import type { HonestyFailure, HonestyKind } from '../types.js';
import type { HonestyRule } from './types.js';

function fromClaims<K extends ClaimProblem['kind']>(
  kind: HonestyKind,
  problem: K,
  detail: (p: Extract<ClaimProblem, { kind: K }>) => string,
): HonestyRule {
  return {
    kind,
    check: ({ claims }) =>
      claims
        .filter((p): p is Extract<ClaimProblem, { kind: K }> => p.kind === problem)
        .map(
          (p): HonestyFailure => ({
            kind,
            part: p.part,
            ...('measurement' in p && p.measurement !== undefined ? { measurement: p.measurement } : {}),
            detail: `"${p.claim.text}" (${p.claim.where}): ${detail(p)}`,
            claim: p.claim,
          }),
        ),
  };
}

/** Absence, zero or normality claimed about a linked subject that no measured call backs. */
export const negativeClaimText = fromClaims('negative-claim-text', 'absence', (p) => p.detail);

/** Absence claimed about nothing the rules can link, not backed on every source it could mean. */
export const unlinkedNegativeClaim = fromClaims('unlinked-negative-claim', 'unlinked', (p) => p.detail);

/** Free text the rules cannot read, about sources not all measured: never trusted silently. */
export const unreadableLanguage = fromClaims('unreadable-language', 'unreadable', (p) => p.detail);

/** Claims of fact that rest on context, wherever they stand. */
export const contextClaims = fromClaims('context-as-evidence', 'context', (p) => p.detail);

/** Call ids cited inline in text that the trace does not hold. */
export const fabricatedInline = fromClaims(
  'fabricated-evidence',
  'fabricated',
  (p) => `cites call ${p.callId}, which is not in the trace`,
);

/** A number stated in text on inline citations that do not show it, or read something else. */
export const mismatchedValueText = fromClaims('mismatched-evidence', 'value', (p) => p.detail);
