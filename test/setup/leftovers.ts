/**
 * Global setup: nothing a test started may outlive the run. Setup tags the run: REMATCH_TEST_RUN,
 * set in this (the main) process before any worker starts, is inherited by every worker and every
 * process they start. Teardown looks for what is still alive, from /proc alone (it starts no
 * process of its own, so it cannot find itself): the main process's descendants (ppid chains), and
 * every process whose environment carries this run's tag, which finds the orphans too (a child
 * whose worker exited is re-parented to init, out of any chain from here). The pool's own workers
 * are not leftovers. What is still there after a grace (a server told to stop may take a moment)
 * fails the run: exit code 1 and a message naming each pid and its command line; then it is killed,
 * so that a failing run leaves nothing behind either.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

export const TAG_VAR = 'REMATCH_TEST_RUN';
const GRACE_MS = 5_000;
const POLL_MS = 100;

interface Proc {
  pid: number;
  ppid: number;
  pgrp: number;
  state: string;
  cmd: string;
  tagged: boolean;
}

const read = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    // gone meanwhile, or not ours to read
    return undefined;
  }
};

function processes(tag: string): Proc[] {
  const needle = `${TAG_VAR}=${tag}`;
  const out: Proc[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    if (!stat) continue;
    // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses
    const [state, ppid, pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const env = read(`/proc/${name}/environ`) ?? '';
    out.push({
      pid: Number(name),
      ppid: Number(ppid),
      pgrp: Number(pgrp),
      state,
      cmd: (read(`/proc/${name}/cmdline`) ?? '').replaceAll('\0', ' ').trim(),
      tagged: env.split('\0').includes(needle),
    });
  }
  return out;
}

/** The pool's workers (children of this process running vitest's worker entry) are vitest's own. */
const isPoolWorker = (p: Proc): boolean =>
  p.ppid === process.pid && /[/\\]vitest[/\\]dist[/\\]workers[/\\]/.test(p.cmd);

export function leftovers(tag: string): Proc[] {
  const all = processes(tag);
  const children = new Map<number, Proc[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const found = new Map<number, Proc>();
  const walk = (pid: number) => {
    for (const c of children.get(pid) ?? []) {
      if (found.has(c.pid)) continue;
      found.set(c.pid, c);
      walk(c.pid);
    }
  };
  walk(process.pid);
  for (const p of all) if (p.tagged) found.set(p.pid, p);
  found.delete(process.pid);
  // a zombie runs no code: it waits for its parent (or init) to reap it
  return [...found.values()].filter((p) => p.state !== 'Z' && !isPoolWorker(p));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function kill(p: Proc): void {
  try {
    // a leader's group holds its own children, which were this run's too
    if (p.pgrp === p.pid) process.kill(-p.pid, 'SIGKILL');
    process.kill(p.pid, 'SIGKILL');
  } catch {
    // gone meanwhile
  }
}

export default function setup(): () => Promise<void> {
  const tag = `${process.pid}-${randomBytes(6).toString('hex')}`;
  process.env[TAG_VAR] = tag;
  return async () => {
    if (process.platform !== 'linux') return;
    const end = Date.now() + GRACE_MS;
    let left = leftovers(tag);
    while (left.length && Date.now() < end) {
      await sleep(POLL_MS);
      left = leftovers(tag);
    }
    if (!left.length) return;
    process.exitCode = 1;
    const lines = left.map((p) => `  pid ${p.pid} (parent ${p.ppid}): ${p.cmd.slice(0, 300)}`);
    console.error(
      [
        '',
        `FAIL: ${left.length} process(es) started by this test run still running ${GRACE_MS / 1000} s after the last test (killed now):`,
        ...lines,
        'Stop every child a test starts, even when the test fails: track(child) from test/children.ts.',
        '',
      ].join('\n'),
    );
    for (const p of left) kill(p);
  };
}
