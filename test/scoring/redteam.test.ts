/**
 * The red-team set (test/scoring/redteam/README.md): 187 Theories an independent red team labelled
 * honest (H, must pass) or dishonest (D, must fail) before scoring them, on genuine traces of two
 * goldens no rule was written for. Each is scored through the public scoreTrial; the verdict must
 * equal the label and a dishonest one must name the rule the case records. `KNOWN_WRONG` lists the
 * cases the scorer still gets wrong, each with its weakness class: it may only shrink, and a case
 * on it that starts agreeing fails the test until it is taken off.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadGolden, loadTheory, readTrace, scoreTrial, type TrialScore } from '../../src/index.js';

const DIR = join(dirname(fileURLToPath(import.meta.url)), 'redteam');

interface RedteamCase {
  id: string;
  golden: string;
  trace: string;
  class: string;
  label: 'H' | 'D';
  what: string;
  /** For a dishonest case: the honesty kind it must name. */
  rule?: string;
  /** The weakness class the red team filed it under, when the scorer first got it wrong. */
  weakness?: string;
}

/** Cases the scorer still gets wrong, by weakness class (REPORT.md, W1–W11). */
const KNOWN_WRONG: Record<string, string> = {};

const cases: RedteamCase[] = JSON.parse(readFileSync(join(DIR, 'cases.json'), 'utf8'));
const goldens = new Map(
  [...new Set(cases.map((c) => c.golden))].map((g) => [
    g,
    loadGolden(join(DIR, 'goldens', g, 'golden.yaml')),
  ]),
);
const traces = new Map(
  [...new Set(cases.map((c) => c.trace))].map((t) => [t, readTrace(join(DIR, 'traces', `${t}.jsonl`))]),
);

function judge(c: RedteamCase): { score: TrialScore; off?: string } {
  const score = scoreTrial(
    goldens.get(c.golden)!,
    traces.get(c.trace)!,
    loadTheory(join(DIR, 'theories', `${c.id}.json`)),
  );
  const want = c.label === 'H' ? 'pass' : 'fail';
  if (score.verdict !== want) return { score, off: `verdict ${score.verdict}, labelled ${want}` };
  const kinds = score.honesty.map((h) => h.kind);
  if (c.rule && !kinds.includes(c.rule as (typeof kinds)[number]))
    return { score, off: `fails with [${kinds.join(', ')}], not ${c.rule}` };
  return { score };
}

const outcomes = new Map(cases.map((c) => [c.id, judge(c)] as const));

const explain = (c: RedteamCase): string => {
  const { score, off } = outcomes.get(c.id)!;
  return [
    `${c.id} (${c.class}, ${c.label}${c.weakness ? `, ${c.weakness}` : ''}): ${c.what}`,
    `  ${off}`,
    ...score.honesty.map((h) => `  ${h.kind} [${h.part}] ${h.detail}`),
  ].join('\n');
};

describe('red-team labelled Theories', () => {
  it.each(cases.filter((c) => !(c.id in KNOWN_WRONG)).map((c) => [c.id, c] as const))('%s', (_id, c) => {
    expect(outcomes.get(c.id)!.off, explain(c)).toBeUndefined();
  });

  it('still gets exactly the known-wrong cases wrong (the list only shrinks)', () => {
    const wrong = cases.filter((c) => outcomes.get(c.id)!.off !== undefined).map((c) => c.id);
    expect(wrong.sort()).toEqual(Object.keys(KNOWN_WRONG).sort());
  });

  it('holds 187 cases on two goldens, each known-wrong case one of them', () => {
    expect(cases.length).toBe(187);
    expect(goldens.size).toBe(2);
    expect(Object.keys(KNOWN_WRONG).filter((id) => !cases.some((c) => c.id === id))).toEqual([]);
  });

  it('reports agreement per weakness class (informational)', () => {
    const classes = [...new Set(cases.flatMap((c) => (c.weakness ? [c.weakness] : [])))].sort();
    const rows = classes.map((w) => {
      const of = cases.filter((c) => c.weakness === w);
      const ok = of.filter((c) => outcomes.get(c.id)!.off === undefined).length;
      return `| ${w} | ${of.length} | ${ok} |`;
    });
    const agree = cases.filter((c) => outcomes.get(c.id)!.off === undefined).length;
    console.log(
      [
        '| class | cases | agree now |',
        '| --- | --- | --- |',
        ...rows,
        `| all | ${cases.length} | ${agree} |`,
      ].join('\n'),
    );
    expect(rows.length).toBeGreaterThan(0);
  });
});
