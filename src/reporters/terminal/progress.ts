/**
 * Progress while trials run: a cli-progress bar on a TTY; on anything else (CI logs, pipes) one
 * plain line per finished trial, since cli-progress prints nothing to a non-TTY.
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

export function createProgress(
  total: number,
  opts: { tty: boolean; stream: NodeJS.WritableStream & { write(s: string): boolean } },
): Progress {
  let done = 0;
  if (opts.tty) {
    const bar = new cliProgress.SingleBar(
      { format: 'trials [{bar}] {value}/{total} {last}', stream: opts.stream, hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0, { last: '' });
    // The bar hides the cursor; an exit that skips stop() (a second Ctrl-C, a crash) must not
    // leave the user's terminal without one.
    const showCursor = () => opts.stream.write('\x1b[?25h');
    process.once('exit', showCursor);
    let stopped = false;
    return {
      tick: (t) => bar.update(++done, { last: `${t.id} ${t.verdict}` }),
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
      done++;
      const c = t.verdict === 'unscored' ? '' : ` correctness ${t.correctness.toFixed(2)}`;
      opts.stream.write(`[${String(done).padStart(width)}/${total}] ${t.id} ${t.verdict}${c}\n`);
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
