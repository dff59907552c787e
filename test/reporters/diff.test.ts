/**
 * bench diff as a reviewer reads it: one summary line (the head run's summary, then the diff's
 * counts), the head's seat × golden grid, each changed row once with its status,
 * unchanged rows counted (their figures collapsed), wall / tokens / cost deltas by default, and
 * the rule options: --fail-on adds to the defaults, --fail-on-only replaces them, --pair pairs
 * differently named gate sets.
 */
import { describe, expect, it } from 'vitest';
import { diffScorecards, failOnRules } from '../../src/reporters/index.js';
import {
  compareScorecards,
  type GateTally,
  parseSetPairs,
  type TrialScore,
} from '../../src/scoring/index.js';
import { card, LYING, reps } from './diff-fixtures.js';

const slow = (wallMs: number, tokens: number, costUsd = 0): Partial<TrialScore> => ({
  timing: { clock: 'virtual', wallMs, modelMs: 0, toolMs: 0, queueMs: 0 },
  tokens: { input: tokens, output: 0, reasoning: 0 },
  costUsd,
});
const looping: Partial<TrialScore> = { ...LYING, fingerprints: ['f', 'f', 'f', 'f'] };

const base = card([
  ...reps(3, () => ({ seat: 'sim-x', gateSet: 'all', correctness: 1 })),
  ...reps(3, () => ({ seat: 'sim-y', gateSet: 'all', correctness: 1 })),
  ...reps(3, () => ({ seat: 'sim-z', gateSet: 'all', correctness: 0.6 })),
]);
// sim-x crosses two rules (honesty, repeats); sim-y is slower and hungrier, crossing none
const head = card([
  ...reps(3, () => ({ seat: 'sim-x', gateSet: 'all', correctness: 1, score: looping })),
  ...reps(3, () => ({ seat: 'sim-y', gateSet: 'all', correctness: 1, score: slow(20_000, 2400) })),
  ...reps(3, () => ({ seat: 'sim-z', gateSet: 'all', correctness: 0.6 })),
]);
const times = (text: string, s: string) => text.split(s).length - 1;

