/**
 * What a sandbox makes private (external/sandbox.ts): an empty /tmp and system temp folder with
 * only the kept paths (scratch folder, working directory, trial folder) bound back, a kept path
 * inside another bound once, a path that does not exist or lies outside every temp folder not
 * bound, and a temp folder that is itself kept left as it is.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxed } from '../../src/external/sandbox.js';

const RUN = { file: 'node', args: ['-e', 'watchdog'] };

/** The mount arguments: after bwrap's seven namespace ones, before the program. */
const mounts = (args: string[]): string[] => args.slice(7, args.indexOf('--'));

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});
const temp = (dir: string, prefix: string) => {
  const d = mkdtempSync(join(dir, prefix));
  made.push(d);
  return d;
};

describe('the sandbox’s private temp folder', () => {
  it('bwrap: tmpfs over /tmp, the kept paths under it bound back once each', () => {
    const root = temp('/tmp', 'rematch-sbx-test-');
    const scratch = join(root, 'rematch-agent-x');
    const cwd = join(root, 'cwd');
    mkdirSync(join(cwd, 'run', 't1'), { recursive: true });
    mkdirSync(scratch);
    const w = sandboxed('bwrap', RUN, {
      tmp: root,
      keep: [scratch, cwd, join(cwd, 'run', 't1'), join(root, 'gone'), '/usr'],
    });
    expect(w.file).toBe('bwrap');
    expect(w.args.slice(0, 7)).toEqual([
      '--dev-bind',
      '/',
      '/',
      '--unshare-pid',
      '--as-pid-1',
      '--proc',
      '/proc',
    ]);
    expect(mounts(w.args)).toEqual(['--tmpfs', '/tmp', '--bind', scratch, scratch, '--bind', cwd, cwd]);
    expect(w.args.slice(w.args.indexOf('--') + 1)).toEqual(['env', '-u', 'PWD', 'node', '-e', 'watchdog']);
  });

  it('bwrap: a temp folder outside /tmp gets its own tmpfs; a kept /tmp is left shared', () => {
    // the suite's TMPDIR is a folder under /tmp (test/setup/scratch.ts), which /tmp's tmpfs covers
    const inTmp = tmpdir() === '/tmp' || tmpdir().startsWith('/tmp/');
    const tmp = inTmp ? '/var/tmp' : tmpdir();
    const scratch = temp(tmp, 'rematch-agent-');
    const w = sandboxed('bwrap', RUN, { tmp, keep: [scratch] });
    expect(mounts(w.args)).toEqual(['--tmpfs', '/tmp', '--tmpfs', tmp, '--bind', scratch, scratch]);
    const kept = sandboxed('bwrap', RUN, { tmp, keep: [scratch, '/tmp'] });
    expect(mounts(kept.args)).toEqual(['--tmpfs', tmp, '--bind', scratch, scratch]);
  });

  it('unshare: the same mounts by a script whose paths are parameters, never spliced in', () => {
    const root = temp('/tmp', 'rematch-sbx-test-');
    const scratch = join(root, 'rematch-agent-"$(x)"');
    mkdirSync(scratch);
    const w = sandboxed('unshare', RUN, { tmp: root, keep: [scratch] });
    expect(w.file).toBe('unshare');
    const script = w.args[w.args.indexOf('-c') + 1];
    expect(script).not.toContain('$(x)');
    const p = (n: number) => `"$\{${n}}"`;
    expect(script.split('\n')).toEqual([
      'set -e',
      `mount -t tmpfs rematch-tmp ${p(1)}`,
      `mkdir -p ${p(2)}`,
      `mount --bind ${p(3)} ${p(4)}`,
      `mount --move ${p(5)} ${p(6)}`,
      'shift 6',
      'exec "$@"',
    ]);
    const params = w.args.slice(w.args.indexOf('-c') + 3);
    const stage = join(scratch, '.sandbox-tmp-0');
    expect(params).toEqual([
      stage,
      join(stage, root.slice('/tmp/'.length), 'rematch-agent-"$(x)"'),
      scratch,
      join(stage, root.slice('/tmp/'.length), 'rematch-agent-"$(x)"'),
      stage,
      '/tmp',
      'env',
      '-u',
      'PWD',
      'node',
      '-e',
      'watchdog',
    ]);
  });
});
