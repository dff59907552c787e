/**
 * Progress while trials run: a cli-progress bar on a TTY; on anything else (CI logs, pipes) one
 * plain line per finished trial, since cli-progress prints nothing to a non-TTY. Either says how
 * many of how many are done, how many passed and failed so far, and when the rest should be done
 * (the real time per trial so far, times the trials left).
 */
import cliProgress from 'cli-progress';
import type { ReporterFactory } from '../lifecycle.js';

type Stream = NodeJS.WritableStream & { write(s: string): boolean };

export interface TrialDone {
  id: string;
  verdict: string;
  correctness: number;
}

export interface Progress {
  tick(t: TrialDone): void;
  stop(): void;
}

/** A duration in whole seconds as `42s`, `3m05s`, `1h02m`. */
export function formatEta(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

export function createProgress(
  total: number,
  opts: {
    tty: boolean;
    stream: NodeJS.WritableStream & { write(s: string): boolean };
    /** Real milliseconds (default performance.now): the ETA's clock, a test's to step. */
    now?: () => number;
  },
): Progress {
  let done = 0;
  let passed = 0;
  let failed = 0;
  const now = opts.now ?? (() => performance.now());
  const start = now();
  const count = (t: TrialDone) => {
    done++;
    if (t.verdict === 'pass') passed++;
    else if (t.verdict === 'fail') failed++;
  };
  const eta = (): string =>
    done >= total ? 'done' : `ETA ${formatEta(((now() - start) / done) * (total - done))}`;
  const tally = () => `${passed} pass, ${failed} fail`;
  if (opts.tty) {
    const bar = new cliProgress.SingleBar(
      {
        format: 'trials [{bar}] {value}/{total} · {tally} · {eta} {last}',
        stream: opts.stream,
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0, { last: '', tally: tally(), eta: '' });
    // The bar hides the cursor; an exit that skips stop() (a second Ctrl-C, a crash) must not
    // leave the user's terminal without one.
    const showCursor = () => opts.stream.write('\x1b[?25h');
    process.once('exit', showCursor);
    let stopped = false;
    return {
      tick: (t) => {
        count(t);
        bar.update(done, { last: `${t.id} ${t.verdict}`, tally: tally(), eta: eta() });
      },
      stop: () => {
        if (stopped) return;
        stopped = true;
        process.off('exit', showCursor);
        bar.stop();
      },
    };
  }
  const width = String(total).length;
  return {
    tick: (t) => {
      count(t);
      const c = t.verdict === 'unscored' ? '' : ` correctness ${t.correctness.toFixed(2)}`;
      const so = `${tally()} · ${eta()}`;
      opts.stream.write(`[${String(done).padStart(width)}/${total}] ${t.id} ${t.verdict}${c} · ${so}\n`);
    },
    stop: () => {},
  };
}

/** The progress reporter: a bar on a TTY, one plain line per trial otherwise (CI logs), on stderr. */
export const progressReporter: ReporterFactory = () => {
  let bar: Progress | undefined;
  return {
    onRunStart: (plan, ctx) => {
      if (plan) bar = createProgress(ctx.pending, { tty: ctx.tty, stream: ctx.stderr as Stream });
    },
    onTrialEnd: (rec) =>
      bar?.tick({ id: rec.id, verdict: rec.score.verdict, correctness: rec.score.correctness }),
    onRunEnd: () => bar?.stop(),
  };
};
