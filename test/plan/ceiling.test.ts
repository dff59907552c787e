/**
 * The ceiling trial of each golden in `bench run`: planned (marked), journaled and resumed, one
 * shard each, merged once, reported beside the null baselines and kept out of the seats' figures.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeRuns, planRun, runBench } from '../../src/index.js';
import { trialSeed } from '../../src/plan/plan.js';
import type { TrialEnv, TrialSpec } from '../../src/plan/types.js';
import { config, fakeRunTrial, goldens, inputs, seats } from '../commands/fake.js';

const withCeiling = { ...config, ceiling: true };
const ceilingInputs = { ...inputs, config: withCeiling };
const tmp = (): string => mkdtempSync(join(tmpdir(), 'rematch-ceiling-'));
const sink = () => {
  const chunks: string[] = [];
  return { write: (s: string) => chunks.push(s) > 0, text: () => chunks.join('') };
};
const CEILINGS = ['g-one/ceiling/reference/all/r1', 'g-two/ceiling/reference/all/r1'];

/** The fake runner; the ceiling of g-two reports a wrong Part A value (so it fails), g-one's passes. */
function runner() {
  const good = fakeRunTrial();
  return async (spec: TrialSpec, env: TrialEnv) => {
    const o = await good(spec, env);
    // the fake's seed-dependent slip is set aside: the truth (0.23) for g-one, 0.9 for g-two
    if (o.kind === 'done' && spec.role === 'ceiling' && o.theory) {
      const value = spec.golden.id === 'g-two' ? 0.9 : 0.23;
      const m = o.theory.parts.A.measurements[0];
      m.value = value;
      // Its cited call showed that value: a wrong answer, honestly reported (not a mismatch).
      for (const e of o.trace.events)
        if (e.type === 'tool_result' && m.evidence.includes(e.id)) e.values = [value];
    }
    return o;
  };
}

describe('planning the ceiling', () => {
  it('adds one marked trial per golden: the reference seat under every gate, rep 1, the run seed rule', () => {
    const p = planRun(withCeiling, goldens, seats);
    const ceil = p.trials.filter((t) => t.role === 'ceiling');
    expect(ceil.map((t) => t.id)).toEqual(CEILINGS);
    expect(p.trials).toHaveLength(2 * 2 * 2 * 3 + 2);
    expect(p.matrixSize).toBe(p.trials.length);
    expect(p.ceiling).toBe(true);
    for (const t of ceil) {
      expect(t.seat).toMatchObject({
        name: 'ceiling/reference',
        provider: 'sim',
        policy: 'reference',
        shape: 'react',
      });
      expect(t.gateSet.name).toBe('all');
      expect(t.gateSet.gates).toHaveLength(5);
      expect(t.rep).toBe(1);
      expect(t.seed).toBe(trialSeed(config.seed, t.golden.id, 'ceiling/reference', 1));
    }
    // with --gates none alone the ceiling still runs under every gate
    expect(
      planRun(withCeiling, goldens, seats, { gates: ['none'] }).trials.filter((t) => t.role),
    ).toHaveLength(2);
    expect(planRun(config, goldens, seats).trials.some((t) => t.role === 'ceiling')).toBe(false);
    expect(planRun(withCeiling, goldens, seats, { ceiling: false }).ceiling).toBe(false);
  });

  it('puts each ceiling trial in exactly one shard', () => {
    const parts = [1, 2, 3].map((i) =>
      planRun(withCeiling, goldens, seats, { shard: { index: i, count: 3 } }),
    );
    const ids = parts.flatMap((p) => p.trials.filter((t) => t.role === 'ceiling').map((t) => t.id));
    expect(ids.sort()).toEqual(CEILINGS);
  });
});

