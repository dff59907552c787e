/**
 * The sandbox a command seat's agent runs in, where the machine has one (docs/command-seats.md,
 * "The sandbox"): bubblewrap (`bwrap`) if it is installed and works, else util-linux `unshare`
 * with a user namespace. Either gives the agent
 *
 * - its own PID namespace with a fresh /proc: the bench's processes (and their
 *   `/proc/<pid>/environ`, the bench's whole environment) and every other trial's agent are not
 *   there to read; the watchdog is PID 1, so the end of the trial ends every process in it;
 * - its own mount namespace with a private temp folder: an empty tmpfs over the system temp folder
 *   (`os.tmpdir()`, and /tmp), with only the trial's own scratch folder bound back into it, so no
 *   other trial's scratch files (their raw stdout, Theory) and nothing else in /tmp is in reach.
 *
 * - with `network: bench` (the default), its own network namespace: a loopback device and
 *   nothing else, the bench's server ports relayed into it (relay.ts); with `network: host`, the
 *   machine's network (an agent that calls its model's API needs it).
 *
 * It keeps the file system outside the temp folder, as the bench's user sees it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { SandboxNetwork, SandboxSetting } from '../formats/vocabulary.js';

export type SandboxKind = 'bwrap' | 'unshare';

/** What the sandbox's private temp folder keeps of the real one. */
export interface SandboxPaths {
  /** The system temp folder (`os.tmpdir()`): the sandbox gets an empty one (and an empty /tmp). */
  tmp: string;
  /**
   * The trial's scratch folder (first: the unshare sandbox stages its mounts there), then what
   * else the agent needs that may lie in a temp folder: the bench's working directory, the trial
   * folder (its prompt file), the folders of absolute paths in the seat's command. Each is bound
   * back into the private temp folder at its own path; a path outside every temp folder is
   * visible anyway.
   */
  keep: string[];
}

const inside = (path: string, dir: string): boolean => path === dir || path.startsWith(`${dir}${sep}`);

/**
 * The temp folders made private, in mount order (/tmp before the system temp folder, which holds
 * the scratch folder where the unshare sandbox stages its mounts), each with the kept paths under
 * it. A temp folder that is itself a kept path (the bench runs from /tmp) is left as it is.
 */
function privateRoots(paths: SandboxPaths): { root: string; keep: string[] }[] {
  const tmp = resolve(paths.tmp);
  // a temp folder inside /tmp is private with it: only the kept paths are bound back
  const roots = inside(tmp, '/tmp') ? ['/tmp'] : ['/tmp', tmp];
  const keeps = [...new Set(paths.keep.map((k) => resolve(k)))].filter((k) => existsSync(k));
  const outer = keeps.filter((k) => !keeps.some((o) => o !== k && inside(k, o)));
  return roots
    .filter((root) => !outer.includes(root) && !outer.some((k) => inside(root, k)))
    .map((root) => ({ root, keep: outer.filter((k) => inside(k, root)) }));
}

/**
 * The unshare sandbox's setup, as `sh -c` runs it as root of its user namespace before the
 * program: per private temp folder, a tmpfs staged in the scratch folder, the kept paths bound
 * into it at their own paths, then the tmpfs moved over the temp folder. Paths are positional
 * parameters, never spliced into the script.
 */
function unshareSetup(paths: SandboxPaths, net: boolean): { script: string; params: string[] } {
  const params: string[] = [];
  const p = (path: string) => {
    params.push(path);
    return `"\${${params.length}}"`;
  };
  // a new network namespace's loopback starts down (bwrap brings its own up)
  const lines = net ? ['set -e', 'ip link set lo up'] : ['set -e'];
  privateRoots(paths).forEach(({ root, keep }, i) => {
    const stage = join(paths.keep[0], `.sandbox-tmp-${i}`);
    mkdirSync(stage, { recursive: true });
    lines.push(`mount -t tmpfs rematch-tmp ${p(stage)}`);
    for (const k of keep) {
      const at = join(stage, relative(root, k));
      lines.push(`mkdir -p ${p(at)}`, `mount --bind ${p(k)} ${p(at)}`);
    }
    lines.push(`mount --move ${p(stage)} ${p(root)}`);
  });
  lines.push(`shift ${params.length}`, 'exec "$@"');
  return { script: lines.join('\n'), params };
}

/**
 * bwrap and sh set `PWD` for the program they start; the agent's environment is the allowlist
 * (env.ts), which has no `PWD`, so it is taken out again on the way in.
 */
const NO_PWD = ['env', '-u', 'PWD'];

/**
 * `run` (file + args: the watchdog and its agent) inside a sandbox of `kind`; `net`: in a network
 * namespace of its own (only loopback; the watchdog relays the bench's ports into it).
 */
