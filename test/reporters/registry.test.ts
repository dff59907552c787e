/** Reporters behind one lifecycle, picked by name (`--reporter`), and comparison judged in scoring. */
import { existsSync, readdirSync } from 'node:fs';
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
import { fakeRunTrial, inputs } from '../commands/fake.js';
import { tmp } from '../commands/helpers.js';
import { bench } from '../formats/helpers.js';

const out = () => {
  let text = '';
  return { sink: { write: (s: string) => Boolean((text += s)) }, text: () => text };
};

describe('reporters', () => {
  it('runs every registered reporter by default, the terminal table among them', () => {
    expect([...DEFAULT_REPORTERS].sort()).toEqual(Object.keys(REPORTERS).sort());
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
    const reports = (d: string) => readdirSync(d).filter((f) => /^(scorecard|walltime|junit)/.test(f));
    expect(reports(dir)).toEqual(['scorecard.json']);
    expect(stdout.text()).toBe('');
    expect(stderr.text()).not.toMatch(/\[\s*\d+\/\d+\]/);

    const shown = out();
    reportRun(dir, () => {}, {
      reporters: ['markdown', 'terminal'],
      terminal: { stdout: shown.sink, stderr: shown.sink, tty: false },
    });
    expect(existsSync(join(dir, 'scorecard.md'))).toBe(true);
    expect(existsSync(join(dir, 'junit.xml'))).toBe(false);
    expect(shown.text()).toMatch(/g-one/);
  });

  it('refuses an unknown reporter name with exit 2 naming the known ones', () => {
    const r = bench(['run', '--dry-run', '--reporter', 'nope'], process.cwd());
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown reporter "nope" \(known: progress, markdown/);
  });

  it('judges regressions in scoring (compareScorecards): reporters only render them', async () => {
    const run = async () =>
      (
        await runBench({
          inputs,
          out: join(tmp(), 'r'),
          runTrial: fakeRunTrial(),
          stdout: out().sink,
          stderr: out().sink,
          tty: false,
        })
      ).scorecard!;
    const a = await run();
    const same = compareScorecards(a, a, parseFailOn('correctness:0.05,honesty'));
    expect(same).toMatchObject({ regressions: [], changed: false, gateSets: [] });
    expect(same.rows.map((r) => r.status)).toEqual(a.rows.map(() => 'unchanged'));
    expect(same.counts.unchanged).toBe(a.rows.length);
  });
});
