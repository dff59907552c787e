/** `bench diff BASE HEAD`: markdown for a PR comment; exit 1 when --fail-on rules are crossed. */
import type { Command } from 'commander';

export function register(program: Command): void {
  program
    .command('diff')
    .description('compare two runs (run folders or scorecard.json): markdown out, exit 1 on regression')
    .argument('<base>', 'base run folder or scorecard.json')
    .argument('<head>', 'head run folder or scorecard.json')
    .option(
      '--fail-on <rules>',
      'regression rules: correctness:D, passrate:D, coverage:D, repeats:D, wall:R, honesty, verdict, removed, ceiling, or none',
      'correctness:0.05,honesty,repeats:1,ceiling',
    )
    .option('--out <file>', 'also write the markdown to this file')
    .action(async (base: string, head: string, flags: { failOn: string; out?: string }) => {
      const { diffCommand } = await import('../../commands/diff.js');
      diffCommand(base, head, flags, (s) => process.stdout.write(s));
    });
}
