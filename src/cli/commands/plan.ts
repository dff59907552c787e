/** `bench plan`: print exactly the trials `bench run` would execute (counts; `--all` every one). */
import type { Command } from 'commander';
import { planOptions, type RawRunFlags } from '../../commands/flags.js';
import { addPlanFlags } from './run.js';

export function register(program: Command): void {
  addPlanFlags(
    program
      .command('plan')
      .description(
        'print the trials `bench run` would execute: counts by seat × gate set (--all: every trial; --json)',
      ),
  )
    .option('--all', 'list every trial, one line each')
    .option('--json', 'machine-readable output (every trial)')
    .action(async (flags: RawRunFlags & { json?: boolean; all?: boolean }) => {
      // the flags first: a bad one is refused before the planner (the run's modules) is loaded
      const opts = planOptions(flags);
      const { planCommand } = await import('../../commands/plan/index.js');
      process.stdout.write(
        await planCommand({ ...opts, json: flags.json, all: flags.all, env: process.env }),
      );
    });
}
