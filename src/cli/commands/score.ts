/** `bench score --golden G --trace T [--theory TH]`: score an external trace offline, JSON out. */
import type { Command } from 'commander';
import { fractionFlag } from '../flags.js';

export function register(program: Command): void {
  program
    .command('score')
    .description('score a trace (and Theory) against a golden offline; prints the TrialScore as JSON')
    .requiredOption('--golden <path>', 'golden.yaml or its folder')
    .requiredOption('--trace <file>', 'trace.jsonl')
    .option('--theory <file>', "Theory JSON (default: the trace's last theory event)")
    .option(
      '--pass-correctness <x>',
      'pass threshold in [0, 1] (default 0.8)',
      fractionFlag('--pass-correctness'),
    )
    .action(async (flags: { golden: string; trace: string; theory?: string; passCorrectness?: number }) => {
      const { scoreFiles } = await import('../../run/score-file.js');
      const score = scoreFiles({
        golden: flags.golden,
        trace: flags.trace,
        theory: flags.theory,
        passCorrectness: flags.passCorrectness,
      });
      process.stdout.write(`${JSON.stringify(score, null, 2)}\n`);
    });
}
