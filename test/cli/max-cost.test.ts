/**
 * `bench run --max-cost` through the built CLI (run `npm run build` first): a value that is no
 * amount is bad input (exit 2); on sim seats, which cost nothing, any cap lets the run finish.
 * The cap stopping a priced run is tested through msw in test/e2e/providers-limits.test.ts.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeTinyGolden } from '../e2e/tiny-golden.js';
import { bench, tempDir } from '../formats/helpers.js';

const ROOT = resolve(__dirname, '../..');
let cwd = '';

beforeAll(() => {
  cwd = tempDir();
  mkdirSync(join(cwd, 'seats'));
  copyFileSync(join(ROOT, 'seats/sim-diligent-react.yaml'), join(cwd, 'seats/sim-diligent-react.yaml'));
  writeFileSync(
    join(cwd, 'bench.config.yaml'),
    `goldens: [${JSON.stringify(writeTinyGolden())}]\nseats: [seats]\nrepetitions: 1\nceiling: false\n`,
  );
});

describe('bench run --max-cost', () => {
  it.each(['abc', '0', '-1', '1e3', '$5'])('refuses %s with exit 2', (v) => {
    const r = bench(['run', '--max-cost', v], cwd);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`--max-cost "${v}": expected an amount in USD above 0`);
  });

  it('lets a run of free sim seats finish, and records the cap for the scorecard', () => {
    const out = join(cwd, 'run');
    const r = bench(['run', '--max-cost', '0.01', '--out', out, '--reporter', 'markdown', 'json'], cwd);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'scorecard.json'), 'utf8')).run.maxCost).toBe(0.01);
    expect(readFileSync(join(out, 'scorecard.md'), 'utf8')).toContain('Spent $0 over');
  });
});
