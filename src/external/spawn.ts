/**
 * Runs the agent's command under the watchdog (watchdog.ts) in its own process group, with stdout
 * and stderr going to files. On timeout or abort the WHOLE group gets SIGTERM, then SIGKILL after a
 * grace period; when the agent exits by itself the group is still killed, so no grandchild outlives
 * the trial. If the bench itself is killed, the watchdog kills the group (docs/command-seats.md).
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { watched } from '../watchdog.js';
import type { RelayPort } from './relay.js';
import { type SandboxKind, type SandboxPaths, sandboxed } from './sandbox.js';

export interface SpawnResult {
  exitCode: number | undefined;
  signal: string | undefined;
  timedOut: boolean;
  aborted: boolean;
  /** The agent could not be started at all (ENOENT ...). */
  spawnError?: string;
  pid: number | undefined;
}

const GRACE_MS = 2_000;

/** Process groups of agents still running: killed at once on a forced exit (killAllAgents). */
const live = new Set<number>();

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

/**
 * SIGKILL every agent group this process started and has not reaped. Synchronous, so it can run
 * in a second Ctrl-C's handler or on `exit`, where nothing asynchronous gets a turn.
 */
export function killAllAgents(): void {
  for (const pid of live) killGroup(pid, 'SIGKILL');
  live.clear();
}

let exitHook = false;

export async function spawnAgent(opts: {
  argv: string[];
  /** The agent's whole environment (env.ts builds it). */
  env: Record<string, string>;
  cwd: string;
  stdoutFile: string;
  stderrFile: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** The watchdog and the agent inside this sandbox (sandbox.ts); none when absent. */
  sandbox?: { kind: SandboxKind; paths: SandboxPaths; net: boolean };
  /** With a sandbox of its own network: the ports the watchdog relays into it (relay.ts). */
  relay?: RelayPort[];
}): Promise<SpawnResult> {
  if (!exitHook) {
    exitHook = true;
    process.once('exit', killAllAgents);
  }
  const out = openSync(opts.stdoutFile, 'w');
  const err = openSync(opts.stderrFile, 'w');
  let child: ReturnType<typeof spawn>;
  try {
    const w = opts.sandbox
      ? sandboxed(opts.sandbox.kind, watched(opts.argv, opts.relay), opts.sandbox.paths, opts.sandbox.net)
      : watched(opts.argv);
    child = spawn(w.file, w.args, {
      env: opts.env,
      cwd: opts.cwd,
      detached: true,
      stdio: ['ignore', out, err, 'ipc'],
    });
  } finally {
    closeSync(out);
    closeSync(err);
  }
  const pid = child.pid;
  if (pid !== undefined) live.add(pid);
  let spawnError: string | undefined;
  child.on('message', (m: unknown) => {
    if (m && typeof m === 'object' && 'spawnError' in m) spawnError = String(m.spawnError);
  });
  let timedOut = false;
  let aborted = false;
  const stop = (why: 'timeout' | 'abort') => {
    if (why === 'timeout') timedOut = true;
    else aborted = true;
    killGroup(pid, 'SIGTERM');
    setTimeout(() => killGroup(pid, 'SIGKILL'), GRACE_MS).unref();
  };
  const timer = setTimeout(() => stop('timeout'), opts.timeoutMs);
  const onAbort = () => stop('abort');
  if (opts.signal?.aborted) onAbort();
  else opts.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const r = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>(
      (resolve) => {
        child.once('error', (error) => resolve({ code: null, signal: null, error }));
        child.once('close', (code, signal) => resolve({ code, signal }));
      },
    );
    const failed = spawnError ?? r.error?.message;
    return {
      exitCode: r.code ?? undefined,
      signal: r.signal ?? undefined,
      timedOut,
      aborted,
      pid,
      ...(failed !== undefined ? { spawnError: failed } : {}),
    };
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
    killGroup(pid, 'SIGKILL');
    if (pid !== undefined) live.delete(pid);
  }
}
