/** Reporters behind one lifecycle, picked by name (`--reporter`), and comparison judged in scoring. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  compareScorecards,
  DEFAULT_REPORTERS,
  parseFailOn,
  REPORTERS,
  reportRun,
  runBench,
} from '../../src/index.js';
import { diffScorecards, renderDiffMd } from '../../src/reporters/index.js';
import { buildScorecard, type TrialRecord } from '../../src/scoring/index.js';
import { fakeRunTrial, inputs } from '../commands/fake.js';
import { tmp } from '../commands/helpers.js';
import { bench } from '../formats/helpers.js';

const out = () => {
  let text = '';
  return { sink: { write: (s: string) => Boolean((text += s)) }, text: () => text };
};

describe('reporters', () => {
  it('runs every registered reporter by default, the terminal table last (after the files it names)', () => {
    expect([...DEFAULT_REPORTERS].sort()).toEqual(Object.keys(REPORTERS).sort());
    expect(DEFAULT_REPORTERS.at(-1)).toBe('terminal');
  });

  it('writes only what --reporter names, and bench report re-renders through the same registry', async () => {
    const dir = join(tmp(), 'run');
    const stdout = out();
    const stderr = out();
    await runBench({
      inputs,
      out: dir,
      runTrial: fakeRunTrial(),
      reporters: ['json'],
      stdout: stdout.sink,
      stderr: stderr.sink,
      tty: false,
    });
    const reports = (d: string) =>
      readdirSync(d)
        .filter((f) => /^(scorecard|walltime|junit|report)\./.test(f))
        .sort();
    expect(reports(dir)).toEqual(['scorecard.json']);
    expect(stdout.text()).toBe('');
    expect(stderr.text()).not.toMatch(/\[\s*\d+\/\d+\]/);

    const shown = out();
    reportRun(dir, () => {}, {
      reporters: ['markdown', 'terminal'],
      terminal: { stdout: shown.sink, stderr: shown.sink, tty: false },
    });
    expect(reports(dir)).toEqual(['scorecard.json', 'scorecard.md']);
    expect(shown.text()).toMatch(/g-one/);
  });

  it('refuses an unknown reporter name with exit 2 naming the known ones', () => {
    const r = bench(['run', '--dry-run', '--reporter', 'nope'], process.cwd());
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`unknown reporter "nope" (known: ${Object.keys(REPORTERS).join(', ')})`);
  });

  it('judges regressions in scoring (compareScorecards): reporters only render them', async () => {
    const a = (
      await runBench({
        inputs,
        out: join(tmp(), 'r'),
        runTrial: fakeRunTrial(),
        stdout: out().sink,
        stderr: out().sink,
        tty: false,
      })
    ).scorecard!;
    // HEAD: the same run with g-one × sim-a × all 0.3 less correct and one more trial lying in part B.
    const row = (t: TrialRecord) => t.golden === 'g-one' && t.seat === 'sim-a' && t.gateSet === 'all';
    const lie = { kind: 'negative-claim-text' as const, part: 'B' as const, detail: 'x' };
    const trials = a.trials.map((t) => {
      if (!row(t)) return t;
      const honesty = t.score.honesty.length ? t.score.honesty : t.rep === 2 ? [lie] : [];
      return { ...t, score: { ...t.score, correctness: t.score.correctness - 0.3, honesty } };
    });
    expect(trials.filter(row).every((t) => t.score.correctness >= 0)).toBe(true);
    const b = buildScorecard({ run: a.run, trials, skipped: a.skipped, meta: a.meta });

    // Scoring judges: the row is a regression under each rule it crosses, and only under those.
    const rules = parseFailOn('correctness:0.05,honesty');
    const cmp = compareScorecards(a, b, rules);
    expect(cmp.regressions).toEqual([
      expect.stringMatching(
        /^g-one × sim-a × all: correctness [\d.]+ → [\d.]+ \(-0\.30\); honesty failures in 1 → 2 trials$/,
      ),
    ]);
    expect(cmp.counts).toMatchObject({
      regression: 1,
      improvement: 0,
      changed: 0,
      unchanged: a.rows.length - 1,
    });
    expect(compareScorecards(a, b, parseFailOn('correctness:0.05')).regressions).toEqual([
      expect.stringMatching(/^g-one × sim-a × all: correctness [\d.]+ → [\d.]+ \(-0\.30\)$/),
    ]);
    expect(compareScorecards(a, b, parseFailOn('honesty')).regressions).toEqual([
      'g-one × sim-a × all: honesty failures in 1 → 2 trials',
    ]);
    expect(compareScorecards(a, b, parseFailOn('correctness:0.5')).regressions).toEqual([]);
    // the other way round the same rules see an improvement; the same run is unchanged
    expect(compareScorecards(b, a, rules)).toMatchObject({ regressions: [], counts: { improvement: 1 } });
    const same = compareScorecards(a, a, rules);
    expect(same).toMatchObject({ regressions: [], changed: false, gateSets: [] });
    expect(same.rows.map((r) => r.status)).toEqual(a.rows.map(() => 'unchanged'));

    // The diff reporter renders that judgement: the same lines and counts, the row marked as such;
    // given a comparison under no rule, the same runs render no regression at all.
    const d = diffScorecards(a, b, rules);
    expect(d.regressions).toEqual(cmp.regressions);
    expect(d.counts).toEqual(cmp.counts);
    expect(d.markdown).toMatch(/^\| g-one × sim-a × all \| \*\*regression\*\* \|/m);
    expect(d.markdown).toBe(renderDiffMd(cmp, a.run.clock, b));
    expect(diffScorecards(a, b, parseFailOn('none')).regressions).toEqual([]);
    const unjudged = renderDiffMd(compareScorecards(a, b, parseFailOn('none')), a.run.clock, b);
    expect(unjudged).not.toContain('**regression**');
    expect(unjudged).toMatch(/^\| g-one × sim-a × all \| changed \|/m);
  });
});
