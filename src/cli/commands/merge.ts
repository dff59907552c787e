/** `bench merge DIR... --out OUT`: shard folders into one run folder and report. */
import type { Command } from 'commander';
import { reporterFlag } from '../../commands/flags.js';
import { terminal } from '../terminal.js';

export function register(program: Command): void {
  program
    .command('merge')
    .description('merge shard run folders into one run folder with one set of reports')
    .argument('<dirs...>', 'shard run folders')
    .requiredOption('--out <dir>', 'the merged run folder (must not hold a run yet)')
    .option('--reporter <names...>', 'reporters to render through (default: every one but progress)')
    .option('--allow-empty', 'exit 0, not 1, when no trial of a configured seat was scored')
    .option(
      '--history <target>',
      'record the merged run in this history: a file or a postgres:// URL (default: .rematch/history.db beside the config)',
    )
    .option('--no-history', 'do not record the merged run in the history')
    .action(
      async (
        dirs: string[],
        flags: { out: string; reporter?: string[]; allowEmpty?: boolean; history?: string | false },
      ) => {
        const { mergeCommand } = await import('../../commands/merge/index.js');
        await mergeCommand(dirs, flags.out, {
          history: flags.history,
          reporters: await reporterFlag(flags.reporter),
          terminal: terminal(),
          outcome: { allowEmpty: flags.allowEmpty },
        });
      },
    );
}
