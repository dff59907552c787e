/**
 * The held-out labelled suite for issue 21: hand-labelled (golden, trace, Theory) cases on two goldens
 * that are not shipped (test/scoring/heldout/<id>/golden.yaml), one or more for every class the issue
 * lists, each on both sides (a dishonest Theory that must fail with the named kind, a close honest
 * twin that must pass). Labels come from the words of the issue and of its contract, never from the
 * scorer (see test/scoring/heldout/README.md). Each case is scored through the public scoreTrial and
 * compared on the verdict, the exact set of honesty kinds and coverage A/B (to 1e-6). The last test
 * prints, per class, how many cases the scorer gets wrong (the figure the issue's "before" asks for).
 */
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadGolden, scoreTrial, type TrialScore } from '../../src/index.js';
import {
  CLASSES,
  CONTRACT_KINDS,
  caseFiles,
  goldenFile,
  type HeldoutCase,
  loadCase,
} from './heldout/cases.js';

type Golden = ReturnType<typeof loadGolden>;

const cases: HeldoutCase[] = caseFiles().map((f) => loadCase(f));
const goldens = new Map<string, Golden>();
const goldenOf = (id: string): Golden => {
  let g = goldens.get(id);
  if (!g) goldens.set(id, (g = loadGolden(goldenFile(id))));
  return g;
};

const kindSet = (kinds: string[]): string[] => [...new Set(kinds)].sort();

interface Outcome {
  score?: TrialScore;
  error?: string;
  /** What disagrees with the label: honesty kinds, coverage A, coverage B, verdict, or the load/score error. */
  off: string[];
}

function judge(c: HeldoutCase): Outcome {
  if (!c.parsedTheory) return { error: `Theory not loadable: ${c.loadError}`, off: ['load'] };
  let s: TrialScore;
  try {
    s = scoreTrial(goldenOf(c.golden), c.parsedTrace, c.parsedTheory, {
      ...(c.expect.passCorrectness !== undefined ? { passCorrectness: c.expect.passCorrectness } : {}),
    });
  } catch (e) {
    return { error: `scoreTrial threw: ${e instanceof Error ? e.message : String(e)}`, off: ['score'] };
  }
  const off: string[] = [];
  if (kindSet(s.honesty.map((h) => h.kind)).join() !== kindSet(c.expect.honesty).join())
    off.push('honesty kinds');
  if (Math.abs(s.parts.A.coverage - c.expect.coverage.A) > 1e-6) off.push('coverage A');
  if (Math.abs(s.parts.B.coverage - c.expect.coverage.B) > 1e-6) off.push('coverage B');
  if (s.verdict !== c.expect.verdict) off.push('verdict');
  return { score: s, off };
}

const outcomes = new Map(cases.map((c) => [c.name, judge(c)] as const));

function explain(c: HeldoutCase, o: Outcome): string {
  const head = [
    `case ${c.file}`,
    `  class: ${c.class}`,
    `  why: ${c.why}`,
    `  expected: ${c.expect.verdict} [${kindSet(c.expect.honesty).join(', ')}] A=${c.expect.coverage.A} B=${c.expect.coverage.B}`,
  ];
  const s = o.score;
  if (!s) return [...head, `  actual: ${o.error}`].join('\n');
  const honesty = s.honesty.map(
    (h) => `    ${h.kind} [${h.part}${h.measurement ? ` ${h.measurement}` : ''}] ${h.detail}`,
  );
  const notes = (['A', 'B'] as const).flatMap((p) =>
    s.parts[p].measurements.map(
      (m) => `    ${p} ${m.id}: ${m.credited ? 'credited' : 'not credited'} (${m.note})`,
    ),
  );
  return [
    ...head,
    `  actual:   ${s.verdict} [${kindSet(s.honesty.map((h) => h.kind)).join(', ')}] A=${s.parts.A.coverage} B=${s.parts.B.coverage} correctness=${s.correctness}`,
    '  honesty details:',
    ...(honesty.length ? honesty : ['    (none)']),
    '  coverage notes:',
    ...notes,
  ].join('\n');
}

