/** `bench new golden <id> [--dir folder]`. */
import type { Command } from 'commander';
import { InputError } from '../../errors.js';

export function register(program: Command): void {
  program
    .command('new')
    .description('write a commented skeleton that validates: `bench new golden <id>`')
    .argument('<kind>', 'what to write: golden')
    .argument('<id>', 'the new golden id (kebab-case)')
    .option('--dir <folder>', 'the folder the golden folder goes in', 'goldens')
    .action(async (kind: string, id: string, opts: { dir: string }) => {
      if (kind !== 'golden') throw new InputError(`bench new: unknown kind "${kind}" (one of: golden)`);
      const { newGoldenCommand } = await import('../../commands/new/index.js');
      newGoldenCommand(id, opts, (s) => process.stdout.write(s));
    });
}
