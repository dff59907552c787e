import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBench } from '../../src/commands/run/index.js';
import type { TrialEnv, TrialSpec } from '../../src/plan/types.js';
import { track } from '../children.js';
import { fakeRunTrial, inputs } from './fake.js';

const tmp = (): string => mkdtempSync(join(tmpdir(), 'rematch-run-'));
const sink = () => {
  const chunks: string[] = [];
  return {
    chunks,
    write: (s: string) => {
      chunks.push(s);
      return true;
    },
    text: () => chunks.join(''),
  };
};
const comparable = (dir: string): unknown => {
  const sc = JSON.parse(readFileSync(join(dir, 'scorecard.json'), 'utf8'));
  delete sc.meta;
  return sc;
};
const journalIds = (dir: string): string[] =>
  readFileSync(join(dir, 'journal.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .flatMap((l) => {
      try {
        return [JSON.parse(l).id as string];
      } catch {
        return [];
      }
    });

describe('runBench', () => {
  it('runs the matrix, writes every report, skips keyless real seats with one line, prints without escape codes', async () => {
    const out = tmp();
    const stdout = sink();
    const stderr = sink();
    const r = await runBench({
      inputs,
      out,
      runTrial: fakeRunTrial(),
      seats: ['sim-a', 'real-x'],
      stdout,
      stderr,
      tty: false,
    });
    for (const f of [
      'scorecard.json',
      'scorecard.md',
      'walltime.md',
      'junit.xml',
      'journal.jsonl',
      'run.json',
    ]) {
      expect(existsSync(join(out, f))).toBe(true);
    }
    expect(existsSync(join(out, 'traces/g-one/sim-a/all/r1/trace.jsonl'))).toBe(true);
    expect(existsSync(join(out, 'traces/g-one/sim-a/all/r1/score.json'))).toBe(true);
    expect(r.executed).toBe(2 * 2 * 3);
    expect(r.skipped).toEqual([{ seat: 'real-x', reason: '$NO_SUCH_KEY_H7 is not set' }]);
    expect(stderr.text().match(/skipped seat real-x/g)).toHaveLength(1);
    expect(stdout.text()).not.toMatch(/\x1b\[/);
    expect(stderr.text()).not.toMatch(/\x1b\[/);
    expect(stdout.text()).toContain('baseline/constant');
    expect(stdout.text()).toContain(join(out, 'scorecard.md'));
    expect(stderr.text()).toMatch(/^\[ 1\/12\] g-one\/sim-a\//m);
    const sc = r.scorecard!;
    expect(sc.rows.map((x) => `${x.golden}/${x.seat}/${x.gateSet}`)).toContain('g-one/sim-a/all');
    expect(sc.gateEffects.length).toBe(2);
  });

  it('says so when every seat was skipped: exit 1 (nothing scored), 0 with allowEmpty', async () => {
    const stdout = sink();
    const opts = { inputs, runTrial: fakeRunTrial(), seats: ['real-x'], stderr: sink(), tty: false };
    await expect(runBench({ ...opts, out: tmp(), stdout: sink() })).rejects.toThrow(
      /no scored trial: every seat was skipped \(real-x: \$NO_SUCH_KEY_H7 is not set\)/,
    );
    const r = await runBench({ ...opts, out: tmp(), stdout, allowEmpty: true });
    expect(r.executed).toBe(0);
    expect(stdout.text()).toMatch(/every seat was skipped \(real-x\)/);
  });

  it('after kill -9 mid-run, --resume runs only what is missing and gives the uninterrupted scorecard', async () => {
    const killed = tmp();
    const child = track(
      spawn(process.execPath, ['--import', 'tsx', resolve(__dirname, 'kill-child.ts'), killed], {
        cwd: resolve(__dirname, '../..'),
        stdio: 'ignore',
      }),
    );
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (existsSync(join(killed, 'journal.jsonl')) && journalIds(killed).length >= 4) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    child.kill('SIGKILL');
    await new Promise((r) => child.on('exit', r));
    const before = journalIds(killed).length;
    expect(before).toBeGreaterThanOrEqual(4);
    expect(before).toBeLessThan(32);
    expect(existsSync(join(killed, 'scorecard.json'))).toBe(false);

    const stderr = sink();
    const resumed = await runBench({
      inputs,
      resume: killed,
      runTrial: fakeRunTrial(),
      stdout: sink(),
      stderr,
      tty: false,
    });
    expect(resumed.executed).toBe(32 - before);
    expect(stderr.text()).toContain(`${before} of 32 trials already done`);
    const ids = journalIds(killed);
    expect(ids).toHaveLength(32);
    expect(new Set(ids).size).toBe(32);

    const clean = tmp();
    await runBench({
      inputs,
      out: clean,
      runTrial: fakeRunTrial(),
      reps: 4,
      stdout: sink(),
      stderr: sink(),
      tty: false,
    });
    expect(comparable(killed)).toEqual(comparable(clean));
  }, 60_000);

  it('records a crashing trial as unscored, and --retry-errors runs it again', async () => {
    const out = tmp();
    const good = fakeRunTrial();
    const flaky = async (spec: TrialSpec, env: TrialEnv) => {
      if (spec.id === 'g-two/sim-b/all/r2') throw new Error('provider 503');
      return good(spec, env);
    };
    const first = await runBench({
      inputs,
      out,
      runTrial: flaky,
      stdout: sink(),
      stderr: sink(),
      tty: false,
    });
    const bad = first.scorecard!.trials.find((t) => t.id === 'g-two/sim-b/all/r2')!;
    expect(bad.score.verdict).toBe('unscored');
    expect(bad.score.unscoredReason).toContain('provider 503');
    const row = first.scorecard!.rows.find(
      (r) => r.golden === 'g-two' && r.seat === 'sim-b' && r.gateSet === 'all',
    )!;
    expect(row.unscored).toBe(1);

    const plain = await runBench({
      inputs,
      resume: out,
      runTrial: good,
      stdout: sink(),
      stderr: sink(),
      tty: false,
    });
    expect(plain.executed).toBe(0);
    const retried = await runBench({
      inputs,
      resume: out,
      retryErrors: true,
      runTrial: good,
      stdout: sink(),
      stderr: sink(),
      tty: false,
    });
    expect(retried.executed).toBe(1);
    expect(retried.scorecard!.trials.find((t) => t.id === 'g-two/sim-b/all/r2')!.score.verdict).not.toBe(
      'unscored',
    );
  });

  it('refuses to overwrite an existing run folder', async () => {
    const out = tmp();
    await runBench({
      inputs,
      out,
      runTrial: fakeRunTrial(),
      reps: 1,
      stdout: sink(),
      stderr: sink(),
      tty: false,
    });
    await expect(
      runBench({ inputs, out, runTrial: fakeRunTrial(), reps: 1, stdout: sink(), stderr: sink() }),
    ).rejects.toThrow(/--resume/);
  });
});

describe('stalled trials', () => {
  it('fails a trial whose promise can never settle as unscored instead of letting the process exit', async () => {
    const script = `
      import { runBench } from ${JSON.stringify(resolve(__dirname, '../../src/commands/run/index.ts'))};
      import { fakeRunTrial, inputs } from ${JSON.stringify(resolve(__dirname, 'fake.ts'))};
      const good = fakeRunTrial();
      const sink = { write: () => true };
      const r = await runBench({ inputs, out: process.argv[1], reps: 1, stdout: sink, stderr: sink,
        runTrial: (s, e) => (s.id === 'g-one/sim-a/none/r1' ? new Promise(() => {}) : good(s, e)) });
      console.log(JSON.stringify(r.scorecard.trials.find((t) => t.id === 'g-one/sim-a/none/r1').score.unscoredReason));
    `;
    const out = tmp();
    const { execFileSync } = await import('node:child_process');
    const text = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script, out],
      {
        cwd: resolve(__dirname, '../..'),
        encoding: 'utf8',
      },
    );
    expect(text).toContain('trial stalled');
  }, 60_000);
});

describe('contended mode', () => {
  it('runs each golden as one group and, on resume, re-runs a golden whose group is incomplete as a whole', async () => {
    const out = tmp();
    const groups: string[][] = [];
    const good = fakeRunTrial();
    const runContended = async (specs: TrialSpec[], dirOf: (s: TrialSpec) => string) => {
      groups.push(specs.map((s) => s.id));
      return Promise.all(specs.map((s) => good(s, { dir: dirOf(s) })));
    };
    const contended = { ...inputs, config: { ...inputs.config, contended: true } };
    const base = { inputs: contended, runContended, reps: 1, stdout: sink(), stderr: sink(), tty: false };
    await runBench({ ...base, out });
    expect(groups.map((g) => g.length)).toEqual([4, 4]);
    expect(groups[0].every((id) => id.startsWith('g-one/'))).toBe(true);

    // drop one g-two line from the journal: the whole g-two group runs again, g-one does not
    const file = join(out, 'journal.jsonl');
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    const keep = lines.filter((l) => !l.includes('"id":"g-two/sim-a/all/r1"'));
    writeFileSync(file, `${keep.join('\n')}\n`);
    groups.length = 0;
    const r = await runBench({ ...base, resume: out });
    expect(groups).toHaveLength(1);
    expect(groups[0].every((id) => id.startsWith('g-two/'))).toBe(true);
    expect(r.scorecard!.trials.filter((t) => !t.seat.startsWith('baseline/'))).toHaveLength(8);
  });

  it("an interrupted re-run of a group leaves the journaled trials' folders as they were", async () => {
    const out = tmp();
    const good = fakeRunTrial();
    const contended = { ...inputs, config: { ...inputs.config, contended: true } };
    const runContended = async (specs: TrialSpec[], dirOf: (s: TrialSpec) => string) =>
      Promise.all(specs.map((s) => good(s, { dir: dirOf(s) })));
    const base = { inputs: contended, runContended, reps: 1, stdout: sink(), stderr: sink(), tty: false };
    await runBench({ ...base, out });
    const kept = join(out, 'traces/g-two/sim-b/all/r1/trace.jsonl');
    const before = readFileSync(kept, 'utf8');
    const file = join(out, 'journal.jsonl');
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    writeFileSync(file, `${lines.filter((l) => !l.includes('"id":"g-two/sim-a/all/r1"')).join('\n')}\n`);
    // the group re-runs and is interrupted before it finishes: nothing may be journaled or moved
    const ac = new AbortController();
    // (it writes nothing into the folders it is given: what is there after it is what was kept)
    const interrupted = async (specs: TrialSpec[]) => {
      const outcomes = await Promise.all(specs.map((s) => good(s, { dir: tmp() })));
      ac.abort();
      return outcomes;
    };
    await runBench({ ...base, runContended: interrupted, resume: out, signal: ac.signal }).catch(
      () => undefined,
    );
    expect(readFileSync(kept, 'utf8')).toBe(before);
  });
});
