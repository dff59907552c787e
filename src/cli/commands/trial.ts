/** `bench trial`: run one trial and print its readable timeline. */
import type { Command } from 'commander';
import { type CacheFlagValues, cacheOptionsOf, intFlag, LIMITS, SEED_RANGE } from '../../commands/flags.js';
import { terminal } from '../terminal.js';
import { addCacheFlags } from './cache-flags.js';

export function register(program: Command): void {
  const cmd = program
    .command('trial')
    .description('run one seat on one golden under one gate set and print the timeline')
    .requiredOption(
      '--golden <id|path>',
      'golden id, golden.yaml or its folder, a glob or tag:<t> naming one',
    )
    .requiredOption('--seat <name|path>', 'seat name, seat file, or a glob naming one')
    .option('--gates <set>', 'gate set: none, all, or one named in the config', 'all')
    .option(
      '--seed <n>',
      'trial seed (default: derived from the config seed, golden, seat, rep)',
      intFlag('--seed', ...SEED_RANGE),
    )
    .option('--rep <k>', 'repetition number', intFlag('--rep', 1, LIMITS.repetitions), 1)
    .option('--out <dir>', 'folder for trace.jsonl and theory.json')
    .option('-c, --config <file>', 'config file (default: bench.config.yaml)');
  addCacheFlags(cmd).action(
    async (
      flags: {
        golden: string;
        seat: string;
        gates: string;
        seed?: number;
        rep: number;
        out?: string;
        config?: string;
      } & CacheFlagValues,
    ) => {
      const { runTrialCommand } = await import('../../commands/trial/index.js');
      const { interruptible } = await import('../../commands/interrupt.js');
      // The one color rule (commands/display.ts): chalk's detection, NO_COLOR, --no-color.
      const color = terminal().display.color;
      const write = (s: string) => process.stdout.write(s);
      const trialFlags = { ...flags, cache: cacheOptionsOf(flags, process.env, process.argv) };
      await interruptible((signal) => runTrialCommand(trialFlags, write, signal, color));
    },
  );
}
