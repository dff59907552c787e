/** `bench report DIR`: re-render every report of a run folder from its journal. */
import type { Command } from 'commander';
import { reporterFlag } from '../../commands/flags.js';
import { terminal } from '../terminal.js';

export function register(program: Command): void {
  program
    .command('report')
    .description(
      're-render scorecard.md/json, walltime.md, junit.xml and report.html of a run folder from its journal',
    )
    .argument('<dir>', 'run folder')
    .option('--reporter <names...>', 'reporters to render through (default: every one but progress)')
    .action(async (dir: string, flags: { reporter?: string[] }) => {
      const { reportRun } = await import('../../commands/report.js');
      reportRun(dir, undefined, { reporters: await reporterFlag(flags.reporter), terminal: terminal() });
    });
}
