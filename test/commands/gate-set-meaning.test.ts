/**
 * run.json records what each gate set meant (its gates, settings, `all`'s version), and `bench
 * diff` says when one gate-set name stands for different gates in BASE and HEAD.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigFile } from '../../src/formats/config.js';
import { diffRuns, planRun, runBench } from '../../src/index.js';
import { planJson, planTable } from '../../src/plan/plan-view.js';
import { fakeRunTrial, goldens, inputs, seats } from './fake.js';

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

describe('gate sets with prompt-mode gates', () => {
  const withText = (gates: unknown[]) =>
    ({
      ...inputs,
      config: ConfigFile.parse({ ...inputs.config, gateSets: { t: { gates } } }),
    }) as typeof inputs;

  it('are recorded, printed as the config writes them, and a change of mode is a change of meaning', async () => {
    const root = mkdtempSync(join(tmpdir(), 'rematch-meaning-text-'));
    const run = (dir: string, gates: unknown[]) =>
      runBench({
        inputs: withText(gates),
        out: join(root, dir),
        runTrial: fakeRunTrial(),
        seats: ['sim-a'],
        gates: ['none', 't'],
        stdout: quiet,
        stderr: quiet,
        tty: false,
      });
    await run('base', ['failureClass', 'ledger']);
    await run('head', ['failureClass', { ledger: 'prompt' }]);
    const manifest = JSON.parse(readFileSync(join(root, 'head', 'run.json'), 'utf8'));
    expect(manifest.gateSets.t).toEqual({
      gates: ['failureClass'],
      settings: { steerAt: 2, haltAt: 3, fanoutCap: 3 },
      prompted: ['ledger'],
    });
    expect(readFileSync(join(root, 'head', 'scorecard.md'), 'utf8')).toContain(
      'Gate sets: none (no gates) · t (failureClass, ledger: prompt).',
    );
    expect(readFileSync(join(root, 'base', 'scorecard.md'), 'utf8')).toContain('t (failureClass, ledger).');
    const d = diffRuns(join(root, 'base'), join(root, 'head'));
    expect(d.gateSets).toEqual(['gate set t: [failureClass,ledger] → [failureClass,ledger: prompt]']);
    rmSync(root, { recursive: true, force: true });

    const plan = planRun(withText(['failureClass', { ledger: 'prompt' }]).config, goldens, seats, {
      gates: ['t'],
      seats: ['sim-a'],
    });
    expect(plan.trials.every((t) => t.gateSet.prompted?.join() === 'ledger')).toBe(true);
    expect(planTable(plan, {})).toContain('failureClass, ledger: prompt');
    expect(JSON.parse(planJson(plan)).trials[0]).toMatchObject({
      gates: ['failureClass'],
      prompted: ['ledger'],
    });
  });
});
