/** `bench report DIR`: re-render every report of a run folder from its journal. */
import type { Command } from 'commander';
import { addDisplayFlags, type DisplayFlags, reporterFlag, terminal } from '../terminal.js';

export function register(program: Command): void {
  addDisplayFlags(program.command('report'))
    .description('re-render scorecard.md/json, walltime.md and junit.xml of a run folder from its journal')
    .argument('<dir>', 'run folder')
    .option('--reporter <names...>', 'reporters to render through (default: every one but progress)')
    .action(async (dir: string, flags: { reporter?: string[] } & DisplayFlags) => {
      const { reportRun } = await import('../../commands/report.js');
      reportRun(dir, undefined, { reporters: await reporterFlag(flags.reporter), terminal: terminal(flags) });
    });
}
