/** `bench replay DIR`: re-run a recorded run offline from its recorded turns (docs/reports.md#replaying-a-run). */
import type { Command } from 'commander';
import { LIMITS, optionalIntFlag, reporterFlag } from '../../commands/flags.js';
import { addDisplayFlags, type DisplayFlags, terminal } from '../terminal.js';

interface ReplayFlags extends DisplayFlags {
  out?: string;
  cacheDir?: string;
  concurrency?: string;
  reporter?: string[];
}

export function register(program: Command): void {
  addDisplayFlags(
    program
      .command('replay')
      .description(
        "re-run a recorded run offline: every real seat's turn from the run's turns.jsonl, no provider call",
      )
      .argument('<dir>', 'the recorded run folder (it has run.json)'),
  )
    .option('--out <dir>', 'the new run folder (default: <config outDir>/<run id>)')
    .option('--cache-dir <dir>', 'also look in this turn cache for a turn the record lacks')
    .option('--concurrency <n>', 'trials in flight at once (default: config concurrency)')
    .option('--reporter <names...>', 'reporters, as bench run (default: all of them)')
    .action(async (dir: string, flags: ReplayFlags) => {
      const reporters = await reporterFlag(flags.reporter);
      const { replayRun } = await import('../../commands/replay/index.js');
      const { interruptible } = await import('../../commands/interrupt.js');
      await interruptible((signal) =>
        replayRun({
          ...terminal(flags),
          env: process.env,
          reporters,
          dir,
          out: flags.out,
          cacheDir: flags.cacheDir,
          concurrency: optionalIntFlag('--concurrency', flags.concurrency, 1, LIMITS.concurrency),
          signal,
        }),
      );
    });
}
