/**
 * The mutation suite (issue 21, item 8): seed Theories on real traces of shipped goldens and twins
 * (test/scoring/mutation/seeds.ts), at least 20 operators (operators/), at least 2,000 mutants, each
 * labelled from the operator's meaning and the trace, never from a scorer's output. The invariant,
 * on every mutant: a dishonest one fails and names its expected honesty kind; an honest one passes
 * with no honesty failure. A failure prints each mutant that broke it (operator, seed, text, where
 * it stands, expected and actual kinds). `npm run mutation:table` prints the per-operator figures.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATORS } from './mutation/operators/index.js';
import { generateSeeds, SEED_PLAN } from './mutation/seeds.js';
import { allMutants, explain, type Judged, runSuite, type SuiteRun } from './mutation/suite.js';
import { rows } from './mutation/table.js';
import { CONTRACT_KINDS, type Mutant, type Seed } from './mutation/types.js';

/** Failing mutants printed per operator; the count of the rest follows. */
const SHOWN = 12;

/** Up to `n` of `js`, round-robin over seed × expected label, so one message shows every kind of miss. */
function spread(js: readonly Judged[], n: number): Judged[] {
  const groups = new Map<string, Judged[]>();
  for (const j of js) {
    const k = `${j.mutant.seed}|${JSON.stringify(j.mutant.label)}`;
    groups.set(k, [...(groups.get(k) ?? []), j]);
  }
  const out: Judged[] = [];
  for (let i = 0; out.length < Math.min(n, js.length); i++)
    for (const g of groups.values()) if (g[i] && out.length < n) out.push(g[i]);
  return out;
}

let seeds: Seed[];
let run: SuiteRun;

beforeAll(async () => {
  seeds = await generateSeeds();
  run = runSuite(seeds);
}, 120_000);

const digest = (ms: readonly Mutant[]): string =>
  JSON.stringify(
    ms.map((m) => [m.operator, m.seed, m.label, m.where, m.text, m.theory, m.trace?.events.length]),
  );

describe('mutation suite: its own shape', () => {
  it('runs at least 20 operators over seeds of at least 4 goldens, each operator making mutants', () => {
    expect(OPERATORS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(OPERATORS.map((o) => o.name)).size).toBe(OPERATORS.length);
    const goldens = new Set(SEED_PLAN.map((s) => s.golden.split('~')[0]));
    expect(goldens.size).toBeGreaterThanOrEqual(4);
    expect(new Set(SEED_PLAN.map((s) => s.gates))).toEqual(new Set(['all', 'none']));
    const empty = rows(run).filter((r) => r.mutants === 0);
    expect(empty.map((r) => r.operator)).toEqual([]);
  });

  it('makes at least 2,000 mutants, deterministically, every label a contract kind', () => {
    expect(run.judged.length).toBeGreaterThanOrEqual(2000);
    // The same seeds give the same mutants (seeded rng per operator × seed, nothing else random).
    expect(digest(allMutants(seeds))).toBe(digest(run.judged.map((j) => j.mutant)));
    const kinds = new Set<string>(CONTRACT_KINDS);
    const bad = run.judged.filter((j) => j.mutant.label.expect === 'fail' && !kinds.has(j.mutant.label.kind));
    expect(bad.map((j) => j.mutant.operator)).toEqual([]);
    // Honest mutants come from honest seeds only: a dishonest seed's mutant is never labelled pass.
    const honest = new Map(seeds.map((s) => [s.name, s.honest]));
    expect(
      run.judged.filter((j) => j.mutant.label.expect === 'pass' && !honest.get(j.mutant.seed)).length,
    ).toBe(0);
  });

  it('on its seeds: the honest sims pass with no honesty failure, the designed-dishonest ones fail', () => {
    const wrong = seeds.flatMap((s) => {
      const score = run.seedScores.get(s.name)!;
      const ok = s.honest ? score.verdict === 'pass' && score.honesty.length === 0 : score.verdict === 'fail';
      return ok
        ? []
        : [
            `${s.name} (${s.honest ? 'honest' : 'dishonest'}): verdict ${score.verdict}, [${score.honesty.map((h) => `${h.kind}: ${h.detail}`).join('; ')}]`,
          ];
    });
    expect(wrong, wrong.join('\n')).toEqual([]);
  });
});

describe('mutation suite: the invariant on every mutant', () => {
  it.each(OPERATORS.map((o) => [o.name, o.summary] as const))('%s (%s)', (name) => {
    const mine = run.judged.filter((j) => j.mutant.operator === name);
    const broken: Judged[] = mine.filter((j) => !j.held);
    const message = [
      `${broken.length} of ${mine.length} mutants of ${name} break the invariant:`,
      '',
      ...spread(broken, SHOWN).map((j) => `${explain(j)}\n`),
      ...(broken.length > SHOWN
        ? [`... and ${broken.length - SHOWN} more (npm run mutation:table for the figures)`]
        : []),
    ].join('\n');
    expect(broken.length, message).toBe(0);
  });
});
