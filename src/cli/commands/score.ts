/**
 * `bench score --golden G --trace T [--theory TH] [--against-world [--agent-now T]]`: score a trace offline. The TrialScore as JSON
 * on stdout; the verdict and why on stderr; exit 0 pass, 1 fail or unscored, 2 bad input.
 */
import type { Command } from 'commander';
import { fractionFlag } from '../../commands/flags.js';

export function register(program: Command): void {
  program
    .command('score')
    .description(
      'score a trace (and Theory) against a golden offline: TrialScore JSON on stdout, why on stderr, exit 1 unless it passes',
    )
    .requiredOption(
      '--golden <id|path>',
      'golden id (from the config goldens folders), golden.yaml or its folder, a glob or tag:<t> naming one',
    )
    .option('--trace <file>', 'trace.jsonl')
    .option(
      '--otlp <file>',
      "an agent's OTLP traces instead (JSON or protobuf; GenAI or OpenInference spans; docs/import.md)",
    )
    .option(
      '--trial <id>',
      'with --otlp holding several traces: the one to score (its rematch.trial.id or trace id)',
    )
    .option('--theory <file>', "Theory JSON (default: the trace's last theory event)")
    .option(
      '--pass-correctness <x>',
      'pass threshold in [0, 1] (default: config thresholds.passCorrectness, 0.8)',
      fractionFlag('--pass-correctness'),
    )
    .option(
      '--against-world',
      "answer every recorded query again from the golden's world (and its faults) and score that; report where the answers differ",
    )
    .option(
      '--agent-now <time>',
      "with --against-world: the agent's own now (RFC 3339 or unix seconds), mapped onto the golden's now (default: the trace's)",
    )
    .option('-c, --config <file>', 'config file (default: bench.config.yaml)')
    .action(
      async (flags: {
        golden: string;
        trace?: string;
        otlp?: string;
        trial?: string;
        theory?: string;
        passCorrectness?: number;
        config?: string;
        againstWorld?: boolean;
        agentNow?: string;
      }) => {
        const { scoreCommand } = await import('../../commands/score/index.js');
        await scoreCommand(
          {
            golden: flags.golden,
            trace: flags.trace,
            otlp: flags.otlp,
            trial: flags.trial,
            theory: flags.theory,
            passCorrectness: flags.passCorrectness,
            config: flags.config,
            againstWorld: flags.againstWorld,
            agentNow: flags.agentNow,
          },
          { stdout: (s) => process.stdout.write(s), stderr: (s) => process.stderr.write(s) },
        );
      },
    );
}
