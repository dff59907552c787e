/**
 * rematch/vitest's options are `bench trial`'s and `bench run`'s flags (issue 16): every flag of the
 * built CLI has its option, camelCased (`--no-cache` is `cache: false`), or is one docs/vitest.md
 * says has none (display-only, or `--dry-run`); and the cache flags and the spend cap act as the
 * flags do.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/index.js';
import { runMatrix, runTrial } from '../../src/vitest/index.js';
import { bench } from '../formats/helpers.js';

const ROOT = resolve(__dirname, '../..');
const tmp = () => mkdtempSync(join(tmpdir(), 'rematch-flags-'));

/** The options a function knows, as its InputError for an unknown one lists them. */
async function knownOptions(call: (o: never) => Promise<unknown>): Promise<string[]> {
  const e = await call({ notAnOption: 1 } as never).then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(InputError);
  return (e as Error).message.split('known options: ')[1].split(', ');
}

/** The long flags of a CLI command, camelCased, `--no-x` as `x`. */
function flagsOf(command: string): string[] {
  const help = bench([command, '--help'], ROOT).stdout;
  const names = [...help.matchAll(/--([a-z][a-z-]*)/g)].map((m) => m[1].replace(/^no-/, ''));
  return [...new Set(names)].map((n) => n.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()));
}

describe('options match the CLI flags', () => {
  it('runTrial knows every flag of bench trial', async () => {
    const known = await knownOptions(runTrial);
    expect(flagsOf('trial').filter((f) => f !== 'help' && !known.includes(f))).toEqual([]);
    expect(known.filter((k) => !flagsOf('trial').includes(k))).toEqual([]);
  });

  it('runMatrix knows every flag of bench run but the ones docs/vitest.md says have no option', async () => {
    const known = await knownOptions(runMatrix);
    const none = ['help', 'dryRun', 'color', 'width', 'full'];
    expect(flagsOf('run').filter((f) => !none.includes(f) && !known.includes(f))).toEqual([]);
    expect(known.filter((k) => !flagsOf('run').includes(k))).toEqual([]);
    const doc = readFileSync(join(ROOT, 'docs/vitest.md'), 'utf8');
    for (const f of ['--dry-run', '--no-color', '--width', '--full']) expect(doc).toContain(`\`${f}\``);
  });
});

describe('the cache flags and the spend cap', () => {
  it('runTrial cacheOnly + cacheDir: a real seat over an empty cache fails unscored, naming where it looked', async () => {
    const dir = tmp();
    const t = await runTrial({
      golden: 'checkout-db-pool',
      seat: 'openai-chat-react',
      cacheOnly: true,
      cacheDir: join(dir, 'empty'),
      out: join(dir, 't'),
    });
    expect(t.verdict).toBe('unscored');
    const trace = readFileSync(t.traceFile!, 'utf8');
    expect(trace).toMatch(/is not in the turn cache \(cache-only: no provider call is made\)/);
    expect(trace).toContain(join(dir, 'empty'));
  }, 60_000);

  it('runMatrix maxCost: the cap holds the real seat back (unscored, a problem), recorded in run.json', async () => {
    const dir = tmp();
    const run = await runMatrix({
      golden: 'checkout-db-pool',
      seat: 'openai-chat-react',
      gates: 'all',
      reps: 1,
      cacheOnly: true,
      cacheDir: join(dir, 'empty'),
      maxCost: 0.0001,
      reporter: 'json',
      out: join(dir, 'run'),
    });
    expect(JSON.parse(readFileSync(join(run.dir, 'run.json'), 'utf8')).maxCost).toBe(0.0001);
    expect(run.trials.map((t) => t.verdict)).toEqual(['unscored']);
    expect(run.trials[0].score?.unscoredReason ?? '').toMatch(/^spend cap:/);
    expect(run.problems.length).toBeGreaterThan(0);
  }, 60_000);

  it('checks the values as the flags do', async () => {
    const e = await runMatrix({ maxCost: 0, cacheDir: '' }).then(
      () => null,
      (x: unknown) => x as Error,
    );
    expect(e).toBeInstanceOf(InputError);
    expect(e?.message).toMatch(/option "maxCost": /);
    expect(e?.message).toMatch(/option "cacheDir": /);
  });
});
