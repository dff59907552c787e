/**
 * Claims read out of a Theory's text (docs/scoring.md, Claims): normalised, split into clauses,
 * their polarity and subject linked to the golden's measurements, then judged against the calls
 * they rest on.
 * This index is the part's one door: code outside the folder imports it from here only.
 */
export { fold } from './fold.js';
export type { ClaimPart, ClaimProblem, ClaimRef, ReadClaim } from './judge.js';
export { claimProblems, readClaims } from './judge.js';
export { detectLanguage } from './language.js';
export { normalizeText } from './normalize.js';
export type { Linker, Subject } from './subject.js';
export { linker } from './subject.js';
