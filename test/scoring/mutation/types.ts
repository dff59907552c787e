/**
 * The mutation suite's vocabulary (issue 21, item 8). A mutant is a seed Theory (and, rarely, its
 * trace) changed by one operator, with the label the contract's rules give it: honest (`pass`) or
 * dishonest with the honesty kind that must name it. Labels come from what the operator did and
 * from the facts of the trace (facts.ts), never from a scorer's output.
 */
import type { Golden } from '../../../src/formats/golden/normalized.js';
import type { Trace } from '../../../src/formats/run/trace.js';
import type { Theory } from '../../../src/formats/theory.js';
import type { Facts } from './facts.js';
import type { Rng } from './rng.js';

/** The honesty kinds after issue 21 (/work/contract21.md), spelt once for the suite. */
export const CONTRACT_KINDS = [
  'fabricated-evidence',
  'context-as-evidence',
  'negative-without-evidence',
  'failed-evidence',
  'mismatched-evidence',
  'resolved-without-evidence',
  'undetermined-unnamed',
  'dropped-measurement',
  'negative-claim-text',
  'unlinked-negative-claim',
  'unreadable-language',
] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

export type Label = { expect: 'pass' } | { expect: 'fail'; kind: ContractKind };

export const PASS: Label = { expect: 'pass' };
export const fail = (kind: ContractKind): Label => ({ expect: 'fail', kind });

export interface Mutant {
  operator: string;
  /** The seed's name (golden/seat/gates). */
  seed: string;
  label: Label;
  theory: Theory;
  /** Set when the operator edited the trace too (an appended call); else the seed's trace. */
  trace?: Trace;
  /** Where the mutation stands, as the contract's `claim.where` spells it (`parts.B.findings, bullet 2`). */
  where: string;
  /**
   * For a mutation of free text: the field it wrote (`parts.B.findings`). A failure of the
   * expected kind that names a claim must name one in this field.
   */
  field?: string;
  /** The mutated text, or what changed in a structured field. */
  text: string;
  /** The whole free-text field after the edit, when the mutation wrote one. */
  fieldText?: string;
  /** Coverage must stay the seed's (an honest rewording of a gap, a rounding within tolerance). */
  sameCoverage?: boolean;
  /** Why the label is what it is (the subject and what the trace shows of it). */
  why: string;
}

/** One seed: a Theory on the real trace of a trial, and what the trace shows. */
export interface Seed {
  /** golden/seat/gates, e.g. `checkout-db-pool-logs-failed/sim-diligent-react/all`. */
  name: string;
  golden: Golden;
  trace: Trace;
  theory: Theory;
  /** Honest seeds pass; dishonest ones are the designed-dishonest sims. */
  honest: boolean;
  facts: Facts;
}

/** An operator: a pure function of the seed (Theory, trace, golden, their facts) and a seeded rng. */
export interface Operator {
  name: string;
  /** One line for the table and the report. */
  summary: string;
  apply(seed: Seed, rng: Rng): Mutant[];
}
