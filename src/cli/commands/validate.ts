/** `bench validate [paths...] [--json] [--config file]`. */
import type { Command } from 'commander';

export function register(program: Command): void {
  program
    .command('validate')
    .description(
      'check goldens (schema, rules, expect checks, routes against truth, the ceiling), seats and the config',
    )
    .argument(
      '[paths...]',
      'goldens or seats (paths, ids, names, globs, tag:<t>), config files (default: the config and what it names)',
    )
    .option('--json', 'machine-readable report')
    .option('-c, --config <file>', 'config file (default: bench.config.yaml)')
    .option('--no-ceiling', "skip running each golden's reference trial (the ceiling check)")
    .action(async (paths: string[], opts: { json?: boolean; config?: string; ceiling: boolean }) => {
      const { validateCommand } = await import('../../commands/validate/index.js');
      await validateCommand(paths, opts, (s) => process.stdout.write(s));
    });
}
