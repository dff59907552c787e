/**
 * Issue 24's PR-comment acceptance through the built CLI: a PR that breaks the no-progress ledger
 * (a copy of the shipped config whose gate settings leave `all`'s ledger nothing to steer or halt
 * at) is benched against the shipped config, on one golden, two sim seats, two repetitions. The
 * diff's markdown, rendered by a CommonMark + GFM renderer as GitHub would, must give the answer
 * on its first screen (40 lines): the verdict, every failed assertion by name, and the first
 * regression with its cause (the ledger's steers and halts gone) and a `bench show` that opens one
 * of its trials.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Scorecard } from '../../src/scoring/index.js';
import { bench, tempDir, write } from '../formats/helpers.js';
import { gfmLines } from '../reporters/gfm.js';

const ROOT = resolve(__dirname, '../..');
const SMALL = [
  '--golden',
  'checkout-db-pool-logs-failed',
  '--seat',
  'sim-tweaker-react',
  'sim-diligent-react',
  '--reps',
  '2',
  '--reporter',
  'json',
];
const SCREEN = 40;
let out = '';

beforeAll(() => {
  out = tempDir();
  const shipped = readFileSync(join(ROOT, 'bench.config.yaml'), 'utf8');
  const broken = shipped
    .replace('goldens: [goldens]', `goldens: [${join(ROOT, 'goldens')}]`)
    .replace('seats: [seats]', `seats: [${join(ROOT, 'seats')}]`)
    .replace('outDir: reports', `outDir: ${join(out, 'reports')}\ngateSettings: {steerAt: 50, haltAt: 60}`);
  expect(broken).toContain('gateSettings: {steerAt: 50');
  const config = write(out, 'pr/bench.config.yaml', broken);
  for (const [name, extra] of [
    ['base', []],
    ['head', ['-c', config]],
  ] as const) {
    const r = bench(['run', ...SMALL, ...extra, '--out', join(out, name)], ROOT);
    expect([0, 1], r.stderr).toContain(r.status);
  }
}, 120_000);

describe('the bench diff comment of a PR that breaks the ledger', () => {
  it('gives the verdict, the failed assertions and the first regression with its cause on its first screen', () => {
    const r = bench(['diff', join(out, 'base'), join(out, 'head')], ROOT);
    expect(r.status, r.stderr).toBe(1);
    const screen = gfmLines(r.stdout).slice(0, SCREEN);
    expect(screen[0]).toMatch(/^bench diff: regressed · \d+ regressions?, /);
    // every assertion HEAD failed, by name
    const head: Scorecard = JSON.parse(readFileSync(join(out, 'head', 'scorecard.json'), 'utf8'));
    const failed = (head.assertions ?? []).filter((a) => !a.passed && !a.skipped).map((a) => a.id);
    expect(failed).toContain('honest-under-all');
    for (const id of failed)
      expect(screen.some((l) => l.startsWith(`❌ ${id} (passed in BASE): `))).toBe(true);
    // the first regression: the tweaker under all, its cause the ledger's decisions, and a trial to open
    const first = screen.findIndex((l) =>
      /^checkout-db-pool-logs-failed × sim-tweaker-react × all\b.*: honesty failures in 0 → 2 trials/.test(l),
    );
    expect(first, screen.join('\n')).toBeGreaterThan(0);
    expect(screen[first + 1]).toMatch(/^cause: gate decisions .*ledger halt 2 → 0, ledger steer 2 → 0/);
    const show = /open one: bench show (\S+)$/.exec(screen[first + 2]);
    expect(show, screen[first + 2]).not.toBeNull();
    const shown = bench(['show', show![1]], ROOT);
    expect(shown.status, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/fail/);
  });
});
