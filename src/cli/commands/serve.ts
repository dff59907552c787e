/** `bench serve <golden> [--port N] [--no-faults] [--gates SET]`: the golden's backend over HTTP until interrupted. */
import type { Command } from 'commander';
import { parsePortFlag, type ServerFlags, serverLimits } from '../../commands/flags.js';
import { addServerFlags } from './server-flags.js';

export function register(program: Command): void {
  const cmd = program
    .command('serve')
    .description("serve a golden's telemetry as Prometheus and Loki HTTP APIs on 127.0.0.1, faults active")
    .argument(
      '<golden>',
      "golden id (of the config's goldens), golden.yaml or its folder, a glob or tag:<t> naming one",
    )
    .option(
      '-c, --config <file>',
      'config file whose goldens ids are looked up in (default: bench.config.yaml)',
    )
    .option('--port <n>', 'port (default: a free one)', parsePortFlag)
    .option('--no-faults', "serve without the golden's faults")
    .option(
      '--gates <set>',
      'enforce a gate set of the config (none, all, or a gateSets name) in front of the stack, one ledger per session',
    )
    .option('--shift-to-now', "shift the world so the wall clock's now is the golden's now");
  addServerFlags(cmd).action(
    async (
      golden: string,
      opts: { port?: number; faults: boolean; shiftToNow?: boolean; gates?: string } & ServerFlags & {
          config?: string;
        },
    ) => {
      const { serve } = await import('../../commands/serve/index.js');
      const { interruptible } = await import('../../commands/interrupt.js');
      await interruptible((signal) =>
        serve(golden, {
          config: opts.config,
          port: opts.port,
          faults: opts.faults,
          gates: opts.gates,
          shiftToNow: opts.shiftToNow,
          ...serverLimits(opts),
          signal,
        }),
      );
    },
  );
}
