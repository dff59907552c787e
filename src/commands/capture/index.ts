/**
 * `bench capture`: flags checked (commands/capture/flags.ts), then src/capture/ does the work; a
 * cli-progress bar on a TTY, a summary on stdout and the truth differences on stderr.
 */
import cliProgress from 'cli-progress';
import { capture } from '../../capture/capture.js';
import type { CaptureProgress } from '../../capture/types.js';
import { type CaptureFlags, captureOptions } from './flags.js';

export type { CaptureFlags } from './flags.js';

export interface CaptureIo {
  env: Readonly<Record<string, string | undefined>>;
  tty: boolean;
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

function bar(tty: boolean): CaptureProgress {
  if (!tty) return { plan: () => {}, tick: () => {}, stop: () => {} };
  const b = new cliProgress.SingleBar(
    { format: 'capture {bar} {value} requests | {label}', clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  let n = 0;
  let total = 0;
  return {
    plan: (t) => {
      total = t;
      b.start(t, 0, { label: '' });
    },
    tick: (label) => {
      // A further log page past the planned one per chunk grows the total.
      if (++n > total) b.setTotal((total = n));
      b.update(n, { label });
    },
    stop: () => b.stop(),
  };
}

export async function captureCommand(f: CaptureFlags, io: CaptureIo): Promise<void> {
  const { o, alertExpr } = captureOptions(f, io.env);
  const progress = bar(io.tty);
  try {
    const r = await capture(o, alertExpr, progress);
    progress.stop();
    io.stdout(
      `wrote ${r.file}: ${r.series} series (${r.samples} samples), ${r.streams} streams (${r.lines} lines)\n`,
    );
    for (const t of r.truths)
      io.stdout(`  truth ${t.id} = ${t.engine ?? 'none'} (live ${t.live ?? 'none'})\n`);
    for (const d of r.differences) io.stderr(`capture: truth differs from the live server: ${d}\n`);
  } finally {
    progress.stop();
  }
}
