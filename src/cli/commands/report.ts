/** `bench report DIR`: re-render every report of a run folder from its journal. */
import type { Command } from 'commander';
import { reporterFlag } from '../../commands/flags.js';
import { addDisplayFlags, type DisplayFlags, terminal } from '../terminal.js';

export function register(program: Command): void {
  addDisplayFlags(program.command('report'))
    .description(
      're-render scorecard.md/json, walltime.md, junit.xml and report.html of a run folder from its journal',
    )
    .argument('<dir>', 'run folder')
    .option('--reporter <names...>', 'reporters to render through (default: every one but progress)')
    .option('--allow-empty', 'exit 0, not 1, when no trial of a configured seat was scored')
    .action(async (dir: string, flags: { reporter?: string[]; allowEmpty?: boolean } & DisplayFlags) => {
      const { reportRun } = await import('../../commands/report/index.js');
      reportRun(dir, undefined, {
        reporters: await reporterFlag(flags.reporter),
        terminal: terminal(flags),
        outcome: { allowEmpty: flags.allowEmpty },
      });
    });
}
