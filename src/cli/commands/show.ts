/** `bench show TRACE`: print a trace's timeline (and its trial's verdict) in the terminal. */
import type { Command } from 'commander';
import { terminal } from '../terminal.js';

export function register(program: Command): void {
  program
    .command('show')
    .description("print a trace's timeline, and its trial's verdict and score when score.json is beside it")
    .argument('<trace>', 'a trace.jsonl, or a trial folder holding one')
    .action(async (trace: string) => {
      const { showTrace } = await import('../../commands/show/index.js');
      // The one color rule (commands/display.ts): chalk's detection, NO_COLOR, --no-color.
      const color = terminal().display.color;
      showTrace(trace, (s) => process.stdout.write(s), { color });
    });
}