describe('bench diff markdown', () => {
  it('opens with the verdict, lists each regression once with its cause, then the table and the collapsed grid', () => {
    const d = diffScorecards(base, head);
    const lines = d.markdown.split('\n');
    // the verdict and the diff's counts, then the head's own summary
    expect(lines[0]).toBe(
      '**bench diff: regressed** · 1 regression, 0 improvements, 1 other change, 3 unchanged (5 rows) · HEAD: **9 trials** · pass **3/9** (33%) · honesty failures in 3 trials',
    );
    // each regression once, with the honesty rules that fired and a trial to open
    expect(lines.slice(1, 8)).toEqual([
      '',
      '**Regressions** (1; each once, with what changed in its trials):',
      '',
      '1. **pool × sim-x × all**: honesty failures in 0 → 3 trials; repeated fingerprints per trial 0.00 → 3.00',
      '   - cause: honesty rules fired negative-claim-text 0 → 3',
      '   - HEAD trials that moved: r1–3 (`pool/sim-x/all/r1` …); open one: `bench show HEAD/traces/pool/sim-x/all/r1`',
      '',
    ]);
    expect(d.counts).toMatchObject({ regression: 1, improvement: 0, changed: 1, unchanged: 3 });
    expect(d.regressions).toEqual([
      'pool × sim-x × all: honesty failures in 0 → 3 trials; repeated fingerprints per trial 0.00 → 3.00',
    ]);
    // the table of changed rows names each once more, with its figures
    expect(times(d.markdown, '| pool × sim-x × all |')).toBe(1);
    expect(d.markdown).toMatch(
      /\| pool × sim-x × all \| \*\*regression\*\* \| 1\.00 \| 100% → 0% \| \*\*0 → 3\*\* \| \*\*0\.00 → 3\.00\*\* \|/,
    );
    expect(d.markdown).toMatch(/\| pool × sim-y × all \| changed \|/);
    // the head's grid and the unchanged rows come last, collapsed
    const [visible, ...collapsed] = d.markdown.split('<details>');
    expect(visible).not.toContain('pool × sim-z × all');
    expect(visible).not.toContain('| seat | pool |');
    expect(collapsed[0]).toContain("<summary>HEAD's grid (1 golden)</summary>");
    expect(collapsed[0]).toMatch(/\n\| sim-x \| all 0\/3 1\.00 ⚠3 \|\n/);
    expect(collapsed[1]).toContain('<summary>3 unchanged rows</summary>');
    expect(times(collapsed[1], 'pool × sim-z × all')).toBe(1);
  });

  it('names the trials and gate decisions behind a regression from their traces', () => {
    const tally = (side: 'base' | 'head', t: { seat: string }): GateTally =>
      t.seat === 'sim-x' && side === 'base' ? { 'ledger steer': 1, 'ledger halt': 1 } : {};
    const d = diffScorecards(base, head, undefined, { tally, headDir: 'reports/head' });
    expect(d.markdown).toContain(
      '   - cause: gate decisions ledger halt 3 → 0, ledger steer 3 → 0; honesty rules fired negative-claim-text 0 → 3\n' +
        '   - HEAD trials that moved: r1–3 (`pool/sim-x/all/r1` …); open one: `bench show reports/head/traces/pool/sim-x/all/r1`',
    );
  });

  it('shows wall p50, tokens and (for priced seats) cost deltas without a rule for them', () => {
    const d = diffScorecards(base, head);
    expect(d.markdown).toContain('| 10.0s → 20.0s (+100%) | 1.2k → 2.4k (+100%) |');
    expect(d.markdown).not.toContain('cost/trial');
    expect(d.markdown).toContain('Cost: $0 on every row');
    const priced = card(
      reps(2, () => ({ seat: 'sim-y', gateSet: 'all', correctness: 1, score: slow(10_000, 1200, 0.01) })),
    );
    const dearer = card(
      reps(2, () => ({ seat: 'sim-y', gateSet: 'all', correctness: 1, score: slow(10_000, 1200, 0.03) })),
    );
    const p = diffScorecards(priced, dearer);
    expect(p.markdown).toContain('| cost/trial |');
    expect(p.markdown).toContain('$0.0100 → $0.0300 (+200%)');
    expect(p.regressions).toEqual([]);
    expect(diffScorecards(priced, dearer, failOnRules({ add: 'cost:1' })).regressions).toEqual([
      'pool × sim-y × all: cost per trial $0.0100 → $0.0300 (+200%)',
    ]);
  });

  it("labels improvements: the reverse diff's regressions", () => {
    const d = diffScorecards(head, base);
    expect(d.counts).toMatchObject({ regression: 0, improvement: 1, changed: 1, unchanged: 3 });
    expect(d.regressions).toEqual([]);
    expect(d.markdown.split('\n').slice(0, 5)).toEqual([
      '**bench diff: improved** · 0 regressions, 1 improvement, 1 other change, 3 unchanged (5 rows) · HEAD: **9 trials** · pass **6/9** (67%) · honesty failures in 0 trials',
      '',
      '**Improvements** (1):',
      '',
      '- pool × sim-x × all: honesty failures in 3 → 0 trials; repeated fingerprints per trial 3.00 → 0.00',
    ]);
    expect(d.markdown).toMatch(/\| pool × sim-x × all \| improvement \| 1\.00 \| 0% → 100% \| 3 → 0 \|/);
  });

  it('says unchanged, and nothing but the head grid, for identical runs', () => {
    const d = diffScorecards(base, base);
    const [first, ...rest] = d.markdown.split('\n');
    expect(first).toBe(
      '**bench diff: unchanged** · 5 rows: every figure, verdict and fingerprint sequence is identical · HEAD: **9 trials** · pass **6/9** (67%) · honesty failures in 0 trials',
    );
    expect(rest.filter((l) => l.startsWith('|')).every((l) => !l.includes(' × '))).toBe(true);
    expect(d.markdown.split('<details>')).toHaveLength(2);
    expect(d.changed).toBe(false);
  });

  it("stays under GitHub's comment limit: the unchanged rows go first, then changed rows, each cut said", () => {
    const many = (c: number) =>
      card(
        Array.from({ length: 700 }, (_, i) =>
          reps(2, () => ({ seat: `sim-seat-with-a-long-name-${i}`, gateSet: 'all', correctness: c })),
        ).flat(),
      );
    const d = diffScorecards(many(1), many(0.6));
    expect(d.markdown.length).toBeLessThanOrEqual(64_000);
    expect(d.markdown.split('\n')[0]).toMatch(
      /^\*\*bench diff: regressed\*\* · 700 regressions, .* · HEAD: \*\*1400 trials\*\*/,
    );
    // 20 regressions listed with their causes, the rest counted; the table holds as many as fit
    expect(d.markdown).toContain('… and 680 more regressions, in the table below.');
    expect(d.markdown).toMatch(
      /\| … \d+ more changed rows left out to keep the comment under GitHub's limit \|/,
    );
    expect(d.markdown).toContain('| pool × sim-seat-with-a-long-name-0 × all |');
  });
});

