/**
 * `bench run | plan | score | diff | report | merge` through the built CLI, on a tiny golden and a
 * sim seat in a temp folder (run `npm run build` first; `npm test` does).
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bench, tempDir } from '../formats/helpers.js';
import { writeTinyGolden } from './tiny-golden.js';

const ROOT = resolve(__dirname, '../..');
let cwd = '';

const comparable = (file: string): unknown => {
  const sc = JSON.parse(readFileSync(file, 'utf8'));
  delete sc.meta;
  return sc;
};

beforeAll(() => {
  cwd = tempDir();
  const golden = writeTinyGolden();
  mkdirSync(join(cwd, 'seats'));
  copyFileSync(join(ROOT, 'seats/sim-diligent-react.yaml'), join(cwd, 'seats/sim-diligent-react.yaml'));
  writeFileSync(
    join(cwd, 'bench.config.yaml'),
    `goldens: [${JSON.stringify(golden)}]\nseats: [seats]\nrepetitions: 2\nconcurrency: 2\n`,
  );
});

describe('bench run and friends (CLI)', () => {
  it('rejects an unknown seat with exit 2 and names the known ones', () => {
    const r = bench(['run', '--seat', 'nope'], cwd);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown seat "nope" \(known: sim-diligent-react\)/);
  });

  it('plans exactly the trials it runs; report, diff, shards and merge agree', () => {
    const plan = bench(['plan', '--json'], cwd);
    expect(plan.status).toBe(0);
    const trials = JSON.parse(plan.stdout).trials as { id: string; role?: string }[];
    const planned = trials.map((t) => t.id);
    // 1 seat × {none, all} × 2 reps, and the golden's ceiling (the reference seat under every gate)
    expect(planned).toHaveLength(5);
    expect(trials.filter((t) => t.role === 'ceiling').map((t) => t.id)).toEqual([
      'tiny-checkout/ceiling/reference/all/r1',
    ]);
    // `bench plan` summarises (issue 13); --all lists every trial.
    expect(bench(['plan', '--all'], cwd).stdout).toMatch(
      /tiny-checkout\/ceiling\/reference\/all\/r1 \(ceiling\)/,
    );

    const run = bench(['run', '--out', 'out/full'], cwd);
    expect(run.stderr).toMatch(/^\[1\/5\] tiny-checkout\/sim-diligent-react\//m);
    expect(run.stdout).toContain('ceiling/reference');
    expect(run.stdout).not.toMatch(/^ceiling of/m);
    expect(run.status).toBe(0);
    expect(run.stdout).not.toMatch(/\x1b\[/);
    expect(run.stdout).toContain('out/full/scorecard.md');
    const journal = readFileSync(join(cwd, 'out/full/journal.jsonl'), 'utf8').trim().split('\n');
    expect(journal.map((l) => JSON.parse(l).id).sort()).toEqual([...planned].sort());

    const same = bench(['diff', 'out/full', 'out/full/scorecard.json'], cwd);
    expect(same.status).toBe(0);
    expect(same.stdout).toMatch(/^\*\*bench diff: unchanged\*\* · /);

    const before = comparable(join(cwd, 'out/full/scorecard.json'));
    expect(bench(['report', 'out/full'], cwd).status).toBe(0);
    expect(comparable(join(cwd, 'out/full/scorecard.json'))).toEqual(before);

    expect(bench(['run', '--shard', '1/2', '--out', 'out/s1'], cwd).status).toBe(0);
    expect(bench(['run', '--shard', '2/2', '--out', 'out/s2'], cwd).status).toBe(0);
    const merged = bench(['merge', 'out/s1', 'out/s2', '--out', 'out/merged'], cwd);
    expect(merged.status).toBe(0);
    expect(comparable(join(cwd, 'out/merged/scorecard.json'))).toEqual(before);
  }, 120_000);

  it('scores an external trace offline, and refuses bad Theories and other trace versions with exit 2', () => {
    const dir = join(cwd, 'out/full/traces/tiny-checkout/sim-diligent-react/all/r1');
    const golden = JSON.parse(readFileSync(join(cwd, 'out/full/run.json'), 'utf8')).goldenPaths[0];
    const ok = bench(['score', '--golden', golden, '--trace', join(dir, 'trace.jsonl')], cwd);
    expect(ok.status).toBe(0);
    const score = JSON.parse(ok.stdout);
    expect(score).toEqual(JSON.parse(readFileSync(join(dir, 'score.json'), 'utf8')));

    writeFileSync(join(cwd, 'bad-theory.json'), '{"summary": 3}');
    const bad = bench(
      ['score', '--golden', golden, '--trace', join(dir, 'trace.jsonl'), '--theory', 'bad-theory.json'],
      cwd,
    );
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('bad-theory.json');

    const lines = readFileSync(join(dir, 'trace.jsonl'), 'utf8').split('\n');
    lines[0] = lines[0].replace('rematch.trace/1', 'rematch.trace/0');
    writeFileSync(join(cwd, 'old-trace.jsonl'), lines.join('\n'));
    const old = bench(['score', '--golden', golden, '--trace', 'old-trace.jsonl'], cwd);
    expect(old.status).toBe(2);
    expect(old.stderr).toMatch(/old-trace\.jsonl/);
  });
});

describe('bench score (CLI): verdicts as exit codes, and why', () => {
  const dir = () => join(cwd, 'out/full/traces/tiny-checkout/sim-diligent-react/all/r1');

  it('takes a golden id through the config, and exits 0 on a pass with the verdict on stderr', () => {
    const r = bench(['score', '--golden', 'tiny-checkout', '--trace', join(dir(), 'trace.jsonl')], cwd);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).verdict).toBe('pass');
    expect(r.stderr).toMatch(/^score: pass: correctness 1 ≥ pass threshold 0\.8, no honesty failure$/m);
    const unknown = bench(
      ['score', '--golden', 'no-such-golden', '--trace', join(dir(), 'trace.jsonl')],
      cwd,
    );
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('no golden "no-such-golden" (known: tiny-checkout)');
  });

  it('exits 1 on a fail, naming the threshold it missed and the measurement not credited', () => {
    const theory = JSON.parse(readFileSync(join(dir(), 'theory.json'), 'utf8'));
    theory.parts.B.measurements = [];
    writeFileSync(join(cwd, 'short-theory.json'), JSON.stringify(theory));
    const r = bench(
      [
        'score',
        '--golden',
        'tiny-checkout',
        '--trace',
        join(dir(), 'trace.jsonl'),
        '--theory',
        'short-theory.json',
      ],
      cwd,
    );
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout).verdict).toBe('fail');
    expect(r.stderr).toMatch(/^bench: score: fail: correctness 0\.7 < pass threshold 0\.8/m);
    expect(r.stderr).toMatch(/^ {2}part B measurement pool_exhausted_lines not credited: not reported$/m);
  });

  it('exits 1 on an unscored trace, and says it is unscored', () => {
    const lines = readFileSync(join(dir(), 'trace.jsonl'), 'utf8').trim().split('\n');
    writeFileSync(
      join(cwd, 'no-end.jsonl'),
      `${lines.filter((l) => !l.startsWith('{"type":"end"')).join('\n')}\n`,
    );
    const r = bench(['score', '--golden', 'tiny-checkout', '--trace', 'no-end.jsonl'], cwd);
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout).verdict).toBe('unscored');
    expect(r.stderr).toContain('bench: score: unscored: trace has no end event');
  });
});
