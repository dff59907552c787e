/** `bench view [DIR]`: serve a run folder's report.html, and the run history's pages, on 127.0.0.1 until interrupted. */
import type { Command } from 'commander';
import { parsePortFlag } from '../../commands/flags.js';

export function register(program: Command): void {
  program
    .command('view')
    .description(
      "serve a run folder's report.html (rendered first when missing) and the run history's pages (/runs: trends, /compare) on 127.0.0.1, and print the URL",
    )
    .argument('[dir]', 'run folder (none: the history alone)')
    .option('--port <n>', 'port (default: a free one)', parsePortFlag)
    .option(
      '--history <target>',
      'the run history: a file or a postgres:// URL (default: .rematch/history.db beside the config, when it exists)',
    )
    .option(
      '-c, --config <file>',
      'config file beside which the default history sits (default: bench.config.yaml)',
    )
    .action(async (dir: string | undefined, opts: { port?: number; history?: string; config?: string }) => {
      const { viewCommand, viewHistory } = await import('../../commands/view/index.js');
      const { interruptible } = await import('../../commands/interrupt.js');
      const history = viewHistory(opts.history, opts.config);
      await interruptible((signal) => viewCommand(dir, { port: opts.port, signal, history }));
    });
}
