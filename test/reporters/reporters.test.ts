import { describe, expect, it } from 'vitest';
import { parseScorecard } from '../../src/formats/run/index.js';
import {
  diffScorecards,
  parseFailOn,
  renderJunit,
  renderScorecardJson,
  renderScorecardMd,
  renderTerminal,
  renderWalltimeMd,
} from '../../src/reporters/index.js';
import type { TrialScore } from '../../src/scoring/index.js';
import { baseTrials, card, lying, rec } from './fixtures.js';

describe('reporters', () => {
  it('renders terminal output without escape codes off a TTY, and with color on one', () => {
    const sc = card(baseTrials);
    const plain = renderTerminal(sc, { color: false });
    expect(plain).not.toMatch(/\x1b\[/);
    expect(plain).toContain('pool');
    expect(plain).toContain('baseline/alert-only');
    expect(plain).toContain('gate effect');
    expect(renderTerminal(sc, { color: true })).toMatch(/\x1b\[/);
  });

  it('writes scorecard.md with baselines, gate effect and worst trials, and walltime.md with the clock', () => {
    const sc = card(baseTrials);
    const md = renderScorecardMd(sc);
    // Summary-first layout (issue 13): baselines are rows of the grid, the per-golden gate effect
    // sits in the details with all five figures.
    expect(md).toMatch(/^\| null baseline: alert-only \| none 0\/1 0\.00 ⚠1 \|$/m);
    expect(md).toMatch(/^\| sim-x \(all − none\) \| 3 \| \+1\.00<br>\[\+1\.00, \+1\.00\] \| \+0\.60<br>/m);
    expect(md).toContain('traces/pool/sim-x/none/r1/trace.jsonl');
    const wt = renderWalltimeMd(sc);
    expect(wt).toContain('Clock: **virtual**');
    expect(wt).toMatch(
      /\| pool \| sim-x \| all \| virtual \| 12\.0s \/ 12\.0s \| 8\.0s \/ 8\.0s \| 3\.0s \/ 3\.0s \| 1\.0s \/ 1\.0s \|/,
    );
  });

  it('writes valid, escaped junit with one case per row, failing on low correctness or honesty', () => {
    const nasty = [1, 2].map((r) => rec('pool', 'sim-<&"\'>', 'all', r, 0.9, { honesty: [] }));
    // one row failing on correctness alone, one on honesty alone
    const low = [1, 2].map((r) => rec('pool', 'sim-low', 'all', r, 0.3));
    const liar = [1, 2].map((r) => rec('pool', 'sim-liar', 'all', r, 0.9, r === 1 ? lying : {}));
    const xml = renderJunit(card([...baseTrials, ...nasty, ...low, ...liar]));
    expect(xml).toContain('tests="5" failures="3"');
    const caseOf = (name: string) => {
      const at = xml.indexOf(`name="${name}"`);
      expect(at, name).toBeGreaterThan(0);
      return xml.slice(at, xml.indexOf('</testcase>', at));
    };
    expect(caseOf('sim-low × all')).toMatch(
      /<failure message="mean correctness 0\.30 below 0\.5" type="threshold">/,
    );
    expect(caseOf('sim-liar × all')).toMatch(
      /<failure message="1 of 2 trials with honesty failures" type="threshold">/,
    );
    expect(caseOf('sim-x × none')).toMatch(
      /<failure message="mean correctness 0\.40 below 0\.5; 3 of 3 trials with honesty failures"/,
    );
    for (const ok of ['sim-x × all', 'sim-&lt;&amp;&quot;&apos;&gt; × all'])
      expect(caseOf(ok)).not.toContain('<failure');
    expect(xml).not.toContain('baseline');
    // well-formed: every element opened is closed, in order
    const stack: string[] = [];
    for (const m of xml.replace(/<\?xml[^>]*\?>/, '').matchAll(/<(\/?)([a-z]+)[^>]*?(\/?)>/g)) {
      if (m[3]) continue;
      if (m[1]) expect(stack.pop()).toBe(m[2]);
      else stack.push(m[2]);
    }
    expect(stack).toEqual([]);
    expect(xml.replace(/&(amp|lt|gt|quot|apos);/g, '')).not.toMatch(/&/);
  });

  it('round-trips scorecard.json and refuses another format version', () => {
    const sc = card(baseTrials);
    expect(parseScorecard(renderScorecardJson(sc), 'f')).toEqual(sc);
    expect(() =>
      parseScorecard(JSON.stringify({ ...sc, format: 'rematch.scorecard/0' }), 'old.json'),
    ).toThrow(/old\.json/);
  });
});

describe('diff', () => {
  it('says no change for identical runs', () => {
    const r = diffScorecards(card(baseTrials), card(baseTrials));
    expect(r.changed).toBe(false);
    expect(r.regressions).toEqual([]);
    expect(r.markdown).toMatch(/^\*\*bench diff: unchanged\*\* · /);
  });

  it('names regressions in correctness, honesty, verdicts and fingerprints', () => {
    const head = [1, 2, 3].flatMap((r) => [
      rec(
        'pool',
        'sim-x',
        'all',
        r,
        r === 2 ? 0.5 : 1,
        r === 2 ? { ...lying, fingerprints: ['fp-a', 'fp-a', 'fp-b'] } : {},
      ),
      rec('pool', 'sim-x', 'none', r, 0.4, lying),
    ]);
    const rules = parseFailOn('correctness:0.05,honesty,verdict,repeats:0.2');
    const r = diffScorecards(card(baseTrials), card(head), rules);
    // one line per regressed row, naming every rule it crossed
    expect(r.regressions).toHaveLength(1);
    expect(r.regressions[0]).toMatch(
      /^pool × sim-x × all: correctness 1\.00 → 0\.83 \(-0\.17\); honesty failures in 0 → 1 trials; repeated fingerprints per trial 0\.00 → 0\.33; 1 trial\(s\) pass → fail$/,
    );
    expect(r.markdown).toContain('r2 pass→fail');
    expect(r.markdown).toContain('r2 fingerprints 1→3');
    expect(diffScorecards(card(baseTrials), card(head), parseFailOn('none')).regressions).toEqual([]);
    expect(diffScorecards(card(baseTrials), card(head), parseFailOn('correctness:0.5')).regressions).toEqual(
      [],
    );
  });

  it('pairs rows across differently named single gate sets (all vs no-ledger)', () => {
    const a = [1, 2].map((r) => rec('pool', 'sim-x', 'all', r, 1));
    const b = [1, 2].map((r) => rec('pool', 'sim-x', 'no-ledger', r, 0.4, lying));
    const r = diffScorecards(card(a), card(b));
    expect(r.regressions.join('\n')).toMatch(/pool × sim-x × all → no-ledger: correctness/);
    expect(r.regressions.join('\n')).toMatch(/honesty failures in 0 → 2 trials/);
  });

  it('rejects malformed --fail-on rules', () => {
    expect(() => parseFailOn('correctness')).toThrow(/bad rule/);
    expect(() => parseFailOn('speed:3')).toThrow(/bad rule/);
    expect(parseFailOn('correctness:0.1, honesty')).toEqual({ correctness: 0.1, honesty: true });
  });
});

describe('diff: repeated probes', () => {
  it('flags a rise in repeated fingerprints (the ledger removed) under the default rules', () => {
    const a = [1, 2].map((r) => rec('pool', 'sim-x', 'all', r, 0.6, { fingerprints: ['f1', 'f2'] }));
    const b = [1, 2].map((r) =>
      rec('pool', 'sim-x', 'no-ledger', r, 0.6, { fingerprints: ['f1', 'f1', 'f1', 'f1', 'f2'] }),
    );
    const r = diffScorecards(card(a), card(b));
    expect(r.regressions).toEqual([
      'pool × sim-x × all → no-ledger: repeated fingerprints per trial 0.00 → 3.00',
    ]);
    expect(diffScorecards(card(a), card(b), parseFailOn('repeats:5')).regressions).toEqual([]);
    const slow = [1, 2].map((r) =>
      rec('pool', 'sim-x', 'all', r, 0.6, {
        timing: { clock: 'virtual', wallMs: 20_000, modelMs: 0, toolMs: 0, queueMs: 0 },
      }),
    );
    expect(diffScorecards(card(a), card(slow), parseFailOn('wall:0.2')).regressions[0]).toMatch(
      /wall p50 12\.00s → 20\.00s/,
    );
  });
});

describe('the ceiling row', () => {
  const ceiling = (c: number, extra: Partial<TrialScore> = {}) =>
    rec('pool', 'ceiling/reference', 'all', 1, c, extra);

  it('is shown in the terminal beside the baselines, with one line when it does not pass', () => {
    const pass = renderTerminal(card([...baseTrials, ceiling(1)]), { color: false });
    expect(pass).toContain('ceiling/reference');
    expect(pass).not.toMatch(/^ceiling of/m);
    const fail = renderTerminal(card([...baseTrials, ceiling(0.5, lying)]), { color: false });
    expect(fail).toMatch(
      /^ceiling of pool does not pass \(fail: correctness 0\.5 < pass threshold 0\.8, 1 honesty failure \(negative-claim-text\)\): the golden cannot be passed honestly/m,
    );
  });

  it('regresses in bench diff only by its own rule, and leaves the all → no-ledger pairing alone', () => {
    const base = card([...baseTrials, ceiling(1)]);
    const head = card([...baseTrials, ceiling(0.3, lying)]);
    const r = diffScorecards(base, head);
    expect(r.regressions).toEqual([
      'ceiling of pool no longer passes (fail: correctness 0.3 < pass threshold 0.8, 1 honesty failure (negative-claim-text))',
    ]);
    expect(diffScorecards(base, head, parseFailOn('correctness:0.05,honesty')).regressions).toEqual([]);
    expect(diffScorecards(head, base).regressions).toEqual([]);
    expect(parseFailOn('ceiling')).toEqual({ ceiling: true });

    const a = [1, 2].map((r) => rec('pool', 'sim-x', 'all', r, 1));
    const b = [1, 2].map((r) => rec('pool', 'sim-x', 'no-ledger', r, 0.4, lying));
    const cross = diffScorecards(card([...a, ceiling(1)]), card([...b, ceiling(1)]));
    expect(cross.regressions.join('\n')).toMatch(/pool × sim-x × all → no-ledger: correctness/);
  });

  it('marks its scorecard.json row as the ceiling and keeps it out of the seat table and walltime.md', () => {
    const sc = card([...baseTrials, ceiling(1)]);
    expect(sc.rows.find((r) => r.seat === 'ceiling/reference')?.kind).toBe('ceiling');
    expect(sc.rows.find((r) => r.seat === 'sim-x')?.kind).toBe('seat');
    expect(sc.rows.find((r) => r.seat === 'baseline/constant')?.kind).toBe('baseline');
    const md = renderScorecardMd(sc);
    // Summary-first layout (issue 13): the ceiling is a marked row of the grid and of the details.
    expect(md).toMatch(/^\| \*\*ceiling\*\*: reference \| all 1\/1 1\.00 \|$/m);
    expect(md).toMatch(
      /^\| ceiling\/reference \(\*\*ceiling\*\*\) \| all \| 1 \| 1\.00<br>\[n<2\] \| 100%<br>/m,
    );
    expect(md.split('## Gate effect')[1].split('<details>')[0]).not.toContain('ceiling/reference');
    expect(renderWalltimeMd(sc)).not.toContain('ceiling/reference');
    expect(renderJunit(sc)).toContain('tests="3" failures="1"');
  });
});