export function sandboxed(
  kind: SandboxKind,
  run: { file: string; args: string[] },
  paths: SandboxPaths,
  net = false,
): { file: string; args: string[] } {
  if (kind === 'bwrap') {
    const mounts = privateRoots(paths).flatMap(({ root, keep }) => [
      '--tmpfs',
      root,
      ...keep.flatMap((k) => ['--bind', k, k]),
    ]);
    // no reaper of bwrap's own (--as-pid-1): the watchdog is PID 1, and its exit ends the namespace
    const ns = ['--dev-bind', '/', '/', '--unshare-pid', ...(net ? ['--unshare-net'] : []), '--as-pid-1'];
    ns.push('--proc', '/proc');
    return { file: 'bwrap', args: [...ns, ...mounts, '--', ...NO_PWD, run.file, ...run.args] };
  }
  const setup = unshareSetup(paths, net);
  // --kill-child: if unshare itself is killed, so is the namespace's PID 1 (the watchdog)
  const ns = ['--user', '--map-root-user', '--pid', '--fork', '--mount-proc', '--mount', '--kill-child'];
  if (net) ns.push('--net');
  return {
    file: 'unshare',
    args: [
      ...ns,
      '--',
      ...['sh', '-c', setup.script, 'rematch-sandbox', ...setup.params],
      ...NO_PWD,
      run.file,
      ...run.args,
    ],
  };
}

const probed = new Map<SandboxKind, string | null>();

/**
 * Why `kind` does not work here (not installed, user namespaces refused ...), or null when it
 * does: the same sandbox as an agent gets, around `true`, once per process.
 */
export function sandboxProblem(kind: SandboxKind): string | null {
  const known = probed.get(kind);
  if (known !== undefined) return known;
  const tmp = tmpdir();
  const scratch = mkdtempSync(join(tmp, 'rematch-probe-'));
  try {
    const w = sandboxed(kind, { file: 'true', args: [] }, { tmp, keep: [scratch] }, true);
    const r = spawnSync(w.file, w.args, { stdio: ['ignore', 'ignore', 'pipe'], timeout: 10_000 });
    const why = r.error
      ? (r.error as NodeJS.ErrnoException).code === 'ENOENT'
        ? `${kind} is not installed`
        : `${kind}: ${r.error.message}`
      : r.status !== 0
        ? `${kind} failed: ${r.stderr.toString().trim().split('\n').at(-1) || `exit ${r.status ?? r.signal}`}`
        : null;
    probed.set(kind, why);
    return why;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

export type SandboxChoice = { kind: SandboxKind } | { kind: 'none'; why?: string };

/**
 * The sandbox a seat's setting gives on this machine. `auto` (the default): bwrap, else unshare,
 * else none (and why); `off`: none; a named one: that one, or none with why (the trial is then not
 * run: a sandbox asked for by name is not silently dropped).
 */
export function chooseSandbox(setting: SandboxSetting = 'auto'): SandboxChoice {
  if (setting === 'off') return { kind: 'none' };
  if (setting !== 'auto') {
    const why = sandboxProblem(setting);
    return why === null ? { kind: setting } : { kind: 'none', why };
  }
  const bwrap = sandboxProblem('bwrap');
  if (bwrap === null) return { kind: 'bwrap' };
  const unshare = sandboxProblem('unshare');
  if (unshare === null) return { kind: 'unshare' };
  return { kind: 'none', why: `${bwrap}; ${unshare}` };
}

/**
 * The one line a run or trial prints at its start when a command seat that wants a sandbox gets
 * none; undefined when every one gets what it asked for.
 */
export function sandboxNotice(settings: readonly (SandboxSetting | undefined)[]): string | undefined {
  const missing = new Map<string, string>();
  for (const s of new Set(settings.map((x) => x ?? 'auto'))) {
    const c = chooseSandbox(s);
    if (c.kind === 'none' && s !== 'off') missing.set(s, c.why ?? '');
  }
  if (!missing.size) return undefined;
  const [[setting, why]] = missing;
  return setting === 'auto'
    ? `sandbox: none on this machine (${why}): command-seat agents see the bench's processes, temp folder and network; what they write is still masked\n`
    : `sandbox: ${setting} asked for but unavailable (${why}): those command-seat trials are not run\n`;
}

/**
 * The sandbox one trial's agent runs in, or why it must not run at all (a sandbox named in the
 * seat that this machine lacks). `keep`: the scratch folder first, then what the agent needs
 * (working directory, trial folder); the folders of absolute paths in its command are added.
 */
export function agentSandbox(
  setting: SandboxSetting | undefined,
  argv: readonly string[],
  tmp: string,
  keep: string[],
  network: SandboxNetwork = 'bench',
): { sandbox?: { kind: SandboxKind; paths: SandboxPaths; net: boolean }; refusal?: string } {
  const c = chooseSandbox(setting);
  if (c.kind === 'none')
    return setting && setting !== 'auto' && setting !== 'off'
      ? { refusal: `sandbox ${setting} is unavailable here (${c.why})` }
      : {};
  const named = argv.filter((a) => isAbsolute(a) && existsSync(a));
  const dirs = named.map((a) => (statSync(a).isDirectory() ? a : dirname(a)));
  return { sandbox: { kind: c.kind, paths: { tmp, keep: [...keep, ...dirs] }, net: network === 'bench' } };
}
