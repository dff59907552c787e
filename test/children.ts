/**
 * Child processes a test starts, stopped when it ends, whatever happened. `track(child)` right
 * after `spawn` registers the child: inside a test it is stopped when that test finishes
 * (`onTestFinished`, which runs on failure and timeout too); outside one (a hook, a module's top
 * level) it is stopped after the file, by the `afterAll` of test/setup/children.ts. Stopping sends
 * SIGTERM (to the process group of a `detached` child: `track(child, { group: true })`), waits
 * for the exit, and sends SIGKILL after a grace. A test that asserts how its child exits still
 * kills and awaits it itself; tracking only makes sure nothing outlives the test when it fails
 * before that. What still runs at the end of the whole run fails it (test/setup/leftovers.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { onTestFinished } from 'vitest';

interface Tracked {
  child: ChildProcess;
  group: boolean;
  exited: Promise<void>;
}

const live = new Map<ChildProcess, Tracked>();

const gone = (c: ChildProcess): boolean => c.exitCode !== null || c.signalCode !== null;

function signal(t: Tracked, sig: NodeJS.Signals): void {
  const pid = t.child.pid;
  if (pid === undefined) return;
  try {
    if (t.group) process.kill(-pid, sig);
    else t.child.kill(sig);
  } catch {
    // ESRCH: already gone
  }
}

const within = (p: Promise<void>, ms: number): Promise<boolean> =>
  new Promise((done) => {
    const timer = setTimeout(() => done(false), ms);
    void p.then(() => {
      clearTimeout(timer);
      done(true);
    });
  });

/** Registers `child` to be stopped when the current test (or, outside a test, the file) ends. */
export function track<C extends ChildProcess>(child: C, opts: { group?: boolean } = {}): C {
  const exited = new Promise<void>((done) => {
    // never started (ENOENT: no pid, and no exit event comes; its 'error' is the caller's to see)
    if (gone(child) || child.pid === undefined) return done();
    child.once('exit', () => done());
  });
  const t: Tracked = { child, group: opts.group ?? false, exited };
  live.set(child, t);
  void exited.then(() => {
    // a group leader's exit can leave its group running: a detached child is stopped anyway
    if (!t.group) live.delete(child);
  });
  try {
    onTestFinished(() => stop(child));
  } catch {
    // outside a test: test/setup/children.ts stops it after the file
  }
  return child;
}

/**
 * SIGTERM (the group of a detached child), then SIGKILL after `graceMs`; resolves once the child
 * has exited. For a group, the leader's exit is awaited, and the group is sent SIGKILL after it,
 * so that no grandchild outlives it.
 */
export async function stop(child: ChildProcess, graceMs = 5_000): Promise<void> {
  const t = live.get(child) ?? { child, group: false, exited: Promise.resolve() };
  live.delete(child);
  if (!gone(child)) {
    signal(t, 'SIGTERM');
    if (!(await within(t.exited, graceMs))) {
      signal(t, 'SIGKILL');
      await within(t.exited, graceMs);
    }
  }
  if (t.group) signal(t, 'SIGKILL');
}

/** Every child still tracked: test/setup/children.ts calls it after each file. */
export async function stopAll(): Promise<void> {
  await Promise.all([...live.keys()].map((c) => stop(c)));
}

/** Synchronous last resort, for a worker that exits with children still tracked. */
function killAll(): void {
  for (const t of live.values()) signal(t, 'SIGKILL');
  live.clear();
}
process.once('exit', killAll);
