/**
 * `bench run | plan | score | diff | report | merge` through the built CLI, on a tiny golden and a
 * sim seat in a temp folder (run `npm run build` first; `npm test` does).
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bench, tempDir } from '../spec/helpers.js';
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
    const planned = JSON.parse(plan.stdout).trials.map((t: { id: string }) => t.id);
    expect(planned).toHaveLength(4);

    const run = bench(['run', '--out', 'out/full'], cwd);
    expect(run.stderr).toMatch(/^\[1\/4\] tiny-checkout\/sim-diligent-react\//m);
    expect(run.status).toBe(0);
    expect(run.stdout).not.toMatch(/\x1b\[/);
    expect(run.stdout).toContain('out/full/scorecard.md');
    const journal = readFileSync(join(cwd, 'out/full/journal.jsonl'), 'utf8').trim().split('\n');
    expect(journal.map((l) => JSON.parse(l).id).sort()).toEqual([...planned].sort());

    const same = bench(['diff', 'out/full', 'out/full/scorecard.json'], cwd);
    expect(same.status).toBe(0);
    expect(same.stdout).toContain('No change');

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
