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
    .action(async (dirs: string[], flags: { out: string; reporter?: string[]; allowEmpty?: boolean }) => {
      const { mergeRuns } = await import('../../commands/merge/index.js');
      mergeRuns(dirs, flags.out, {
        reporters: await reporterFlag(flags.reporter),
        terminal: terminal(),
        outcome: { allowEmpty: flags.allowEmpty },
      });
    });
}
