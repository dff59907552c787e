/** `bench mcp <golden> [--http [--port N]] [--no-faults] [--gates SET]`: the golden as an MCP server (mcp-grafana's tools). */
import type { Command } from 'commander';
import { parsePortFlag, type ServerFlags, serverLimits } from '../../commands/flags.js';
import { addServerFlags } from './server-flags.js';

export function register(program: Command): void {
  const cmd = program
    .command('mcp')
    .description(
      "serve a golden's telemetry as an MCP server with mcp-grafana's tools (stdio, or streamable HTTP)",
    )
    .argument(
      '<golden>',
      "golden id (of the config's goldens), golden.yaml or its folder, a glob or tag:<t> naming one",
    )
    .option(
      '-c, --config <file>',
      'config file whose goldens ids are looked up in (default: bench.config.yaml)',
    )
    .option('--http', 'streamable HTTP on 127.0.0.1 (path /mcp) instead of stdio')
    .option('--port <n>', 'HTTP port (default: a free one)', parsePortFlag)
    .option('--no-faults', "serve without the golden's faults")
    .option(
      '--gates <set>',
      'enforce a gate set of the config (none, all, or a gateSets name) in front of the stack, one ledger per session',
    );
  addServerFlags(cmd).action(
    async (
      golden: string,
      opts: { http?: boolean; port?: number; faults: boolean; gates?: string } & ServerFlags & {
          config?: string;
        },
    ) => {
      const { mcp } = await import('../../commands/mcp/index.js');
      const { interruptible } = await import('../../commands/interrupt.js');
      await interruptible((signal) =>
        mcp(golden, {
          config: opts.config,
          http: opts.http,
          port: opts.port,
          faults: opts.faults,
          gates: opts.gates,
          ...serverLimits(opts),
          signal,
        }),
      );
    },
  );
}
