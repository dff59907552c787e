/**
 * Every id a report writes renders on GitHub as itself. Twin ids (`pool~logs-failed`), seat globs
 * (`sim-*-x*`), underscores, pipes, angle brackets, square brackets and backticks are markdown to
 * GitHub: unescaped, `a~b · c~d` is struck through, `*x*` italic, a `|` splits a cell. The reports
 * of a run whose goldens, seats and gate sets are named with all of them are rendered with a
 * CommonMark + GFM renderer, and every cell that holds an id must read exactly that id.
 */
import { describe, expect, it } from 'vitest';
import { diffScorecards } from '../../src/reporters/index.js';
import { renderScorecardMd, renderWalltimeMd } from '../../src/reporters/markdown/index.js';
import { buildScorecard, type Scorecard, type TrialRecord } from '../../src/scoring/index.js';
import { rec } from './fixtures.js';
import { gfmLines, gfmTables, renderGfm, textOf } from './gfm.js';

const GOLDENS = ['checkout-db-pool~logs-failed', 'q_a_*x*~[y]'];
const SEATS = ['sim-*-x*', 'sim_a_b_'];
const SETS = ['no~led~ger', 'a|b', '<b>`t`</b>'];

function hostile(c: (g: string, s: string, gs: string) => number): Scorecard {
  const trials: TrialRecord[] = GOLDENS.flatMap((g) =>
    SEATS.flatMap((s) => SETS.flatMap((gs) => [1, 2].map((rep) => rec(g, s, gs, rep, c(g, s, gs))))),
  );
  return buildScorecard({
    run: {
      seed: 1,
      goldens: GOLDENS,
      seats: SEATS,
      gateSets: SETS,
      repetitions: 2,
      thresholds: { passCorrectness: 0.8, steerHaltAlert: 1, junitMinCorrectness: 0.5 },
    },
    trials,
    skipped: [{ seat: 'real_x_', reason: '$KEY_OF_X is not set' }],
    meta: { runId: 'r', generatedAt: 't', dir: 'd' },
    assert: [{ type: 'pass-rate', seats: 'sim-*-x*', goldens: '*~*', min: 1 }],
  });
}

const base = hostile(() => 1);
const head = hostile((g, s, gs) => (g === GOLDENS[1] && s === SEATS[0] && gs === SETS[1] ? 0.5 : 1));
const labels = GOLDENS.flatMap((g) => SEATS.flatMap((s) => SETS.map((gs) => `${g} × ${s} × ${gs}`)));

describe('GitHub-safe markdown', () => {
  it('scorecard.md: every golden, seat and gate set reads as its id', () => {
    const md = renderScorecardMd(head);
    const [grid, effects, ...details] = gfmTables(md);
    // a long golden id stands on two lines (broken after a hyphen): the same text
    expect(grid[0].map((c) => c.replace('\n', ''))).toEqual(['seat', ...GOLDENS]);
    expect(grid.slice(1, 3).map((r) => r[0])).toEqual(SEATS);
    for (const row of grid.slice(1, 3))
      for (const cell of row.slice(1)) expect(cell.split('\n').map((l) => l.split(' ')[0])).toEqual(SETS);
    // no gate effect of all over none here: the second table is the first golden's details
    expect(effects[0][0]).toBe('seat');
    const every = [effects, ...details].flatMap((t) => t.slice(1));
    const seatRows = every.filter((r) => SEATS.includes(r[0]));
    expect(seatRows).toHaveLength(GOLDENS.length * SEATS.length * SETS.length);
    expect(new Set(seatRows.map((r) => r[1]))).toEqual(new Set(SETS));
    // each golden's section of the collapsed details is headed by its id
    const heads = [...renderGfm(md).matchAll(/<h3[^>]*>([\s\S]*?)<\/h3>/g)].map(([, h]) => textOf(h));
    expect(heads).toEqual(GOLDENS);
    const lines = gfmLines(md);
    // the assertion's globs, and the skipped seat and its reason, as written
    expect(lines.some((l) => l.includes('pass rate ≥ 1 in each row (seats sim-*-x*; goldens *~*;'))).toBe(
      true,
    );
    expect(lines).toContain('real_x_: $KEY_OF_X is not set');
  });

  it('walltime.md: every seat and gate set reads as its id', () => {
    const [pooled, cells] = gfmTables(renderWalltimeMd(head));
    expect(pooled.slice(1).map((r) => [r[0], r[1]])).toEqual(SEATS.flatMap((s) => SETS.map((gs) => [s, gs])));
    expect(
      cells
        .slice(1)
        .map((r) => r.slice(0, 3).join(' × '))
        .sort(),
    ).toEqual([...labels].sort());
    expect(gfmLines(renderWalltimeMd(head))[1]).toMatch(
      /^no~led~ger wall p50 .* · a\|b wall p50 .* · <b>`t`<\/b> wall p50/,
    );
  });

  it('the bench diff comment: every row reads as golden × seat × gate set', () => {
    const md = diffScorecards(base, head).markdown;
    const rows = gfmTables(md).flatMap((t) => t.slice(1).map((r) => r[0]));
    expect(rows).toContain(`${GOLDENS[1]} × ${SEATS[0]} × ${SETS[1]}`);
    expect(rows.filter((r) => labels.includes(r))).toHaveLength(labels.length);
  });
});
