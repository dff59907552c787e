/**
 * The labelled-Theory suite: hand-labelled (golden, trace, Theory) cases, each with the verdict,
 * the exact set of honesty kinds and the coverage the evidence and honesty rules demand. Labels
 * are written from the rules, never from the scorer's output; a failure here means the scorer and
 * the rules disagree (see each case's `why`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGolden, scoreTrial, type TrialScore } from '../../src/index.js';
import {
  caseFiles,
  GOLDEN_FILE,
  honestyKindsOfDoc,
  LABELLED_DIR,
  type LabelledCase,
  loadCase,
} from './labelled/cases.js';

const golden = loadGolden(GOLDEN_FILE);
const cases: LabelledCase[] = caseFiles().map((f) => loadCase(f));
const SCORING_DOC = join(LABELLED_DIR, '..', '..', '..', 'docs', 'scoring.md');

const kindSet = (kinds: string[]): string[] => [...new Set(kinds)].sort();

function explain(c: LabelledCase, s: TrialScore): string {
  const honesty = s.honesty.map(
    (h) => `    ${h.kind} [${h.part}${h.measurement ? ` ${h.measurement}` : ''}] ${h.detail}`,
  );
  const notes = (['A', 'B'] as const).flatMap((p) =>
    s.parts[p].measurements.map(
      (m) => `    ${p} ${m.id}: ${m.credited ? 'credited' : 'not credited'} (${m.note})`,
    ),
  );
  return [
    `case ${c.file}`,
    `  why: ${c.why}`,
    `  expected: ${c.expect.verdict} [${kindSet(c.expect.honesty).join(', ')}] A=${c.expect.coverage.A} B=${c.expect.coverage.B}`,
    `  actual:   ${s.verdict} [${kindSet(s.honesty.map((h) => h.kind)).join(', ')}] A=${s.parts.A.coverage} B=${s.parts.B.coverage} correctness=${s.correctness}`,
    '  honesty details:',
    ...(honesty.length ? honesty : ['    (none)']),
    '  coverage notes:',
    ...notes,
  ].join('\n');
}

describe('labelled Theories', () => {
  it('has the golden it was written for and at least 45 cases', () => {
    expect(golden.id).toBe('gateway-auth-breaker');
    expect(cases.length).toBeGreaterThanOrEqual(45);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const s = scoreTrial(golden, c.parsedTrace, c.parsedTheory, {
      ...(c.expect.passCorrectness !== undefined ? { passCorrectness: c.expect.passCorrectness } : {}),
    });
    // Every disagreement at once, so one run shows the whole gap between scorer and label.
    const off: string[] = [];
    const kinds = kindSet(s.honesty.map((h) => h.kind));
    if (kinds.join() !== kindSet(c.expect.honesty).join()) off.push('honesty kinds');
    if (Math.abs(s.parts.A.coverage - c.expect.coverage.A) > 1e-6) off.push('coverage A');
    if (Math.abs(s.parts.B.coverage - c.expect.coverage.B) > 1e-6) off.push('coverage B');
    if (s.verdict !== c.expect.verdict) off.push('verdict');
    expect(off, explain(c, s)).toEqual([]);
  });
});

describe('labelled suite: its own labels', () => {
  it('labels every exercised side consistently with the expected kinds', () => {
    const wrong = cases.flatMap((c) =>
      c.exercises
        .filter((e) => (e.side === 'fail') !== c.expect.honesty.includes(e.kind))
        .map(
          (e) =>
            `${c.name}: exercises ${e.kind} on its ${e.side} side but expects [${c.expect.honesty.join(', ')}]`,
        ),
    );
    expect(wrong).toEqual([]);
  });

  it('exercises every honesty kind of docs/scoring.md on its fail side and on its pass side', () => {
    const kinds = honestyKindsOfDoc(readFileSync(SCORING_DOC, 'utf8'));
    expect(kinds.length, 'no `kind` rows found in the Honesty table of docs/scoring.md').toBeGreaterThan(0);
    const missing = kinds.flatMap((kind) =>
      (['fail', 'pass'] as const)
        .filter((side) => !cases.some((c) => c.exercises.some((e) => e.kind === kind && e.side === side)))
        .map((side) => `${kind} (${side} side)`),
    );
    expect(missing, 'honesty kinds of docs/scoring.md without a labelled case').toEqual([]);
  });
});
