/**
 * Command-seat agents write into a private scratch folder in the temp folder (run.ts): it holds
 * their output unmasked until the bench publishes masked copies and removes it. A bench killed
 * hard (SIGKILL, a crash) never gets to remove it, so each scratch folder holds its owner's pid in
 * OWNER_FILE, and the next long-running command sweeps the folders whose owner is dead. A folder
 * without the file is left alone: it may be one a live bench has just created, or older than this
 * rule. A pid that has since been reused by another process keeps its folder: the sweep errs on
 * the side of leaving a folder, never of removing a live one.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SCRATCH_PREFIX = 'rematch-agent-';
export const OWNER_FILE = 'rematch-owner.pid';

/** A new scratch folder under the temp folder, owned by this process. */
export function makeScratchDir(): string {
  const dir = mkdtempSync(join(tmpdir(), SCRATCH_PREFIX));
  writeFileSync(join(dir, OWNER_FILE), `${process.pid}\n`);
  return dir;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists, under another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the scratch folders under `dir` whose owner is dead; returns the folders removed. */
export function sweepStaleScratch(dir = tmpdir()): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.startsWith(SCRATCH_PREFIX));
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const folder = join(dir, name);
    let pid: number;
    try {
      pid = Number(readFileSync(join(folder, OWNER_FILE), 'utf8').trim());
    } catch {
      continue;
    }
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || alive(pid)) continue;
    try {
      rmSync(folder, { recursive: true, force: true });
      removed.push(folder);
    } catch {
      // Another bench swept it first, or it is not ours to remove: left as it is.
    }
  }
  return removed;
}
