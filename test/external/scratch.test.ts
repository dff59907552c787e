/**
 * Command-seat scratch folders hold an agent's unmasked output: a bench killed hard leaves them in
 * the temp folder, and the next long-running command sweeps those whose owner pid is dead, and only
 * those (test/e2e/interrupt.test.ts does it through `bench run` after a SIGKILL).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeScratchDir, OWNER_FILE, SCRATCH_PREFIX, sweepStaleScratch } from '../../src/external/scratch.js';

/** The pid of a process that has exited (and been reaped): nothing runs under it now. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(r.stdout);
}

function plant(dir: string, name: string, owner?: string): string {
  const folder = join(dir, name);
  mkdirSync(folder);
  writeFileSync(join(folder, 'stdout.txt'), 'sk-unmasked-key-1234567890\n');
  if (owner !== undefined) writeFileSync(join(folder, OWNER_FILE), owner);
  return folder;
}

describe('stale scratch folders', () => {
  it('removes those whose owner is dead, and leaves live, unowned and foreign ones', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'rematch-sweep-'));
    const stale = plant(tmp, `${SCRATCH_PREFIX}stale`, `${deadPid()}\n`);
    plant(tmp, `${SCRATCH_PREFIX}live`, `${process.pid}\n`);
    plant(tmp, `${SCRATCH_PREFIX}parent`, `${process.ppid}\n`);
    plant(tmp, `${SCRATCH_PREFIX}unowned`);
    plant(tmp, `${SCRATCH_PREFIX}garbled`, 'not a pid');
    plant(tmp, 'rematch-run-other', `${deadPid()}\n`);
    expect(sweepStaleScratch(tmp)).toEqual([stale]);
    expect(existsSync(stale)).toBe(false);
    expect(readdirSync(tmp).sort()).toEqual([
      `${SCRATCH_PREFIX}garbled`,
      `${SCRATCH_PREFIX}live`,
      `${SCRATCH_PREFIX}parent`,
      `${SCRATCH_PREFIX}unowned`,
      'rematch-run-other',
    ]);
    expect(sweepStaleScratch(tmp)).toEqual([]);
  });

  it('writes the owner pid into a new scratch folder, under TMPDIR', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'rematch-sweep-'));
    const before = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    try {
      const dir = makeScratchDir();
      expect(dir.startsWith(join(tmp, SCRATCH_PREFIX))).toBe(true);
      expect(readFileSync(join(dir, OWNER_FILE), 'utf8')).toBe(`${process.pid}\n`);
      expect(sweepStaleScratch(tmp)).toEqual([]);
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
    }
  });

  it('answers nothing for a temp folder that is not there', () => {
    expect(sweepStaleScratch(join(tmpdir(), 'rematch-no-such-folder'))).toEqual([]);
  });
});
