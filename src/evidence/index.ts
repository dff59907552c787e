/**
 * The ONE definition of evidence (DESIGN §4, §11): an ok live observation of a source, a call that
 * really failed, a gap naming a failed query, which measurement a call or a sentence is about.
 * The toolClasses gate, the host's Theory repair and the scorer all judge through it.
 */

export { sampleValues } from '../formats/run/index.js';
export type { Source } from '../formats/vocabulary.js';
export { isAbout } from './about.js';
export {
  type EvidenceCall,
  type EvidenceSet,
  evidenceSet,
  hasOkLive,
  isMeasured,
  isNotEvidenceClass,
  isOkLive,
  isReallyFailed,
  isUnproductive,
  reachedBackend,
} from './calls.js';
export { type CitationProblem, citations, partNeeds } from './citations.js';
export {
  type ClaimPart,
  type ClaimProblem,
  type ClaimRef,
  claimProblems,
  type Linker,
  linker,
  type ReadClaim,
  readClaims,
  type Subject,
} from './claims/index.js';
export { evidenceFromTrace, type TraceEvidence } from './from-trace.js';
export { callNamedByGap, type GapAccept, textNamesQuery } from './gaps.js';
export {
  normalizeQuery,
  parsesWithSelector,
  type QueryParts,
  queryParts,
  type SelectorPart,
} from './query-parts.js';
export { isZeroValue, showsValue, showsValueJointly } from './values.js';
