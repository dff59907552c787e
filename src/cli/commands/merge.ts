/** `bench merge DIR... --out OUT`: shard folders into one run folder and report. */
import type { Command } from 'commander';

export function register(program: Command): void {
  program
    .command('merge')
    .description('merge shard run folders into one run folder with one set of reports')
    .argument('<dirs...>', 'shard run folders')
    .requiredOption('--out <dir>', 'the merged run folder (must not hold a run yet)')
    .action(async (dirs: string[], flags: { out: string }) => {
      const { mergeRuns } = await import('../../run/merge.js');
      const { renderTerminal } = await import('../../reporters/index.js');
      const sc = mergeRuns(dirs, flags.out);
      process.stdout.write(renderTerminal(sc, { color: Boolean(process.stdout.isTTY) }));
      process.stdout.write(`reports: ${flags.out}/scorecard.md\n`);
    });
}
