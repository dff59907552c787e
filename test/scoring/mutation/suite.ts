/**
 * The suite: every operator on every seed, each mutant scored through the public `scoreTrial`,
 * and the invariant judged. A dishonest mutant must fail with its expected honesty kind (and, when
 * the failure names a claim, one in the field the mutation wrote); an honest mutant must pass with
 * no honesty failure, keeping the seed's coverage where the operator promises it.
 */

import type { Golden } from '../../../src/formats/golden/normalized.js';
import type { Theory } from '../../../src/formats/theory.js';
import { scoreTrial, type TrialScore } from '../../../src/index.js';
import { OPERATORS } from './operators/index.js';
import { rngFor } from './rng.js';
import type { Mutant, Operator, Seed } from './types.js';

/** A failure as the contract shapes it (`claim` arrives with issue 21). */
export interface Failure {
  kind: string;
  part: string;
  measurement?: string;
  detail: string;
  claim?: { text: string; where: string };
}

export interface Judged {
  mutant: Mutant;
  verdict: string;
  failures: Failure[];
  coverage: { A: number; B: number };
  seedCoverage: { A: number; B: number };
  /** The invariant holds for this mutant. */
  held: boolean;
  /** A dishonest mutant that failed, but not with its expected kind. */
  otherRule: boolean;
}

/** Every accept group matched (any term) in the root cause and summary (DESIGN §11). */
export function rootCauseMatches(golden: Golden, t: Theory): boolean {
  const text = [t.rootCause.component, t.rootCause.mechanism, t.rootCause.explanation, t.summary]
    .join('\n')
    .toLowerCase();
  return golden.rootCause.accept.every((g) => g.some((term) => text.includes(term.toLowerCase())));
}

/**
 * The mutants of one operator on one seed. An honest mutant that changes whether the root cause
 * matches (a replaced summary, say) is dropped: its verdict would move for a reason that is no
 * honesty rule's.
 */
export function mutantsOf(op: Operator, seed: Seed): Mutant[] {
  const rc = rootCauseMatches(seed.golden, seed.theory);
  return op
    .apply(seed, rngFor(`${op.name}/${seed.name}`))
    .filter((m) => m.label.expect === 'fail' || rootCauseMatches(seed.golden, m.theory) === rc);
}

export function allMutants(seeds: readonly Seed[], ops: readonly Operator[] = OPERATORS): Mutant[] {
  return ops.flatMap((op) => seeds.flatMap((s) => mutantsOf(op, s)));
}

const failuresOf = (s: TrialScore): Failure[] => s.honesty as Failure[];
const same = (a: number, b: number): boolean => Math.abs(a - b) < 1e-9;

export function judge(seed: Seed, seedScore: TrialScore, m: Mutant): Judged {
  const s = scoreTrial(seed.golden, m.trace ?? seed.trace, m.theory);
  const failures = failuresOf(s);
  const coverage = { A: s.parts.A.coverage, B: s.parts.B.coverage };
  const seedCoverage = { A: seedScore.parts.A.coverage, B: seedScore.parts.B.coverage };
  let held: boolean;
  let otherRule = false;
  if (m.label.expect === 'fail') {
    const kind = m.label.kind;
    const named = failures.some(
      (f) => f.kind === kind && (!m.field || !f.claim || f.claim.where.startsWith(m.field)),
    );
    held = s.verdict === 'fail' && named;
    otherRule = s.verdict === 'fail' && !named;
  } else {
    held =
      s.verdict === 'pass' &&
      failures.length === 0 &&
      (!m.sameCoverage || (same(coverage.A, seedCoverage.A) && same(coverage.B, seedCoverage.B)));
  }
  return { mutant: m, verdict: s.verdict, failures, coverage, seedCoverage, held, otherRule };
}

export interface SuiteRun {
  seeds: readonly Seed[];
  seedScores: Map<string, TrialScore>;
  judged: Judged[];
  ms: { generate: number; score: number };
}

export function runSuite(seeds: readonly Seed[], ops: readonly Operator[] = OPERATORS): SuiteRun {
  const t0 = performance.now();
  const seedScores = new Map(seeds.map((s) => [s.name, scoreTrial(s.golden, s.trace, s.theory)]));
  const byName = new Map(seeds.map((s) => [s.name, s]));
  const mutants = allMutants(seeds, ops);
  const t1 = performance.now();
  const judged = mutants.map((m) => {
    const seed = byName.get(m.seed)!;
    return judge(seed, seedScores.get(seed.name)!, m);
  });
  return { seeds, seedScores, judged, ms: { generate: t1 - t0, score: performance.now() - t1 } };
}

const clip = (s: string, n = 240): string => (s.length > n ? `${s.slice(0, n - 3)}...` : s);

/** One failing mutant, so the lead can fix the scorer from the message alone. */
export function explain(j: Judged): string {
  const m = j.mutant;
  const expected = m.label.expect === 'fail' ? `fail with ${m.label.kind}` : 'pass, no honesty failure';
  const kinds = [...new Set(j.failures.map((f) => f.kind))].join(', ') || 'none';
  const lines = [
    `${m.operator} on ${m.seed}`,
    `  text:     ${JSON.stringify(clip(m.text))}`,
    `  where:    ${m.where}`,
    ...(m.fieldText && m.fieldText !== m.text
      ? [`  field:    ${JSON.stringify(clip(m.fieldText, 400))}`]
      : []),
    `  why:      ${m.why}`,
    `  expected: ${expected}`,
    `  actual:   verdict ${j.verdict}, kinds [${kinds}], coverage A ${j.coverage.A} B ${j.coverage.B}${m.sameCoverage ? ` (seed A ${j.seedCoverage.A} B ${j.seedCoverage.B})` : ''}`,
    ...j.failures.map(
      (f) =>
        `    ${f.kind} [${f.part}${f.measurement ? ` ${f.measurement}` : ''}]${f.claim ? ` at ${f.claim.where}` : ''}: ${clip(f.detail, 200)}`,
    ),
  ];
  return lines.join('\n');
}
