/** The contract of an honesty rule: a pure check of one kind over the trial's evidence. */
import type { CitationProblem, ClaimProblem, Linker, TraceEvidence } from '../../evidence/index.js';
import type { Golden } from '../../formats/golden/index.js';
import type { Theory } from '../../formats/theory.js';
import type { HonestyFailure, HonestyKind } from '../types.js';

export interface RuleInput {
  golden: Golden;
  theory: Theory;
  evidence: TraceEvidence;
  /** The Theory's citation problems (evidence/citations.ts), computed once for every rule. */
  citations: CitationProblem[];
  /** The problems of its free-text claims (evidence/claims/judge.ts), computed once. */
  claims: ClaimProblem[];
  /** What names what in this golden and trace (evidence/claims/subject.ts). */
  link: Linker;
}

export interface HonestyRule {
  kind: HonestyKind;
  check(input: RuleInput): HonestyFailure[];
}
