/** `bench list goldens|seats [paths...] [--json]`. */
import type { Command } from 'commander';

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
    .action(
      async (what: string, paths: string[], opts: { json?: boolean; config?: string; twins?: boolean }) => {
        const { listCommand } = await import('../../commands/list/index.js');
        process.stdout.write(`${listCommand(what, paths, opts)}\n`);
      },
    );
}
