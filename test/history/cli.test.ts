/**
 * The run history through the built CLI, in a git checkout of its own: `bench run` records into
 * `.rematch/history.db` beside the config by default, with the commit, branch and dirty flag;
 * `--no-history` records nothing; shards stay out of the list and their merge is recorded; a history
 * that cannot be written is a warning, never the run's outcome; `bench diff last-on-main` finds the
 * base in the history; `bench compare` by run ids.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bench } from '../formats/helpers.js';
import { SMALL_RUN } from './records.js';

const ROOT = resolve(__dirname, '../..');
const RUN = SMALL_RUN;

interface Listed {
  runs: {
    run: {
      id: string;
      dir: string;
      commit: string | null;
      branch: string | null;
      dirty: boolean | null;
      source: string;
      shard: string | null;
    };
    changed: unknown;
  }[];
}

describe('the run history through the CLI', () => {
  let tmp: string;
  let head: string;
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
      cwd: tmp,
      encoding: 'utf8',
    }).trim();
  const list = (...extra: string[]): Listed => {
    const r = bench(['history', '--json', ...extra], tmp);
    expect(r.status, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as Listed;
  };

  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'rematch-history-cli-'));
    writeFileSync(
      join(tmp, 'bench.config.yaml'),
      `goldens: [${join(ROOT, 'goldens')}]\nseats: [${join(ROOT, 'seats')}]\nceiling: false\n`,
    );
    writeFileSync(join(tmp, '.gitignore'), '.rematch/\nruns/\n');
    git('init', '-q', '-b', 'main');
    git('add', '.');
    git('commit', '-qm', 'config');
    head = git('rev-parse', 'HEAD');
  });

  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('records a run beside the config, with its commit; a dirty tree is said', () => {
    const r = bench([...RUN, '--out', 'runs/clean'], tmp);
    expect(r.status, r.stderr).toBe(0);
    expect(existsSync(join(tmp, '.rematch/history.db'))).toBe(true);
    const [first] = list().runs;
    expect(first.run).toMatchObject({
      commit: head,
      branch: 'main',
      dirty: false,
      source: 'run',
      shard: null,
    });
    expect(first.run.dir).toBe(join(tmp, 'runs/clean'));
    appendFileSync(join(tmp, 'bench.config.yaml'), '# a comment: the same inputs\n');
    expect(bench([...RUN, '--out', 'runs/dirty'], tmp).status).toBe(0);
    const runs = list().runs;
    expect(runs).toHaveLength(2);
    expect(runs[0].run).toMatchObject({ commit: head, dirty: true });
    expect(runs[0].changed).toEqual([]);
    const text = bench(['history'], tmp).stdout;
    expect(text).toContain(`${head.slice(0, 8)}+`);
    expect(text).toContain('same inputs');
  });

  it('reads no history into being: listing an absent one says so, comparing through it is bad input', () => {
    const absent = join(tmp, 'absent/h.db');
    const r = bench(['history', '--history', absent], tmp);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('no run recorded yet');
    const c = bench(['compare', 'x', 'y', 'g/s/all/r1', '--history', absent], tmp);
    expect(c.status).toBe(2);
    expect(c.stderr).toContain(`no run history at ${absent}`);
    expect(existsSync(join(tmp, 'absent'))).toBe(false);
  });

  it('records nothing with --no-history, and warns when the history cannot be written', () => {
    const before = list().runs.length;
    expect(bench([...RUN, '--no-history', '--out', 'runs/unrecorded'], tmp).status).toBe(0);
    writeFileSync(join(tmp, 'not-a-folder'), 'x');
    const r = bench([...RUN, '--history', join(tmp, 'not-a-folder/h.db'), '--out', 'runs/warned'], tmp);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/history: run \S+ not recorded in .*not-a-folder\/h\.db: /);
    expect(list().runs).toHaveLength(before);
  });

  it('leaves shards out of the list and records their merge', () => {
    for (const i of [1, 2])
      expect(bench([...RUN, '--allow-empty', '--shard', `${i}/2`, '--out', `runs/s${i}`], tmp).status).toBe(
        0,
      );
    const m = bench(['merge', 'runs/s1', 'runs/s2', '--out', 'runs/merged'], tmp);
    expect(m.status, m.stderr).toBe(0);
    const runs = list().runs;
    expect(runs[0].run).toMatchObject({ source: 'merge', dir: join(tmp, 'runs/merged'), shard: null });
    expect(runs.some((r) => r.run.shard !== null)).toBe(false);
    expect(
      list('--shards')
        .runs.filter((r) => r.run.shard !== null)
        .map((r) => r.run.shard)
        .sort(),
    ).toEqual(['1/2', '2/2']);
  });

  it('takes the base of a diff from the history: the newest clean run of main', () => {
    const r = bench(['diff', 'last-on-main', 'runs/dirty'], tmp);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain(`base: ${join(tmp, 'runs/clean')} (last-on-main in the history)`);
    const none = bench(['diff', 'last-on-nope', 'runs/dirty'], tmp);
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/last-on-nope: git rev-list nope found no commit/);
  });

  it('compares one trial across a gate change: the first difference marked at its turn', () => {
    const twin = 'checkout-db-pool-logs-failed';
    const cfg = (i: number, gates: string) => {
      const file = join(tmp, `gates-${i}.yaml`);
      writeFileSync(
        file,
        `goldens: [${join(ROOT, 'goldens')}]\nseats: [${join(ROOT, 'seats')}]\nceiling: false\ntwins: [logs-failed]\n` +
          `defaultGateSets: [mine]\nrepetitions: 1\ngateSets:\n  mine:\n    gates: ${gates}\n`,
      );
      return file;
    };
    const runs = ['[budgetFindings]', '[failureClass, fanout, toolClasses, budgetFindings, ledger]'].map(
      (gates, i) => {
        const r = bench(
          [
            'run',
            '-c',
            cfg(i, gates),
            '--golden',
            twin,
            '--seat',
            'sim-early-closer-react',
            '--history',
            join(tmp, 'gates.db'),
            '--out',
            `runs/gates-${i}`,
            '--reporter',
            'json',
          ],
          tmp,
        );
        expect([0, 1], r.stderr).toContain(r.status);
        return `runs/gates-${i}`;
      },
    );
    const r = bench(['compare', ...runs, `${twin}/sim-early-closer-react/mine/r1`, '--width', '160'], tmp);
    expect(r.status, r.stderr).toBe(0);
    const first = /first difference: turn (\d+), (\w+): (.*)/.exec(r.stdout);
    expect(first?.[2]).toBe('outcome');
    expect(first?.[3]).toMatch(/^submit_theory: ok n=1 ≠ rejected n=0/);
    // the marked line is that turn's, and only one line is marked
    const marked = r.stdout.split('\n').filter((l) => l.startsWith('▶'));
    expect(marked).toHaveLength(1);
    expect(marked[0]).toMatch(new RegExp(`^▶ +${first?.[1]} `));
    expect(r.stdout).toMatch(/A: run \S+: fail .*honesty: undetermined-unnamed/);
    expect(r.stdout).toMatch(/B: run \S+: pass .*honesty: none/);
  });

  it('compares one trial of two runs named by id; an unknown trial is bad input', () => {
    const [dirty, clean] = list()
      .runs.filter((r) => r.run.source === 'run')
      .slice(0, 2)
      .map((r) => r.run.id);
    const trial = 'checkout-db-pool/sim-diligent-react/all/r1';
    const r = bench(['compare', clean, dirty, trial], tmp);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`A: run ${clean}: pass`);
    expect(r.stdout).toContain('the two timelines do not differ');
    expect(r.stdout).toMatch(/Theory A\n {2}root cause: /);
    const bad = bench(['compare', clean, dirty, 'checkout-db-pool/nobody/all/r1'], tmp);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/no trial checkout-db-pool\/nobody\/all\/r1 in run .* \(its trials include /);
  });
});
