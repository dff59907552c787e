/**
 * Nothing mixed by `bench merge` (built CLI): shards of one plan merge into the full run's
 * scorecard, a folder given twice or copied is fine, a missing shard is refused, and shards whose records of one trial differ,
 * or that come from different plans or inputs, are refused with exit 2 naming the trial or the
 * difference and the folders.
 */
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { AssertRule } from '../../src/formats/assert.js';
import { type RunBenchOptions, runBench } from '../../src/index.js';
import type { TrialEnv, TrialSpec } from '../../src/plan/types.js';
import { fakeRunTrial, inputs } from '../commands/fake.js';
import { comparable, finishedRun, sink, tmp } from '../commands/helpers.js';
import { bench } from '../formats/helpers.js';

let full = '';
let s1 = '';
let s2 = '';

const shard = async (index: number, more: Partial<RunBenchOptions> = {}): Promise<string> => {
  const out = tmp();
  await runBench({
    inputs,
    out,
    reps: 1,
    shard: { index, count: 2 },
    runTrial: fakeRunTrial(),
    stdout: sink(),
    stderr: sink(),
    tty: false,
    ...more,
  });
  return out;
};

beforeAll(async () => {
  full = await finishedRun(1);
  s1 = await shard(1);
  s2 = await shard(2);
});

const merge = (dirs: string[]) => {
  const out = join(tmp(), 'merged');
  return { out, ...bench(['merge', ...dirs, '--out', out], tmp()) };
};

describe('bench merge', () => {
  it('merges shards into the full run, a folder given twice or copied included', () => {
    const copy = join(tmp(), 'copy');
    cpSync(s1, copy, { recursive: true });
    for (const dirs of [
      [s1, s2],
      [s1, s1, s2],
      [s1, copy, s2],
    ]) {
      const m = merge(dirs);
      expect(m.status, m.stderr).toBe(0);
      expect(comparable(m.out)).toEqual(comparable(full));
    }
  });

  it('refuses a missing shard: part of the plan is not the run', () => {
    for (const dirs of [[s1], [s2, s2]]) {
      const m = merge(dirs);
      expect(m.status).toBe(2);
      expect(m.stderr).toMatch(/bench merge: shard [12]\/2 missing \(given: /);
      expect(existsSync(join(m.out, 'run.json'))).toBe(false);
    }
  });

  it('refuses shards with different records of one trial, naming it and both folders', async () => {
    const good = fakeRunTrial();
    const other = await shard(1, {
      runTrial: async (spec: TrialSpec, env: TrialEnv) => {
        const o = await good(spec, env);
        if (o.kind === 'done' && spec.id === 'g-one/sim-a/all/r1')
          o.theory!.parts.A.measurements[0].value = 0.99;
        return o;
      },
    });
    const m = merge([s1, other, s2]);
    expect(m.status).toBe(2);
    expect(m.stderr).toMatch(
      new RegExp(
        `trial g-one/sim-a/all/r1 has different records in ${s1} and ${other} \\(score\\.[\\w.]+ differs\\)`,
      ),
    );
    expect(existsSync(join(m.out, 'run.json'))).toBe(false);
  });

  it('refuses shards of different plans or inputs', async () => {
    const reps = merge([s1, await shard(2, { reps: 2 })]);
    expect(reps.status).toBe(2);
    expect(reps.stderr).toMatch(/come from different plans: their repetitions differ \(1 vs 2\)/);
    const settings = { ...inputs.config, gateSettings: { ...inputs.config.gateSettings, steerAt: 5 } };
    const changed = await shard(2, { inputs: { ...inputs, config: settings } });
    const hashes = merge([s1, changed]);
    expect(hashes.status).toBe(2);
    expect(hashes.stderr).toContain(
      `bench merge: ${s1} and ${changed} come from different plans: their input hashes differ`,
    );
    const seeds = merge([s1, await shard(2, { seed: 99 })]);
    expect(seeds.status).toBe(2);
    expect(seeds.stderr).toContain('different seeds (7, 99)');
  });

  it('refuses shards that recorded different assert: rules, whichever folder comes first', async () => {
    // the same config's rules: one shard ran with --no-assert, so it recorded none
    const ruled = {
      ...inputs,
      config: { ...inputs.config, assert: [AssertRule.parse({ type: 'honesty' })] },
    };
    const bare = await shard(1, { inputs: ruled, assert: false });
    const judged = await shard(2, { inputs: ruled });
    for (const [a, b] of [
      [bare, judged],
      [judged, bare],
    ]) {
      const m = merge([a, b]);
      expect(m.status, m.stderr).toBe(2);
      expect(m.stderr).toContain(
        `bench merge: ${a} and ${b} come from different plans: their assert: rules differ`,
      );
      expect(existsSync(join(m.out, 'run.json'))).toBe(false);
    }
  });
});