describe('running the ceiling', () => {
  it('scores it beside the baselines, keeps it out of the seat figures, and says when it fails', async () => {
    const out = tmp();
    const stdout = sink();
    const r = await runBench({
      inputs: ceilingInputs,
      out,
      runTrial: runner(),
      reps: 1,
      stdout,
      stderr: sink(),
      tty: false,
    });
    const sc = r.scorecard!;
    const rows = sc.rows.filter((x) => x.kind === 'ceiling');
    expect(rows.map((x) => [x.golden, x.seat, x.gateSet, x.n])).toEqual([
      ['g-one', 'ceiling/reference', 'all', 1],
      ['g-two', 'ceiling/reference', 'all', 1],
    ]);
    expect(sc.rows.filter((x) => x.kind === 'baseline')).toHaveLength(4);
    expect(sc.gateEffects.map((e) => e.seat)).not.toContain('ceiling/reference');
    expect(sc.worst.map((w) => w.id)).not.toContain(CEILINGS[1]);
    expect(sc.ceilings.map((c) => [c.golden, c.verdict])).toEqual([
      ['g-one', 'pass'],
      ['g-two', 'fail'],
    ]);
    expect(sc.ceilings[1].reasons.join('\n')).toMatch(
      /peak_error_ratio not credited: value 0\.9 outside tolerance/,
    );
    const lines = stdout
      .text()
      .split('\n')
      .filter((l) => l.startsWith('ceiling of'));
    expect(lines).toEqual([
      expect.stringMatching(/^ceiling of g-two does not pass \(fail: correctness 0\.7 < pass threshold 0\.8/),
    ]);
    expect(lines[0]).toContain('the golden cannot be passed honestly');
    const md = readFileSync(join(out, 'scorecard.md'), 'utf8');
    // Summary-first layout (issue 13): the ceiling is a marked row of the seat × golden grid.
    expect(md).toMatch(/^\| \*\*ceiling\*\*: reference \| all 1\/1 1\.00 \| all 0\/1 0\.70 \|$/m);
    expect(md).toContain('**Ceiling of g-two does not pass**');
    const junit = readFileSync(join(out, 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<testcase classname="g-one" name="ceiling" time="[\d.]+"><\/testcase>/);
    expect(junit).toMatch(
      /<testcase classname="g-two" name="ceiling"[^>]*>\s*<failure message="the reference trial does not pass/,
    );
    expect(junit).not.toContain('name="ceiling/reference');
    expect(readFileSync(join(out, 'walltime.md'), 'utf8')).not.toContain('ceiling/reference');
  });

  it('resumes a missing ceiling trial alone, and a folder from before the ceiling adds none', async () => {
    const out = tmp();
    const base = {
      inputs: ceilingInputs,
      runTrial: fakeRunTrial(),
      reps: 1,
      stdout: sink(),
      stderr: sink(),
      tty: false,
    };
    await runBench({ ...base, out });
    const file = join(out, 'journal.jsonl');
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    writeFileSync(file, `${lines.filter((l) => !l.includes(`"id":"${CEILINGS[0]}"`)).join('\n')}\n`);
    const resumed = await runBench({ ...base, resume: out });
    expect(resumed.executed).toBe(1);
    expect(resumed.scorecard!.ceilings.map((c) => c.id)).toEqual(CEILINGS);

    // a run folder written before the ceiling existed: its run.json has no plan.ceiling
    const old = tmp();
    await runBench({ ...base, inputs, out: old });
    const manifest = JSON.parse(readFileSync(join(old, 'run.json'), 'utf8'));
    delete manifest.plan.ceiling;
    writeFileSync(join(old, 'run.json'), JSON.stringify(manifest));
    // resumed with the inputs it was started with (a changed config is refused: resume-inputs.test.ts)
    const again = await runBench({ ...base, inputs, resume: old });
    expect(again.executed).toBe(0);
    expect(again.scorecard!.ceilings).toEqual([]);
  });

  it('runs each ceiling once across shards, and bench merge keeps one of each', async () => {
    const base = {
      inputs: ceilingInputs,
      runTrial: fakeRunTrial(),
      reps: 2,
      stdout: sink(),
      stderr: sink(),
      tty: false,
    };
    const dirs = [tmp(), tmp()];
    const ran: string[][] = [];
    for (const [i, out] of dirs.entries()) {
      const r = await runBench({ ...base, out, shard: { index: i + 1, count: 2 } });
      ran.push(r.scorecard!.ceilings.map((c) => c.id));
    }
    expect(ran.flat().sort()).toEqual(CEILINGS);
    const merged = mergeRuns(dirs, join(tmp(), 'merged'));
    expect(merged.ceilings.map((c) => c.id)).toEqual(CEILINGS);
    const whole = await runBench({ ...base, out: tmp() });
    expect(merged.rows).toEqual(whole.scorecard!.rows);
  });

  it('in contended mode runs the ceiling on a timeline of its own', async () => {
    const groups: string[][] = [];
    const good = fakeRunTrial();
    const runContended = async (specs: TrialSpec[], dirOf: (s: TrialSpec) => string) => {
      groups.push(specs.map((s) => s.id));
      return Promise.all(specs.map((s) => good(s, { dir: dirOf(s) })));
    };
    const contended = { ...ceilingInputs, config: { ...withCeiling, contended: true } };
    const r = await runBench({
      inputs: contended,
      runContended,
      runTrial: good,
      out: tmp(),
      reps: 1,
      stdout: sink(),
      stderr: sink(),
      tty: false,
    });
    expect(groups.flat().some((id) => id.includes('/ceiling/'))).toBe(false);
    expect(r.scorecard!.ceilings).toHaveLength(2);
  });
});
