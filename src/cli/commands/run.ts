/** `bench run`: the matrix, scored and reported; resumable, shardable. */
import type { Command } from 'commander';
import {
  type CacheFlagValues,
  cacheOptionsOf,
  LIMITS,
  optionalIntFlag,
  parseFractionFlag,
  parseUsdFlag,
  planOptions,
  type RawRunFlags,
  repeatable,
  reporterFlag,
} from '../../commands/flags.js';
import { addDisplayFlags, type DisplayFlags, terminal } from '../terminal.js';
import { addCacheFlags } from './cache-flags.js';

interface RunFlags extends RawRunFlags, DisplayFlags, CacheFlagValues {
  out?: string;
  resume?: string;
  concurrency?: string;
  workers?: string;
  retryErrors?: boolean;
  dryRun?: boolean;
  minCorrectness?: string;
  maxCost?: string;
  allowEmpty?: boolean;
  assert?: boolean;
  json?: boolean;
  reporter?: string[];
  history?: string | false;
}

export function register(program: Command): void {
  addCacheFlags(
    addDisplayFlags(
      addPlanFlags(
        program
          .command('run')
          .description('run goldens × seats × gate sets × repetitions and write the reports'),
      ),
    ),
  )
    .option('--out <dir>', 'run folder (default: <config outDir>/<run id>)')
    .option('--resume <dir>', 'continue a killed run: execute only the trials its journal lacks')
    .option('--concurrency <n>', 'trials in flight at once (default: config concurrency)')
    .option(
      '--workers <n>',
      'worker threads for sim trials (default: config workers, else one per core; 0: none)',
    )
    .option('--retry-errors', 'with --resume: run unscored (bench/provider-fault) trials again')
    .option('--dry-run', 'print the plan and run nothing')
    .option('--min-correctness <x>', 'exit 1 when a seat row has mean correctness below x (0..1)')
    .option(
      '--max-cost <usd>',
      'spend cap in USD: start no trial once the projected spend would pass it (default: config maxCost)',
    )
    .option('--no-assert', "do not judge the config's assert: rules (a run of part of the matrix)")
    .option(
      '--allow-empty',
      'exit 0, not 1, when no trial of a configured seat was scored (e.g. every seat skipped)',
    )
    .option(
      '--reporter <names...>',
      'reporters: progress, markdown, walltime, json, junit, html, terminal (default: all of them)',
    )
    .option(
      '--history <target>',
      'record the run in this history: a file or a postgres:// URL (default: .rematch/history.db beside the config)',
    )
    .option('--no-history', 'do not record the run in the history')
    .action(async (flags: RunFlags) => {
      const opts = planOptions(flags);
      const min =
        flags.minCorrectness === undefined
          ? undefined
          : parseFractionFlag('--min-correctness', flags.minCorrectness);
      const reporters = await reporterFlag(flags.reporter);
      if (flags.dryRun) {
        const { planCommand } = await import('../../commands/plan/index.js');
        process.stdout.write(await planCommand({ ...opts, env: process.env }));
        return;
      }
      const { runBench } = await import('../../commands/run/index.js');
      const { interruptible } = await import('../../commands/interrupt.js');
      await interruptible((signal) =>
        runBench({
          ...terminal(flags),
          env: process.env,
          reporters,
          ...opts,
          out: flags.out,
          resume: flags.resume,
          concurrency: optionalIntFlag('--concurrency', flags.concurrency, 1, LIMITS.concurrency),
          workers: optionalIntFlag('--workers', flags.workers, 0, LIMITS.workers),
          retryErrors: flags.retryErrors,
          minCorrectness: min,
          ...(flags.maxCost !== undefined ? { maxCost: parseUsdFlag('--max-cost', flags.maxCost) } : {}),
          allowEmpty: flags.allowEmpty,
          assert: flags.assert,
          cache: cacheOptionsOf(flags, process.env, process.argv),
          ...(flags.history !== undefined ? { history: flags.history } : {}),
          signal,
        }),
      );
    });
}

/* Flags shared with `bench plan` (parsed by commands/flags.ts planOptions). */

export function addPlanFlags(cmd: Command): Command {
  return cmd
    .option('-c, --config <file>', 'config file (default: bench.config.yaml)')
    .option(
      '--golden <refs...>',
      'goldens: ids, paths (golden.yaml or folders), globs (checkout-*) or tag:<t> (default: every golden of the config)',
    )
    .option(
      '--seat <refs...>',
      'seats: names, seat files or folders, globs (default: config defaultSeats, else every sim seat)',
    )
    .option('--gates <sets...>', 'gate set names (default: config defaultGateSets, i.e. none all)')
    .option('--reps <n>', 'repetitions per cell')
    .option('--seed <n>', 'run seed (trial seeds derive from it)')
    .option('--shard <i/n>', 'run only shard i of n (deterministic)')
    .option(
      '--ablate [gates...]',
      'ablation: none, all, all-<g>, only-<g> and all-<g>-<h> for every gate (or the gates named), before the other sets',
    )
    .option(
      '--effect <A-B>',
      'also report the effect table of gate set A minus B, e.g. only-ledger-only-loop-detector (repeatable; adds A and B to the plan)',
      repeatable,
    );
}
