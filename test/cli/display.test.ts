/**
 * How the reports look through the built CLI (run `npm run build` first): the default run's
 * (test/shared-runs.ts: one `bench run` shared by the files that read it) scorecard.md is short
 * above its <details>, the terminal fits COLUMNS, colors follow chalk's
 * detection with NO_COLOR and --no-color, and `bench plan` summarises unless --all.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../formats/helpers.js';
import { copyRun, defaultRun } from '../shared-runs.js';

const ROOT = resolve(__dirname, '../..');
let run = '';

/** The CLI in the repository (its default config), with no color variable but those given. */
function bench(args: string[], env: Record<string, string> = {}) {
  if (!existsSync(join(ROOT, 'dist/cli/main.js'))) throw new Error('run `npm run build` first');
  const base = { ...process.env };
  for (const k of ['FORCE_COLOR', 'NO_COLOR', 'COLUMNS', 'CI', 'TF_BUILD']) delete base[k];
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/bench.js'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...base, ...env },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const widest = (text: string) => Math.max(...text.split('\n').map((l) => [...l].length));
const ESC = /\x1b\[/;

beforeAll(async () => {
  // the default run is shared with other files; `bench report` locks and re-renders it: a copy
  const r = await defaultRun();
  expect(r.status, r.stderr).toBe(0);
  run = copyRun(r.dir);
}, 600_000);

describe('the default run', () => {
  it('writes a scorecard.md under 60 lines above its <details>, and walltime.md summary first', () => {
    const md = readFileSync(join(run, 'scorecard.md'), 'utf8').split('\n');
    const details = md.indexOf('<details>') + 1;
    expect(details).toBeGreaterThan(0);
    expect(details).toBeLessThan(60);
    expect(md[2]).toMatch(
      /^\*\*1040 trials\*\* · pass \*\*\d+\/1040\*\* \(\d+%\) · honesty failures in \d+ trials/,
    );
    // the grid's long golden ids break at a hyphen, so that GitHub keeps the columns narrow; a
    // twin's `~` is escaped, or GitHub would strike the text between two of them through
    expect(md[6]).toBe(
      '| seat | cart-redis-<br>stale-tools | cart-redis-stale-<br>tools\\~logs-failed | checkout-db-pool | checkout-db-<br>pool\\~logs-failed | checkout-db-<br>pool-logs-failed | contended-<br>backend | contended-<br>backend\\~logs-failed | latency-<br>label-mismatch | latency-label-<br>mismatch\\~logs-failed | orders-queue-<br>untyped-logs | orders-queue-untyped-<br>logs\\~logs-failed | scrape-gap-<br>false-positive | scrape-gap-false-<br>positive\\~logs-failed |',
    );
    const wt = readFileSync(join(run, 'walltime.md'), 'utf8').split('\n');
    expect(wt[2]).toMatch(/^\*\*none\*\* wall p50 [\d.]+s \(model [\d.]+s, tool [\d.]+s, queue [\d.]+s\)/);
    expect(wt.indexOf('<details>')).toBeLessThan(30);
  });
});

describe('the terminal width', () => {
  it('fits every line to COLUMNS=80, saying which columns it left out', () => {
    const r = bench(['report', run, '--full'], { COLUMNS: '80' });
    expect(r.status).toBe(0);
    expect(widest(r.stdout)).toBeLessThanOrEqual(80);
    expect(r.stdout).toMatch(/^\(not shown at width 80: Δ wall p50, Δ tokens;/m);
    // --width wins over COLUMNS; piped without either, the default is 120
    expect(widest(bench(['report', run, '--width', '100'], { COLUMNS: '80' }).stdout)).toBeLessThanOrEqual(
      100,
    );
    const piped = bench(['report', run]).stdout;
    expect(widest(piped)).toBeLessThanOrEqual(120);
    expect(piped).toMatch(/Δ wall p50 +│ Δ tokens/);
  });
});

describe('colors', () => {
  // Whether the table has escape codes does not depend on its size: a run of one trial, whose
  // `bench report` reads one journal line, not 1053.
  let small = '';
  beforeAll(() => {
    small = join(tempDir(), 'small');
    const one = [
      '--golden',
      'checkout-db-pool',
      '--seat',
      'sim-diligent-react',
      '--gates',
      'none',
      '--reps',
      '1',
    ];
    const r = bench(['run', ...one, '--out', small]);
    expect(r.status, r.stderr).toBe(0);
  }, 120_000);
  const codes = (env: Record<string, string>, extra: string[] = []) =>
    ESC.test(bench(['report', small, ...extra], env).stdout);

  it('follow chalk’s detection: FORCE_COLOR=1 piped colors, a plain pipe does not', () => {
    expect(codes({ FORCE_COLOR: '1' })).toBe(true);
    expect(codes({})).toBe(false);
    expect(codes({ FORCE_COLOR: '0' })).toBe(false);
  });

  it('stop for NO_COLOR and for --no-color (before or after the command), which beats FORCE_COLOR', () => {
    expect(codes({ NO_COLOR: '1' })).toBe(false);
    expect(codes({ FORCE_COLOR: '1' }, ['--no-color'])).toBe(false);
    const before = bench(['--no-color', 'report', small], { FORCE_COLOR: '1' });
    expect(before.status).toBe(0);
    expect(ESC.test(before.stdout)).toBe(false);
    // FORCE_COLOR is the explicit ask, as Node reads the pair
    expect(codes({ FORCE_COLOR: '1', NO_COLOR: '1' })).toBe(true);
  });
});

describe('bench plan', () => {
  it('summarises by default: counts by seat × gate set, totals, per golden', () => {
    const r = bench(['plan']);
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^1053 trials \(of 1053 in the matrix\): 13 goldens × 8 seats × 2 gate sets/);
    expect(lines.length).toBeLessThan(25);
    expect(r.stdout).toMatch(/│ sim-diligent-react +│ 65 +│ 65 +│ 130 +│/);
    expect(r.stdout).toMatch(/│ ceiling\/reference +│ – +│ 13 +│ 13 +│/);
    expect(r.stdout).toMatch(/│ total +│ 520 +│ 533 +│ 1053 +│/);
    expect(r.stdout).toMatch(/^trials per golden: cart-redis-stale-tools 81, /m);
    expect(r.stdout).toContain('every trial: bench plan --all');
  });

  it('plans the seed rematch example: six real seats skipped without keys, eight sims', () => {
    const r = bench(['plan', '-c', 'docs/examples/seed-rematch.yaml'], {
      OPENAI_API_KEY: '',
      GEMINI_API_KEY: '',
      XAI_API_KEY: '',
      ANTHROPIC_API_KEY: '',
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^422 trials \(of 422 in the matrix\): 2 goldens × 14 seats × 3 gate sets/);
    expect(r.stdout).toMatch(/│ openai-responses-reactree +│ 10 +│ 10 +│ 10 +│ 30 +│/);
    expect(r.stdout.match(/will be skipped: \$[A-Z_]+ is not set/g)).toHaveLength(6);
  });

  it('lists every trial with --all, one line each, without a rule between rows', () => {
    const r = bench(['plan', '--all']);
    const rows = r.stdout.split('\n').filter((l) => /^│ \d+ /.test(l));
    expect(rows).toHaveLength(1053);
    expect(r.stdout.split('\n').length).toBeLessThan(1069);
    const shard = bench(['plan', '--shard', '1/2']);
    expect(shard.stdout).toMatch(/^\d+ trials \(of 1053 in the matrix, shard 1\/2\)/);
  });
});
