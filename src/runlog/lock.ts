/**
 * One process at a time in a run folder: `run.lock`, created with O_EXCL, holds the holder's pid,
 * host and start time. A second process is refused (bad input, exit 2) naming the holder. A lock
 * whose pid no longer runs on this host is stale (a killed run): it is taken over with one warning
 * line. Released on every way out of the command, and on process exit as a backstop. Whoever takes
 * the lock also removes the temporaries a killed writer left in the folder.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { InputError, InternalError } from '../errors.js';
import { sweepTemporaries } from './files.js';
import { create, type Holder, holderAlive, procStart, readHolder } from './lock-holder.js';

export const LOCK_FILE = 'run.lock';
/** A lock file still empty or half-written after this long was left so by a killed process. */
const PARTIAL_MS = 2000;

export interface RunLock {
  release(): void;
}

const sleep = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

const ageMs = (file: string): number =>
  Date.now() - (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0);

/**
 * Removing a stale lock races with other processes that found it stale too: only the one that
 * creates `run.lock.takeover` (O_EXCL) may remove it, and only if it still is the stale one it saw.
 */
function takeOver(file: string, stale: Holder | 'partial'): boolean {
  const side = `${file}.takeover`;
  if (!create(side, `${process.pid} ${randomBytes(8).toString('hex')}\n`)) {
    if (ageMs(side) > 5000) removeStaleSide(side); // its owner died mid-takeover
    return false;
  }
  try {
    const now = readHolder(file);
    const same =
      now === 'partial'
        ? stale === 'partial' && ageMs(file) >= PARTIAL_MS
        : now !== null && stale !== 'partial' && now.token === stale.token;
    if (same) rmSync(file, { force: true });
    return same;
  } finally {
    rmSync(side, { force: true });
  }
}

/**
 * Remove a side file whose owner died, but never a fresh one another taker created since we looked:
 * move it aside under a name of our own, and if what was moved is not the old file, put it back.
 */
function removeStaleSide(side: string): void {
  const seen = readText(side);
  const aside = `${side}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    renameSync(side, aside);
  } catch {
    return; // gone already
  }
  if (readText(aside) === seen) rmSync(aside, { force: true });
  else {
    try {
      linkSync(aside, side); // fails when yet another taker holds it now: theirs stays
    } catch {
      // someone else's is in place
    }
    rmSync(aside, { force: true });
  }
}

function readText(f: string): string | undefined {
  try {
    return readFileSync(f, 'utf8');
  } catch {
    return undefined;
  }
}

const described = (h: Holder): string =>
  `pid ${h.pid} (started ${h.startedAt}${h.host === hostname() ? '' : ` on ${h.host}`})`;

export function lockRunFolder(dir: string, warn: (line: string) => void): RunLock {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, LOCK_FILE);
  const me: Holder = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    procStart: procStart(process.pid),
    token: randomBytes(8).toString('hex'),
  };
  for (let attempt = 0; attempt < 500; attempt++) {
    if (create(file, `${JSON.stringify(me)}\n`)) {
      sweepTemporaries(dir); // the folder is ours: what a killed writer left is garbage
      return held(file, me);
    }
    const h = readHolder(file);
    if (h === null) continue;
    if (h === 'partial' && ageMs(file) < PARTIAL_MS) {
      sleep(10); // created a moment ago and not written yet
      continue;
    }
    if (h !== 'partial' && holderAlive(h))
      throw new InputError(`run folder ${dir} is in use by ${described(h)}`);
    if (takeOver(file, h))
      warn(
        `taking over the stale lock of run folder ${dir}: ${h === 'partial' ? 'an unreadable lock' : `${described(h)} is no longer running`}\n`,
      );
    else sleep(10);
  }
  throw new InternalError(`could not lock run folder ${dir}: ${file} kept changing`);
}

/** Locks this process holds, released on exit as a backstop (one listener however many). */
const holding = new Set<() => void>();
const releaseAll = (): void => {
  for (const release of [...holding]) release();
};

function held(file: string, me: Holder): RunLock {
  const release = (): void => {
    if (!holding.delete(release)) return;
    if (!holding.size) process.off('exit', releaseAll);
    const h = readHolder(file);
    if (h !== null && h !== 'partial' && h.token === me.token) rmSync(file, { force: true });
  };
  if (!holding.size) process.on('exit', releaseAll);
  holding.add(release);
  return { release };
}
