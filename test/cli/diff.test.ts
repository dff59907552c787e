/**
 * Issue 13's bench diff acceptance through the built CLI, on the shipped goldens, seats and
 * bench.config.yaml, kept small (one golden, two sim seats, two repetitions): an all-gates run
 * against a run with the config's `no-ledger` set exits 1 and names each regression once; with
 * `none` beside them on both sides, `--pair all=no-ledger` makes the same comparison.
 */
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bench, tempDir } from '../formats/helpers.js';

const ROOT = resolve(__dirname, '../..');
const SMALL = [
  '--golden',
  'checkout-db-pool-logs-failed',
  '--seat',
  'sim-tweaker-react',
  'sim-diligent-react',
  '--reps',
  '2',
];
let out = '';
const run = (name: string, gates: string[]) => {
  const r = bench(
    ['run', ...SMALL, '--gates', ...gates, '--reporter', 'json', '--out', join(out, name)],
    ROOT,
  );
  // 1 would be a config `assert:` rule failing on this small matrix: the run is still complete
  expect([0, 1], r.stderr).toContain(r.status);
  expect(existsSync(join(out, name, 'scorecard.json'))).toBe(true);
};
const times = (text: string, s: string) => text.split(s).length - 1;

beforeAll(() => {
  out = tempDir();
  run('all', ['all']);
  run('no-ledger', ['no-ledger']);
  run('both-all', ['none', 'all']);
  run('both-no-ledger', ['none', 'no-ledger']);
  run('none-only', ['none']);
}, 120_000);

describe('bench diff (CLI)', () => {
  it('exits 1 on an all-gates run against a no-ledger run, naming each regression once', () => {
    const r = bench(['diff', join(out, 'all'), join(out, 'no-ledger'), '--out', join(out, 'diff.md')], ROOT);
    expect(r.status).toBe(1);
    const label = 'checkout-db-pool-logs-failed × sim-tweaker-react × all → no-ledger';
    // the verdict and the diff's counts, then the head run's summary
    expect(r.stdout.split('\n')[0]).toMatch(
      /^\*\*bench diff: regressed\*\* · 1 regression, 0 improvements, \d+ other changes?, \d+ unchanged \(\d+ rows\) · HEAD: \*\*\d+ trials\*\* · pass \*\*\d+\/\d+\*\* \(\d+%\) · honesty failures in \d+ trials · assertions \d+ passed \/ \d+ failed.*$/,
    );
    // the regression with its cause first, the changed rows' table after, the head's grid collapsed last
    expect(r.stdout).toContain(`\n1. **${label}**: `);
    expect(r.stdout.indexOf(`1. **${label}**`)).toBeLessThan(r.stdout.indexOf(`| ${label} |`));
    expect(r.stdout).toMatch(
      /<details><summary>HEAD's grid \(1 golden\)<\/summary>\n\n[^\n]*\n\n\| seat \| checkout-db-<br>pool-logs-failed \|/,
    );
    expect(r.stdout.indexOf(`| ${label} |`)).toBeLessThan(r.stdout.indexOf('| seat |'));
    expect(times(r.stdout + r.stderr, `| ${label} |`)).toBe(1);
    expect(r.stdout).toMatch(
      new RegExp(`^\\| ${label} \\| \\*\\*regression\\*\\* \\|.*\\*\\*0 → 2\\*\\*`, 'm'),
    );
    expect(r.stderr).toBe('bench: 1 regression under --fail-on (the rows marked regression above)\n');
    expect(readFileSync(join(out, 'diff.md'), 'utf8')).toBe(r.stdout);
  });

  it('pairs all with no-ledger by --pair when none runs beside them', () => {
    const [a, b] = [join(out, 'both-all'), join(out, 'both-no-ledger')];
    // without the pairing, all is removed from the head: a regression, with the hint to pair it
    const unpaired = bench(['diff', a, b], ROOT);
    expect(unpaired.status).toBe(1);
    expect(unpaired.stdout.split('\n')[2]).toMatch(
      /^\*\*Removed from HEAD\*\* .*: gate set all \(2 rows\)\. `--pair all=no-ledger` would compare the removed seat rows with the added ones\.$/,
    );
    const r = bench(['diff', a, b, '--pair', 'all=no-ledger'], ROOT);
    expect(r.status).toBe(1);
    expect(
      times(r.stdout, 'checkout-db-pool-logs-failed × sim-tweaker-react × all → no-ledger | **regression**'),
    ).toBe(1);
    expect(r.stdout).toContain('Gate sets compared across: all → no-ledger.');
  });

  it('fails when the head drops a gate set the base ran, naming the removal first', () => {
    const r = bench(['diff', join(out, 'both-all'), join(out, 'none-only')], ROOT);
    expect(r.status).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^\*\*bench diff: regressed\*\* · 2 regressions, /);
    expect(lines[2]).toBe(
      '**Removed from HEAD** (a regression under `removed`; `--fail-on-only` without it accepts a removal): gate set all (2 rows).',
    );
    expect(r.stderr).toBe('bench: 2 regressions under --fail-on (the rows marked regression above)\n');
    const accepted = bench(
      ['diff', join(out, 'both-all'), join(out, 'none-only'), '--fail-on-only', 'correctness:0.05,honesty'],
      ROOT,
    );
    expect(accepted.status).toBe(0);
  });

  it('exits 0 with unchanged on identical runs, and adds rules with --fail-on', () => {
    const same = bench(['diff', join(out, 'all'), join(out, 'all', 'scorecard.json')], ROOT);
    expect(same.status).toBe(0);
    expect(same.stdout).toMatch(/^\*\*bench diff: unchanged\*\* · \d+ rows: every figure/);
    const only = bench(['diff', join(out, 'all'), join(out, 'no-ledger'), '--fail-on-only', 'none'], ROOT);
    expect(only.status).toBe(0);
    const walls = bench(['diff', join(out, 'all'), join(out, 'no-ledger'), '--fail-on', 'wall:0.5'], ROOT);
    expect(walls.status).toBe(1);
    expect(walls.stdout).toContain('Rules `correctness:0.05,honesty,repeats:1,ceiling,removed,wall:0.5`');
  });

  it('re-scores a run folder whose scorecard.json an older bench wrote (a cached CI base)', () => {
    const old = join(out, 'old-all');
    cpSync(join(out, 'all'), old, { recursive: true });
    const file = join(old, 'scorecard.json');
    const sc = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(
      file,
      JSON.stringify({ ...sc, format: 'rematch.scorecard/1', gateEffects: [{ meanDiff: 0 }] }),
    );
    const r = bench(['diff', old, join(out, 'all')], ROOT);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^\*\*bench diff: unchanged\*\* · /);
    // the file alone has no journal beside it to re-score from: bad input, naming the version
    const file1 = bench(['diff', file, join(out, 'all')], ROOT);
    expect(file1.status).toBe(2);
    expect(file1.stderr).toContain('scorecard format "rematch.scorecard/1"');
  });
});
