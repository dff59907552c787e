/** `bench report DIR`: re-render every report of a run folder from its journal. */
import type { Command } from 'commander';
import { reporterFlag, terminal } from '../terminal.js';

export function register(program: Command): void {
  program
    .command('report')
    .description('re-render scorecard.md/json, walltime.md and junit.xml of a run folder from its journal')
    .argument('<dir>', 'run folder')
    .option('--reporter <names...>', 'reporters to render through (default: every one but progress)')
    .option('--allow-empty', 'exit 0, not 1, when no trial of a configured seat was scored')
    .action(async (dir: string, flags: { reporter?: string[]; allowEmpty?: boolean }) => {
      const { reportRun } = await import('../../commands/report.js');
      reportRun(dir, undefined, {
        reporters: await reporterFlag(flags.reporter),
        terminal: terminal(),
        outcome: { allowEmpty: flags.allowEmpty },
      });
    });
}
