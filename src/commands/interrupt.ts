/**
 * SIGINT, SIGTERM and SIGHUP for the long-running commands (`bench run`, `trial`, `serve`, `mcp`,
 * `view`). The first signal aborts the command's AbortSignal: no new trial starts, running ones are
 * aborted (command seats get their process group killed), finished ones stay journaled, and the
 * command ends through the CLI's one error boundary with an `InterruptedError` (exit 130 / 143 /
 * 129: a closed terminal or a hung-up SSH session sends SIGHUP, whose default would kill the bench
 * without cleaning up, as SIGKILL does). A second signal does not wait: it SIGKILLs every agent
 * group and exits at once. Before the command starts, the scratch folders a hard-killed bench left
 * (they hold its agents' unmasked output) are swept.
 */
import { INTERRUPT_EXIT, InterruptedError, type InterruptSignal } from '../errors.js';

/**
 * What an interrupt cleans up lives with the code that starts it (agents, real Prometheus servers,
 * scratch folders); it is loaded when a command becomes interruptible, not when the CLI starts, so
 * `bench --help` does not load the backend (cli/main.ts imports this module for setForceExit).
 */
const cleanups = async () => {
  const [{ stopRealPrometheusServers }, { sweepStaleScratch }, { killAllAgents }] = await Promise.all([
    import('../backend/oracle/index.js'),
    import('../external/scratch.js'),
    import('../external/spawn.js'),
  ]);
  return { stopRealPrometheusServers, sweepStaleScratch, killAllAgents };
};

type Sig = InterruptSignal;
const SIGNALS: readonly Sig[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

let forceExit: ((code: number) => void) | undefined;

/** The CLI boundary's immediate exit, for a second signal (only cli/main.ts calls process.exit). */
export function setForceExit(fn: (code: number) => void): void {
  forceExit = fn;
}

function hardStop(sig: Sig, release: () => void, killAllAgents: () => void): void {
  killAllAgents();
  // The progress bar hid the cursor; nothing else will get the chance to show it again.
  if (process.stderr.isTTY) process.stderr.write('\x1b[?25h\n');
  process.stderr.write(`bench: ${sig} again: stopped at once, without waiting for running work\n`);
  const code = INTERRUPT_EXIT[sig];
  if (forceExit) forceExit(code);
  else {
    // Embedded without the CLI: die of the signal itself, as an unhandled one would.
    release();
    process.kill(process.pid, sig);
  }
}

/**
 * Runs `work` with SIGINT/SIGTERM/SIGHUP turned into an abort of the signal it gets. When a signal came,
 * the result is an InterruptedError (the one `work` threw, if it threw one: it may say more).
 */
export async function interruptible<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const { stopRealPrometheusServers, sweepStaleScratch, killAllAgents } = await cleanups();
  sweepStaleScratch();
  const ac = new AbortController();
  let got: Sig | undefined;
  const handlers = new Map(SIGNALS.map((sig) => [sig, () => on(sig)]));
  const release = () => {
    for (const [sig, h] of handlers) process.off(sig, h);
  };
  const on = (sig: Sig) => {
    if (got) return hardStop(sig, release, killAllAgents);
    got = sig;
    ac.abort(new InterruptedError(sig));
  };
  for (const [sig, h] of handlers) process.on(sig, h);
  try {
    const r = await work(ac.signal);
    if (got) throw new InterruptedError(got);
    return r;
  } catch (e) {
    if (got && !(e instanceof InterruptedError)) throw new InterruptedError(got);
    throw e;
  } finally {
    if (got) await stopRealPrometheusServers().catch(() => undefined);
    release();
  }
}
