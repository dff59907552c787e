/** `bench view DIR`: serve a run folder's report.html on 127.0.0.1 until interrupted. */
import type { Command } from 'commander';
import { parsePortFlag } from '../../commands/flags.js';

export function register(program: Command): void {
  program
    .command('view')
    .description(
      "serve a run folder's report.html on 127.0.0.1 (rendered first when missing) and print its URL",
    )
    .argument('<dir>', 'run folder')
    .option('--port <n>', 'port (default: a free one)', parsePortFlag)
    .action(async (dir: string, opts: { port?: number }) => {
      const { viewCommand } = await import('../../commands/view/index.js');
      const { interruptible } = await import('../../commands/interrupt.js');
      await interruptible((signal) => viewCommand(dir, { port: opts.port, signal }));
    });
}
