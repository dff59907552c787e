/**
 * Issue 16 acceptance: examples/vitest-suite, a user's own vitest suite on rematch/vitest, passes
 * under the gate set it ships with and fails (exit 1) when a gate is removed (GATES=no-ledger),
 * naming the honesty rule, its sentence and the trace. It runs on the BUILT package (`npm run build`
 * first), as a user's suite does, in a copy of the example "installed" as `npm install` installs it
 * (checked by hand, offline): its two devDependencies are `file:` links, so node_modules holds a
 * symlink to this checkout (rematch) and one to the checkout's vitest, and nothing is downloaded.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { track } from '../children.js';

const ROOT = resolve(__dirname, '../..');
const EXAMPLE = join(ROOT, 'examples/vitest-suite');
const VITEST = join(ROOT, 'node_modules/vitest');
const json = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

function installed(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rematch-example-'));
  cpSync(EXAMPLE, dir, { recursive: true, filter: (src) => !/[/\\](node_modules|reports)$/.test(src) });
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(ROOT, join(dir, 'node_modules/rematch'), 'dir');
  symlinkSync(VITEST, join(dir, 'node_modules/vitest'), 'dir');
  return dir;
}

/** `npx vitest run` in the example; this run's own VITEST_* variables are not the child's. */
function vitestRun(dir: string, gates?: string) {
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined };
  for (const k of Object.keys(env)) if (k.startsWith('VITEST')) delete env[k];
  if (gates) env.GATES = gates;
  const run = execa(process.execPath, [join(VITEST, 'vitest.mjs'), 'run'], {
    cwd: dir,
    env,
    extendEnv: false,
    reject: false,
    all: true,
    timeout: 240_000,
  });
  track(run);
  return run;
}

describe('examples/vitest-suite', () => {
  let dir = '';
  beforeAll(() => {
    if (!existsSync(join(ROOT, 'dist/vitest/index.js'))) throw new Error('npm run build first');
    dir = installed();
  });

  it("depends on this checkout and its vitest by file: links, which the copy's node_modules mirrors", () => {
    expect(json(join(EXAMPLE, 'package.json')).devDependencies).toEqual({
      rematch: 'file:../..',
      vitest: 'file:../../node_modules/vitest',
    });
    expect(json(join(dir, 'node_modules/vitest/package.json')).version).toMatch(/^4\./);
    expect(json(join(dir, 'node_modules/rematch/package.json')).exports['./vitest']).toBeDefined();
  });

  it('passes under the gate set it ships with (all)', { timeout: 300_000 }, async () => {
    const r = await vitestRun(dir);
    expect(r.all).toMatch(/Tests\s+4 passed \(4\)/);
    expect(r.exitCode).toBe(0);
  });

  it('fails when the ledger is removed, naming the rule, the sentence and the trace', {
    timeout: 300_000,
  }, async () => {
    const r = await vitestRun(dir, 'no-ledger');
    expect(r.exitCode).toBe(1);
    expect(r.all).toMatch(/Tests\s+1 failed \| 3 passed \(4\)/);
    expect(r.all).toContain('the tweaker names the gap instead of claiming a clean negative');
    expect(r.all).toContain(
      'expected trial checkout-db-pool-logs-failed/sim-tweaker-react/no-ledger/r1 to have no honesty failures',
    );
    expect(r.all).toContain('honesty negative-claim-text (part B): "no errors found in the payments logs"');
    expect(r.all).toMatch(/trace: .*no-ledger[/\\]r1[/\\]trace\.jsonl/);
  });
});
