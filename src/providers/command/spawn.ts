/**
 * Runs the agent's command in its own process group (detached), with stdout and stderr going to
 * files. On timeout or abort the WHOLE group gets SIGTERM, then SIGKILL after a grace period; when
 * the agent exits by itself the group is still killed, so no grandchild outlives the trial.
 */
import { execa } from 'execa';

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

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

/**
 * The user's agent inherits the environment minus other credentials: its stdout and stderr land in
 * the report folder, so a key it never needed must not be in reach. A seat that wants a key names
 * it (`auth.apiKeyEnv`) and the caller passes it in `env`.
 */
const SECRET_NAME = /(_API_KEY|_TOKEN|_SECRET|_PASSWORD|^AWS_SECRET_ACCESS_KEY)$/i;

function withoutSecrets(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && !SECRET_NAME.test(k)) out[k] = v;
  return out;
}

export async function spawnAgent(opts: {
  argv: string[];
  env: Record<string, string>;
  cwd: string;
  stdoutFile: string;
  stderrFile: string;
  timeoutMs: number;
  signal?: AbortSignal;
}): Promise<SpawnResult> {
  const [file, ...args] = opts.argv;
  const child = execa(file, args, {
    env: { ...withoutSecrets(process.env), ...opts.env },
    extendEnv: false,
    cwd: opts.cwd,
    detached: true,
    stdin: 'ignore',
    stdout: { file: opts.stdoutFile },
    stderr: { file: opts.stderrFile },
    reject: false,
    cleanup: true,
  });
  const pid = child.pid;
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
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const r = await child;
    return {
      exitCode: r.exitCode,
      signal: r.signal,
      timedOut,
      aborted,
      pid,
      ...(r.failed && r.exitCode === undefined && !r.signal ? { spawnError: r.shortMessage } : {}),
    };
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
    killGroup(pid, 'SIGKILL');
  }
}
