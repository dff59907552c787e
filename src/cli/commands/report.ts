/** `bench report DIR`: re-render every report of a run folder from its journal. */
import type { Command } from 'commander';

export function register(program: Command): void {
  program
    .command('report')
    .description('re-render scorecard.md/json, walltime.md and junit.xml of a run folder from its journal')
    .argument('<dir>', 'run folder')
    .action(async (dir: string) => {
      const { reportRun } = await import('../../run/report.js');
      const { renderTerminal } = await import('../../reporters/index.js');
      const sc = reportRun(dir);
      process.stdout.write(renderTerminal(sc, { color: Boolean(process.stdout.isTTY) }));
    });
}
