/** `bench plan`: print exactly the trials `bench run` would execute. */
import type { Command } from 'commander';
import { addPlanFlags, planOptions, type RawRunFlags } from './run.js';

export function register(program: Command): void {
  addPlanFlags(
    program.command('plan').description('print the trials `bench run` would execute (table, or --json)'),
  )
    .option('--json', 'machine-readable output')
    .action(async (flags: RawRunFlags & { json?: boolean }) => {
      const { planCommand } = await import('../../commands/plan.js');
      process.stdout.write(await planCommand({ ...planOptions(flags), json: flags.json, env: process.env }));
    });
}
