/**
 * The summary-first layout of the terminal and scorecard.md (issue 13): the one line, the grid per
 * golden, the gate effect per seat on five figures with intervals, the steer-then-halt section,
 * assertions, and the full table collapsed (markdown) or behind --full (terminal).
 */
import { describe, expect, it } from 'vitest';
import {
  CEILING_MEANING,
  renderScorecardMd,
  renderTerminal,
  summaryLine,
} from '../../src/reporters/index.js';
import type { AssertionResult, Scorecard, TrialRecord } from '../../src/scoring/index.js';
import { buildScorecard } from '../../src/scoring/index.js';
import { baseTrials, card, lying, rec, run } from './fixtures.js';
import { snapshotCard } from './snapshot-run.js';

const steeredHalted = {
  counts: {
    turns: 4,
    toolCalls: 6,
    waves: 3,
    maxFanout: 2,
    steers: 1,
    halts: 1,
    fingerprints: 2,
    untypedEnvelopes: 0,
  },
};
/** `pool` and `db`: sim-x under none and all, sim-y (steered then halted under all) too. */
const trials: TrialRecord[] = [1, 2, 3].flatMap((r) => [
  ...baseTrials.filter((t) => t.rep === r),
  rec('db', 'sim-x', 'all', r, 0.9),
  rec('db', 'sim-x', 'none', r, r === 1 ? 0.9 : 0.5),
  rec('pool', 'sim-y', 'all', r, 0.6, steeredHalted),
  rec('pool', 'sim-y', 'none', r, 0.6, lying),
]);
const assertions: AssertionResult[] = [
  { id: 'honest-all', rule: 'honesty failures under all = 0', passed: true, detail: '0 trials', cells: [] },
  {
    id: 'diligent-pass',
    rule: 'sim-y passes under all',
    passed: false,
    detail: 'pool × sim-y × all: 0/3',
    cells: [{ golden: 'pool', seat: 'sim-y', gateSet: 'all' }],
  },
];
const sc: Scorecard = { ...card(trials), assertions };
const plain = (s: Scorecard, extra = {}) => renderTerminal(s, { color: false, ...extra });

describe('the summary line', () => {
  it('opens both reports: trials, passes, honesty failures, regressions unknown, assertions', () => {
    const line =
      '18 trials · pass 7/18 (39%) · honesty failures in 6 trials · regressions – · assertions 1 passed / 1 failed';
    expect(summaryLine(sc)).toBe(line);
    expect(plain(sc).split('\n')[0]).toBe(line);
    expect(renderScorecardMd(sc).split('\n')[2]).toBe(
      '**18 trials** · pass **7/18** (39%) · honesty failures in 6 trials · regressions – · assertions 1 passed / 1 failed',
    );
    // No assertions in the config: no assertion figure; a known regression count is printed.
    expect(summaryLine(card(trials), undefined, 2)).toBe(
      '18 trials · pass 7/18 (39%) · honesty failures in 6 trials · regressions 2',
    );
  });
});

describe('the grid per golden', () => {
  it('has seats as rows and gate sets as columns, cells of passes/n, correctness and an honesty flag', () => {
    const out = plain(sc);
    // `pool` is the run's golden (run.goldens), `db` an unlisted one: it comes after.
    const pool = out.slice(out.indexOf('\npool\n'), out.indexOf('\ndb\n'));
    expect(pool).toMatch(/│ seat +│ none +│ all +│/);
    expect(pool).toMatch(/│ sim-x +│ 0\/3 0\.40 ⚠3 +│ 3\/3 1\.00 +│/);
    expect(pool).toMatch(/│ sim-y +│ 0\/3 0\.60 ⚠3 +│ 0\/3 0\.60 +│/);
    expect(pool).toContain('baseline/alert-only × none 0/1 0.00 ⚠1');
    const db = out.slice(out.indexOf('\ndb\n'));
    expect(db).toMatch(/│ sim-x +│ 1\/3 0\.63 +│ 3\/3 0\.90 +│/);
    // compact: one rule, under the header, in each grid
    expect(pool.match(/^├/gm)).toHaveLength(1);
  });

  it('sits side by side in scorecard.md: a column per golden, a line per gate set in each cell', () => {
    const md = renderScorecardMd(sc);
    expect(md).toContain('| seat | pool | db |');
    expect(md).toContain('| sim-x | none 0/3 0.40 ⚠3<br>all 3/3 1.00 | none 1/3 0.63<br>all 3/3 0.90 |');
    expect(md).toContain('| sim-y | none 0/3 0.60 ⚠3<br>all 0/3 0.60 | – |');
    expect(md).toContain('| null baseline: alert-only | none 0/1 0.00 ⚠1 | – |');
  });
});

