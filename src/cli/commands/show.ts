/** `bench show TRACE`: print a trace's timeline (and its trial's verdict) in the terminal. */
import chalk from 'chalk';
import type { Command } from 'commander';

export function register(program: Command): void {
  program
    .command('show')
    .description("print a trace's timeline, and its trial's verdict and score when score.json is beside it")
    .argument('<trace>', 'a trace.jsonl, or a trial folder holding one')
    .action(async (trace: string) => {
      const { showTrace } = await import('../../commands/show.js');
      // As `bench trial`: colour when stdout is a terminal chalk would colour.
      const color = Boolean(process.stdout.isTTY) && chalk.level > 0;
      showTrace(trace, (s) => process.stdout.write(s), { color });
    });
}
