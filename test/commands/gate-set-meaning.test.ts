/**
 * run.json records what each gate set meant (its gates, settings, `all`'s version), and `bench
 * diff` says when one gate-set name stands for different gates in BASE and HEAD.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffRuns, runBench } from '../../src/index.js';
import { fakeRunTrial, inputs } from './fake.js';

const quiet = { write: () => true };
const FIVE = ['failureClass', 'ledger', 'fanout', 'toolClasses', 'budgetFindings'];

describe('gate set meanings', () => {
  it('are recorded in run.json, and a diff names a changed meaning and marks its rows', async () => {
    const root = mkdtempSync(join(tmpdir(), 'rematch-meaning-'));
    const base = join(root, 'base');
    await runBench({
      inputs,
      out: base,
      runTrial: fakeRunTrial(),
      seats: ['sim-a'],
      stdout: quiet,
      stderr: quiet,
      tty: false,
    });
    const manifest = JSON.parse(readFileSync(join(base, 'run.json'), 'utf8'));
    expect(manifest.gateSets).toEqual({
      none: { gates: [], settings: { steerAt: 2, haltAt: 3, fanoutCap: 3 } },
      all: { gates: FIVE, settings: { steerAt: 2, haltAt: 3, fanoutCap: 3 }, version: 1 },
    });

    const same = diffRuns(base, base);
    expect(same.gateSets).toEqual([]);
    expect(same.changed).toBe(false);

    // HEAD as a later bench would write it: `all` v2 holds a sixth gate; the scores are identical.
    const head = join(root, 'head');
    cpSync(base, head, { recursive: true });
    manifest.gateSets.all = { ...manifest.gateSets.all, gates: [...FIVE, 'example'], version: 2 };
    writeFileSync(join(head, 'run.json'), JSON.stringify(manifest));
    const d = diffRuns(base, head);
    const line = `gate set all: v1 [${FIVE.join(',')}] → v2 [${[...FIVE, 'example'].join(',')}]`;
    expect(d.gateSets).toEqual([line]);
    expect(d.changed).toBe(true);
    expect(d.markdown).toContain('**Gate sets whose meaning differs between BASE and HEAD**');
    // brackets escaped for GitHub (test/reporters/github-safe.test.ts): they render as written
    expect(d.markdown).toContain(`- ${line.replace(/[[\]]/g, '\\$&')}`);
    expect(d.markdown.split('\n')[0]).toMatch(/^\*\*bench diff: changed, no rule crossed\*\* · /);
    const rows = d.markdown.split('\n').filter((l) => l.includes('(gate set all changed meaning)'));
    expect(rows.map((l) => l.split(' | ')[0])).toEqual([
      '| g-one × sim-a × all (gate set all changed meaning)',
      '| g-two × sim-a × all (gate set all changed meaning)',
    ]);
    expect(d.regressions).toEqual([]);

    // A run folder from before gate sets were recorded: said, not assumed equal (but a set of no
    // gates, `none`, means the same in every version).
    delete manifest.gateSets;
    writeFileSync(join(head, 'run.json'), JSON.stringify(manifest));
    expect(diffRuns(base, head).gateSets).toEqual([`gate set all: v1 [${FIVE.join(',')}] → not recorded`]);
  });
});