describe('held-out labelled Theories (issue 21)', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const o = outcomes.get(c.name)!;
    expect(o.off, explain(c, o)).toEqual([]);
  });
});

describe('held-out suite: its own labels', () => {
  it('has two goldens of its own and at least 60 cases', () => {
    expect([...new Set(cases.map((c) => c.golden))].sort()).toEqual([
      'mesh-dns-nxdomain',
      'orders-poison-message',
    ]);
    expect(cases.length).toBeGreaterThanOrEqual(60);
  });

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

  it('expects a fail verdict whenever it expects an honesty kind', () => {
    const wrong = cases
      .filter((c) => c.expect.honesty.length > 0 && c.expect.verdict !== 'fail')
      .map((c) => c.name);
    expect(wrong).toEqual([]);
  });

  it('has both sides of every issue class, and every kind of the contract on both sides', () => {
    const dishonest = (c: HeldoutCase) => c.expect.honesty.length > 0;
    const missing = [
      // measured-negative is honest by definition; other-kinds holds the fail sides of kinds whose
      // pass sides are the baselines'; real-sim-traces is what the sims did.
      ...CLASSES.filter((cls) => !['measured-negative', 'other-kinds'].includes(cls)).flatMap((cls) =>
        [true, false]
          .filter((d) => !cases.some((c) => c.class === cls && dishonest(c) === d))
          .map((d) => `class ${cls} (${d ? 'dishonest' : 'honest'} side)`),
      ),
      ...CONTRACT_KINDS.flatMap((kind) =>
        (['fail', 'pass'] as const)
          .filter((side) => !cases.some((c) => c.exercises.some((e) => e.kind === kind && e.side === side)))
          .map((side) => `${kind} (${side} side)`),
      ),
    ];
    expect(missing).toEqual([]);
  });

  it('reports how many cases the scorer gets wrong per class (informational)', () => {
    const judged = (c: HeldoutCase) => outcomes.get(c.name)!.off.some((x) => !x.startsWith('coverage'));
    const coverageOnly = (c: HeldoutCase) => outcomes.get(c.name)!.off.length > 0 && !judged(c);
    const dishonest = (c: HeldoutCase) => c.expect.honesty.length > 0;
    const row = (label: string, of: HeldoutCase[]) => {
      const bad = of.filter(dishonest);
      const good = of.filter((c) => !dishonest(c));
      return `| ${label} | ${of.length} | ${bad.filter(judged).length}/${bad.length} | ${good.filter(judged).length}/${good.length} | ${of.filter(coverageOnly).length} | ${of.filter((c) => outcomes.get(c.name)!.off.length > 0).length} |`;
    };
    const rows = CLASSES.map((cls) =>
      row(
        cls,
        cases.filter((c) => c.class === cls),
      ),
    );
    // HELDOUT_REPORT=<file>: every case's label, score and disagreements as JSON, for a before/after diff.
    if (process.env.HELDOUT_REPORT) {
      const report = cases.map((c) => {
        const o = outcomes.get(c.name)!;
        const s = o.score;
        return {
          case: c.name,
          class: c.class,
          expected: {
            verdict: c.expect.verdict,
            honesty: kindSet(c.expect.honesty),
            coverage: c.expect.coverage,
          },
          actual: s
            ? {
                verdict: s.verdict,
                honesty: kindSet(s.honesty.map((h) => h.kind)),
                coverage: { A: s.parts.A.coverage, B: s.parts.B.coverage },
              }
            : { error: o.error },
          off: o.off,
        };
      });
      writeFileSync(process.env.HELDOUT_REPORT, `${JSON.stringify(report, null, 2)}\n`);
    }
    console.log(
      [
        '| class | cases | dishonest judged wrong | honest judged wrong | coverage only wrong | any wrong |',
        '| --- | --- | --- | --- | --- | --- |',
        ...rows,
        row('all', cases),
      ].join('\n'),
    );
    expect(rows.length).toBe(CLASSES.length);
  });
});
