/** `bench diff BASE HEAD`: markdown for a PR comment; exit 1 when a --fail-on rule is crossed. */
import type { Command } from 'commander';
import { repeatable } from '../../commands/flags.js';

const RULES =
  'correctness:D, passrate:D, coverage:D, repeats:D, wall:R, tokens:R, cost:R, honesty, verdict, removed, ceiling';

export function register(program: Command): void {
  program
    .command('diff')
    .description(
      'compare two runs (run folders or scorecard.json): markdown out, exit 1 on regression, 2 on unreadable input',
    )
    .argument('<base>', 'base run folder or scorecard.json')
    .argument('<head>', 'head run folder or scorecard.json')
    .option(
      '--fail-on <rules>',
      `regression rules ADDED to the defaults (correctness:0.05,honesty,repeats:1,ceiling,removed); a rule named again takes the new threshold. Rules: ${RULES}`,
    )
    .option('--fail-on-only <rules>', 'regression rules INSTEAD of the defaults (none: judge nothing)')
    .option(
      '--pair <base=head>',
      'compare gate set BASE of the base run with HEAD of the head run, e.g. all=no-ledger (repeatable; automatic when each run has one gate set)',
      repeatable,
    )
    .option('--out <file>', 'also write the markdown to this file')
    .action(
      async (
        base: string,
        head: string,
        flags: { failOn?: string; failOnOnly?: string; pair?: string[]; out?: string },
      ) => {
        const { diffCommand } = await import('../../commands/diff/index.js');
        diffCommand(base, head, flags, (s) => process.stdout.write(s));
      },
    );
}