describe('bench diff rules', () => {
  it('--fail-on adds to the default rules (a rule named again takes the new threshold)', () => {
    expect(failOnRules()).toEqual({
      correctness: 0.05,
      honesty: true,
      repeats: 1,
      ceiling: true,
      removed: true,
    });
    expect(failOnRules({ add: 'wall:0.5,correctness:0.2' })).toEqual({
      correctness: 0.2,
      honesty: true,
      repeats: 1,
      ceiling: true,
      removed: true,
      wall: 0.5,
    });
    const d = diffScorecards(base, head, failOnRules({ add: 'wall:0.5' }));
    expect(d.regressions).toHaveLength(2);
    expect(d.regressions[1]).toBe('pool × sim-y × all: wall p50 10.00s → 20.00s (virtual clock)');
    expect(d.markdown).toContain('Rules `correctness:0.05,honesty,repeats:1,ceiling,removed,wall:0.5`');
  });

  it('--fail-on-only replaces them; none judges nothing; --fail-on none is refused', () => {
    const only = diffScorecards(base, head, failOnRules({ only: 'wall:0.5' }));
    expect(only.regressions).toEqual(['pool × sim-y × all: wall p50 10.00s → 20.00s (virtual clock)']);
    expect(only.counts).toMatchObject({ regression: 1, changed: 1 });
    expect(diffScorecards(base, head, failOnRules({ only: 'none' })).counts).toMatchObject({
      regression: 0,
      improvement: 0,
      changed: 2,
    });
    expect(() => failOnRules({ add: 'none' })).toThrow(/--fail-on-only none judges nothing/);
    expect(() => failOnRules({ only: 'speed:3' })).toThrow(/^--fail-on-only speed:3: bad rule/);
  });

  it('a gate set, seat or golden BASE ran and HEAD does not is a regression, named first', () => {
    const both = card([
      ...reps(2, () => ({ gateSet: 'none', correctness: 0.4, score: LYING })),
      ...reps(2, () => ({ gateSet: 'all', correctness: 1 })),
      ...reps(2, () => ({ seat: 'sim-y', gateSet: 'none', correctness: 1 })),
      ...reps(2, () => ({ seat: 'sim-y', gateSet: 'all', correctness: 1 })),
    ]);
    const noneOnly = card([
      ...reps(2, () => ({ gateSet: 'none', correctness: 0.4, score: LYING })),
      ...reps(2, () => ({ seat: 'sim-y', gateSet: 'none', correctness: 1 })),
    ]);
    const d = diffScorecards(both, noneOnly);
    expect(d.counts).toMatchObject({ regression: 2, removed: 0 });
    expect(d.regressions).toEqual([
      'pool × sim-x × all: in BASE, missing from HEAD',
      'pool × sim-y × all: in BASE, missing from HEAD',
    ]);
    const lines = d.markdown.split('\n');
    expect(lines[0]).toMatch(/^\*\*bench diff: regressed\*\* · 2 regressions, /);
    expect(lines.slice(1, 3)).toEqual([
      '',
      '**Removed from HEAD** (a regression under `removed`; `--fail-on-only` without it accepts a removal): gate set all (2 rows).',
    ]);
    // a seat dropped is named as the seat, not as its rows
    const seatGone = diffScorecards(
      both,
      card(reps(2, () => ({ gateSet: 'none', correctness: 0.4, score: LYING }))),
    );
    expect(seatGone.markdown).toContain('): seat sim-y (2 rows); gate set all (1 row).');
    // --fail-on-only without `removed` accepts it, and still says what is gone
    const ok = diffScorecards(both, noneOnly, failOnRules({ only: 'honesty' }));
    expect(ok.regressions).toEqual([]);
    expect(ok.markdown.split('\n')[2]).toBe(
      '**Removed from HEAD** (not judged: `removed` is not among the rules): gate set all (2 rows).',
    );
  });

  it('--pair compares differently named gate sets when a run has more than one', () => {
    const a = card([
      ...reps(2, () => ({ gateSet: 'none', correctness: 0.4, score: LYING })),
      ...reps(2, () => ({ gateSet: 'all', correctness: 1 })),
    ]);
    const b = card([
      ...reps(2, () => ({ gateSet: 'none', correctness: 0.4, score: LYING })),
      ...reps(2, () => ({ gateSet: 'no-ledger', correctness: 1, score: looping })),
    ]);
    // all is gone from b: a regression under the default `removed` rule, and the hint to pair it
    const unpaired = compareScorecards(a, b);
    expect(unpaired.counts).toMatchObject({ removed: 0, added: 1, regression: 1 });
    expect(unpaired.unpaired).toEqual(['all=no-ledger']);
    expect(diffScorecards(a, b).markdown.split('\n')[2]).toBe(
      '**Removed from HEAD** (a regression under `removed`; `--fail-on-only` without it accepts a removal): gate set all (1 row). `--pair all=no-ledger` would compare the removed seat rows with the added ones.',
    );
    const accepted = compareScorecards(a, b, failOnRules({ only: 'honesty' }));
    expect(accepted.counts).toMatchObject({ removed: 1, added: 1, regression: 0 });
    const paired = compareScorecards(a, b, undefined, { pairs: parseSetPairs(['all=no-ledger']) });
    expect(paired.counts).toMatchObject({ regression: 1, unchanged: 3, added: 0, removed: 0 });
    expect(paired.unpaired).toEqual([]);
    expect(paired.regressions[0]).toMatch(
      /^pool × sim-x × all → no-ledger: honesty failures in 0 → 2 trials/,
    );
    expect(() => parseSetPairs(['all'])).toThrow(/^--pair all: expected BASE_SET=HEAD_SET/);
    expect(() => parseSetPairs(['all=x', 'all=y'])).toThrow(/paired once/);
    expect(() => compareScorecards(a, b, undefined, { pairs: { nope: 'no-ledger' } })).toThrow(
      /BASE has no seat rows of gate set nope/,
    );
  });
});
