/** `bench list goldens|seats [paths...] [--json]`. */
import type { Command } from 'commander';
import { terminal } from '../terminal.js';

export function register(program: Command): void {
  program
    .command('list')
    .description(
      'list the goldens or seats on disk (seats: whether the key variable is set, never its value)',
    )
    .argument('<what>', 'goldens or seats')
    .argument('[paths...]', "files or folders (default: the config's goldens or seats)")
    .option('--json', 'machine-readable output')
    .option('--twins', "goldens: each golden's unanswerable twins too (<id>~<kind>, docs/twins.md)")
    .option('-c, --config <file>', 'config file (default: bench.config.yaml)')
    .option('--width <n>', 'fit the table to n columns (default: COLUMNS, the terminal, else 120)')
    .action(
      async (
        what: string,
        paths: string[],
        opts: { json?: boolean; config?: string; twins?: boolean; width?: string },
      ) => {
        const { listCommand } = await import('../../commands/list/index.js');
        const { width, ...rest } = opts;
        const text = listCommand(what, paths, { ...rest, width: terminal({ width }).display.width });
        process.stdout.write(`${text}\n`);
      },
    );
}