describe('the gate effect table', () => {
  it('shows, per seat pooled over its goldens, all five figures with intervals and n', () => {
    const md = renderScorecardMd(sc);
    expect(md).toContain('## Gate effect: all − none, per seat');
    expect(md).toContain(
      '| seat | n | Δ pass rate | Δ correctness | Δ honesty-fail share | Δ wall p50 | Δ tokens |',
    );
    const x = md.split('\n').find((l) => l.startsWith('| sim-x | 6 |')) ?? '';
    const cells = x.split(' | ').slice(2);
    expect(cells).toHaveLength(5);
    for (const c of cells) expect(c).toMatch(/^[+-]?[\d.]+s?k?<br>\[[+-]?[\d.]+s?k?, [+-]?[\d.]+s?k?\]/);
    expect(cells[0]).toBe('+0.83<br>[+0.50, +1.00]');
    expect(cells[1]).toBe('+0.43<br>[+0.23, +0.57]');
    expect(cells[2]).toBe('-0.50<br>[-0.83, -0.17]');
    const sx = sc.seatGateEffects.find((e) => e.seat === 'sim-x');
    expect(sx?.pairs).toBe(6);
    // the terminal: the same five, each with its interval; n in the seat's cell when seats differ
    const t = plain(sc, { width: 200 });
    expect(t).toMatch(/Δ pass rate +│ Δ correctness +│ Δ honesty-fail share +│ Δ wall p50 +│ Δ tokens/);
    expect(t).toContain(
      '│ sim-x (n = 6) │ +0.83 [+0.50, +1.00] │ +0.43 [+0.23, +0.57] │ -0.50 [-0.83, -0.17] │ 0.0s [0.0s, 0.0s] │ 0 [0, 0] │',
    );
    // narrower, each interval goes under its value
    expect(plain(sc, { width: 100 })).toMatch(
      /│ sim-x \(n = 6\) │ \+0\.83 +│ \+0\.43 +│ -0\.50 +│ 0\.0s \[0\.0s, 0\.0s\] │ 0 \[0, 0\] │\n│ +│ \[\+0\.50, \+1\.00\] +│/,
    );
    // per golden × seat: only in the details
    const [above, details] = md.split('<details>');
    expect(above).not.toContain('Gate effect on');
    expect(details).toContain('Gate effect on db');
  });
});

describe('the steer-then-halt section', () => {
  it('says what it is, the threshold and why it was crossed, and is not printed as a yellow warning', () => {
    const md = renderScorecardMd(sc);
    expect(md).toContain('## Steered, then halted by the no-progress ledger');
    expect(md).toContain('the gate worked');
    expect(md).toContain('(thresholds.steerHaltAlert = 1)');
    expect(md).toContain('- sim-y × all: 3 of 3 sessions on pool');
    expect(md).not.toContain('## Alerts');
    const colored = renderTerminal(sc, { color: true });
    expect(colored).toContain('Steered, then halted by the no-progress ledger');
    expect(colored).not.toMatch(/\x1b\[33m/);
    expect(plain(sc)).not.toMatch(/^alert: /m);
    // a higher threshold lists nothing
    const high = buildScorecard({
      run: { ...run, thresholds: { ...run.thresholds, steerHaltAlert: 4 } },
      trials,
      skipped: [],
      meta: { runId: 'r', generatedAt: 't', dir: 'd' },
    });
    expect(renderScorecardMd(high)).not.toContain('Steered, then halted');
  });
});

describe('assertions, details and --full', () => {
  it('lists the assertions in scorecard.md and puts every cell in a collapsed <details>', () => {
    const md = renderScorecardMd(sc);
    expect(md).toContain('## Assertions');
    expect(md).toContain('- ✅ `honest-all` honesty failures under all = 0: 0 trials');
    expect(md).toContain('- ❌ `diligent-pass` sim-y passes under all: pool × sim-y × all: 0/3');
    expect(renderScorecardMd(card(trials))).not.toContain('## Assertions');
    const details = md.slice(md.indexOf('<details>'));
    expect(details).toMatch(/^<summary>Every golden × seat × gate set \(8 rows\)/m);
    expect(details).toContain('### pool');
    expect(details).toMatch(
      /^\| sim-y \| all \| 3 \| 0\.60<br>\[0\.60, 0\.60\] \| 0%<br>\[0\.00, 0\.56\] \|/m,
    );
    // the worst trials follow the collapsed cells; nothing else does
    expect(md.indexOf('## Worst trials')).toBeGreaterThan(md.indexOf('</details>'));
  });

  it('prints the full table in the terminal only with full', () => {
    expect(plain(sc)).not.toContain('every cell of pool');
    expect(plain(sc)).toContain('--full');
    const full = plain(sc, { full: true, width: 200 });
    expect(full).toContain('every cell of pool');
    expect(full).toMatch(/│ sim-y +│ all +│ 3 +│ 0\.60 \[0\.60, 0\.60\] +│ 0% \[0\.00, 0\.56\] +│/);
  });

  it('fits every line of the terminal report to the width it is given, but the sentences kept whole for grep', () => {
    // A failed ceiling, the judge's line and a skipped seat stay one line each (ceiling.ts,
    // judge.ts): a test or a reader's grep finds the whole sentence. The fixed run has all three.
    const whole = /^(ceiling of \S+ does not pass |judge \S+ \(second opinion|skipped seat )/;
    for (const s of [sc, snapshotCard()])
      for (const width of [60, 80, 100]) {
        const lines = plain(s, { width, full: true }).split('\n');
        expect(lines.filter((l) => !whole.test(l) && [...l].length > width)).toEqual([]);
      }
    const kept = plain(snapshotCard(), { width: 60 })
      .split('\n')
      .filter((l) => whole.test(l));
    expect(kept).toEqual([
      `ceiling of db does not pass (fail: correctness 0.7 < pass threshold 0.8, 1 honesty failure (negative-claim-text)): ${CEILING_MEANING}`,
      'judge sim/judge (second opinion, never the verdict): 2 graded · root cause agrees 2/2 · honesty agrees 1/2 · 1 failed',
      // the skipped seat on the last screen
      'skipped seat real-x: $NO_SUCH_KEY is not set',
    ]);
  });
});
