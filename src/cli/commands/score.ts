/**
 * `bench score --golden G --trace T [--theory TH]`: score a trace offline. The TrialScore as JSON
 * on stdout; the verdict and why on stderr; exit 0 pass, 1 fail or unscored, 2 bad input.
 */
import type { Command } from 'commander';
import { InputError } from '../../errors.js';

export function register(program: Command): void {
  program
    .command('score')
    .description(
      'score a trace (and Theory) against a golden offline: TrialScore JSON on stdout, why on stderr, exit 1 unless it passes',
    )
    .requiredOption(
      '--golden <id|path>',
      'golden id (from the config goldens folders), golden.yaml or its folder',
    )
    .requiredOption('--trace <file>', 'trace.jsonl')
    .option('--theory <file>', "Theory JSON (default: the trace's last theory event)")
    .option('--pass-correctness <x>', 'pass threshold (default: config thresholds.passCorrectness, 0.8)')
    .option('-c, --config <file>', 'config file (default: bench.config.yaml)')
    .action(
      async (flags: {
        golden: string;
        trace: string;
        theory?: string;
        passCorrectness?: string;
        config?: string;
      }) => {
        const pass = flags.passCorrectness === undefined ? undefined : Number(flags.passCorrectness);
        if (pass !== undefined && !(pass >= 0 && pass <= 1)) {
          throw new InputError(`--pass-correctness ${flags.passCorrectness}: expected a number in [0, 1]`);
        }
        const { scoreCommand } = await import('../../run/score-file.js');
        scoreCommand(
          {
            golden: flags.golden,
            trace: flags.trace,
            theory: flags.theory,
            passCorrectness: pass,
            config: flags.config,
          },
          { stdout: (s) => process.stdout.write(s), stderr: (s) => process.stderr.write(s) },
        );
      },
    );
}
