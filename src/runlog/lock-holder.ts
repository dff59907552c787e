/** The lock file's content: who holds a run folder's lock, and whether that process still runs. */
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { LockHolderFile } from '../formats/run/index.js';

export interface Holder {
  pid: number;
  host: string;
  startedAt: string;
  /** Linux: the process start time in clock ticks since boot, so a reused pid is not taken for the holder. */
  procStart?: number;
  /** Random per lock: which lock file is whose. */
  token: string;
}

/** Fields 3 (state) and 22 (start time) of /proc/<pid>/stat; the command name before may hold spaces. */
function procStat(pid: number): { state: string; start: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const start = Number(fields[19]);
    return Number.isFinite(start) ? { state: fields[0], start } : undefined;
  } catch {
    return undefined;
  }
}

export const procStart = (pid: number): number | undefined => procStat(pid)?.start;

/** A holder on another host cannot be checked from here, so it counts as alive. */
export function holderAlive(h: Holder): boolean {
  if (h.host !== hostname()) return true;
  try {
    process.kill(h.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = procStat(h.pid);
  if (now?.state === 'Z') return false; // killed, not yet reaped by its parent
  return h.procStart === undefined || now === undefined || now.start === h.procStart;
}

/** Creates the file with O_EXCL; false when it exists already. */
export function create(file: string, body: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
  try {
    writeSync(fd, body);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** The holder, `null` when the lock is gone, `'partial'` when it is being written (or was left so). */
export function readHolder(file: string): Holder | null | 'partial' {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return 'partial';
  }
  const h = LockHolderFile.safeParse(data);
  return h.success ? h.data : 'partial';
}
